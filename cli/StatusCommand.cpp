// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/Cli.h"
#include "cli/CommandInputs.h"
#include "cli/Commands.h"
#include "cli/FleetCliOptions.h"
#include "cli/RunReports.h"
#include "launch/RunControl.h"
#include "launch/SlurmJob.h"
#include "session/RunSession.h"
#include <nlohmann/json.hpp>

using namespace Qt::StringLiterals;

namespace cw::cli {
namespace {

// Each server's newest device sample, as `status --json` shows it (docs/observe.md).
nlohmann::ordered_json devicesJson(const Project &project, const DeviceHistory &history)
{
    const auto value = [](const std::optional<double> &v) {
        return v ? nlohmann::ordered_json(*v) : nlohmann::ordered_json(nullptr);
    };
    nlohmann::ordered_json servers = nlohmann::ordered_json::array();
    for (int i = 0; i < history.servers() && i < int(project.servers.size()); ++i) {
        const DeviceSampleSet *set = history.newest(i);
        if (!set)
            continue;
        nlohmann::ordered_json devices = nlohmann::ordered_json::array();
        for (const DeviceSample &d : set->devices)
            devices.push_back({{"device", d.device},
                               {"utilisation_percent", value(d.utilisationPercent)},
                               {"memory_used_mib", value(d.memoryUsedMiB)},
                               {"memory_total_mib", value(d.memoryTotalMiB)},
                               {"temperature_c", value(d.temperatureC)},
                               {"power_w", value(d.powerW)},
                               {"health", d.health.toStdString()}});
        servers.push_back({{"server", project.servers[size_t(i)].name.toStdString()},
                           {"tool", set->tool.toStdString()},
                           {"time", set->time},
                           {"devices", devices},
                           {"problem", set->problem.toStdString()}});
    }
    return servers;
}

nlohmann::ordered_json statusJson(const RunRecord &record, const RunSnapshot &snapshot)
{
    nlohmann::ordered_json document{{"run_id", record.runId.toStdString()},
                                    {"state", runStateName(record.state).toStdString()},
                                    {"mode", launchModeName(record.mode).toStdString()},
                                    {"master", record.master.toStdString()},
                                    {"started_at", runTimeText(record.startedAt).toStdString()},
                                    {"ended_at", runTimeText(record.endedAt).toStdString()},
                                    {"gang_stop", record.gangStop},
                                    {"ranks_started", snapshot.ranksStarted},
                                    {"ranks_expected", snapshot.ranksExpected},
                                    {"alive", snapshot.alive},
                                    {"note", snapshot.note.toStdString()}};
    if (record.failure)
        document["failure"] = runFailureToJson(*record.failure);
    if (record.supervisor) {
        const RunSupervision &supervisor = *record.supervisor;
        document["restart"] = {
            {"supervisor", supervisor.server.toStdString()},
            {"phase", supervisor.phase.toStdString()},
            {"max_attempts", supervisor.maxAttempts},
            {"next_attempt_at", runTimeText(supervisor.nextAttemptAt).toStdString()},
            {"message", supervisor.message.toStdString()}};
        document["attempts"] = attemptsToJson(record.attempts);
    }
    return document;
}

} // namespace

int runStatus(const QStringList &arguments, QTextStream &out, QTextStream &err)
{
    CommandParser command(
        u"status"_s,
        u"Says how a run is doing: running, finished (every rank exited 0), failed (the rank\n"
        u"that failed first, its exit code and the end of its log) or stopped. Asks every\n"
        u"server while the run is not over; a failure found then stops the job on every server\n"
        u"unless it was launched with --no-gang-stop. A restarting run (launch.restart) shows\n"
        u"its attempt and the servers left out; --json lists every attempt. The latest run\n"
        u"unless --run. A Slurm run (launch.scheduler \"slurm\") shows the job's Slurm state\n"
        u"too, and while it is pending the reason (squeue, else sacct or scontrol). While it\n"
        u"runs, what its devices say is wrong (an idle device, memory above 95 %, a temperature\n"
        u"alarm; docs/observe.md) follows on lines of its own; --json adds them as \"verdicts\"\n"
        u"and each server's newest sample as \"devices\".\n"
        u"Exit codes: 0 running or finished, 1 failed, 2 no such run or project (or the project's\n"
        u"servers or devices changed since that launch), 3 stopped, 64 usage."_s,
        u"[options] PROJECT"_s);
    command.addPositional(u"PROJECT"_s, u"The *.clusterwiz.json file."_s);
    QCommandLineParser &parser = command.parser();
    parser.addOption({u"json"_s, u"Print the status as JSON."_s});
    RunCommandInput input;
    if (const int exit =
            parseRunCommand(command, arguments, out, err, input, RunMatch::ProjectDescribesRun);
        exit != kContinue)
        return exit;
    auto &[fleet, path, project, record] = input;

    // A Slurm run: Slurm's word first. While the job waits, or its nodes have not started
    // train.sh yet, the nodes have nothing to poll (and the poll would read that as an end).
    std::optional<SlurmJobState> slurm;
    if (!record.slurmJobId.isEmpty() && !isFinal(record.state)) {
        QString error;
        slurm = querySlurmJob(project, record, fleet, &error);
        if (!error.isEmpty()) {
            err << programName() << " status: cannot ask Slurm: " << escapeControls(error) << '\n';
            err.flush();
            return ExitInvalid;
        }
        const bool waiting =
            slurm->pending() ||
            (slurm->active() && !slurmNodesStarted(project, record, fleet, &error) &&
             error.isEmpty());
        if (waiting) {
            if (parser.isSet(u"json"_s)) {
                nlohmann::ordered_json document{{"run_id", record.runId.toStdString()},
                                                {"state", runStateName(record.state).toStdString()},
                                                {"slurm",
                                                 {{"job_id", record.slurmJobId.toStdString()},
                                                  {"state", slurm->state.toStdString()},
                                                  {"reason", slurm->reason.toStdString()}}}};
                out << QString::fromStdString(document.dump(2)) << '\n';
            } else {
                out << "run " << record.runId << ": " << runStateName(record.state)
                    << ", Slurm job " << record.slurmJobId << " " << escapeControls(slurm->text())
                    << (slurm->pending() ? QString() : u", its nodes starting"_s) << '\n';
            }
            out.flush();
            return ExitOk;
        }
    }

    // One round of the run session: the poll, and the gang stop when it calls for one, over one
    // connection per server.
    RunSessionOptions once{fleet};
    once.once = true;
    RunSession session(project, record, {}, once, nullptr);
    const RunSnapshot snapshot = session.run();
    record = session.record();
    // The verdicts on the devices (this sample and those the record kept), while it runs.
    const bool live = record.state == RunState::Running || record.state == RunState::Starting;
    const std::vector<RunVerdict> verdicts = live ? session.verdicts() : std::vector<RunVerdict>();
    if (parser.isSet(u"json"_s)) {
        nlohmann::ordered_json document = statusJson(record, snapshot);
        if (slurm)
            document["slurm"] = {{"job_id", record.slurmJobId.toStdString()},
                                 {"state", slurm->state.toStdString()},
                                 {"reason", slurm->reason.toStdString()},
                                 {"exit_code", slurm->exitCode.toStdString()}};
        document["verdicts"] = verdictsToJson(verdicts);
        document["devices"] = devicesJson(project, session.deviceHistory());
        out << QString::fromStdString(document.dump(2)) << '\n';
    } else {
        out << runStateLine(record, snapshot) << '\n';
        if (slurm)
            out << "Slurm job " << record.slurmJobId << ": " << escapeControls(slurm->text())
                << '\n';
        out << failureText(record);
        for (const RunVerdict &verdict : verdicts)
            out << u"  "_s << verdict.text.english() << '\n';
    }
    out.flush();
    return runStateExit(record.state);
}

} // namespace cw::cli
