// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/Cli.h"
#include "cli/CommandInputs.h"
#include "cli/Commands.h"
#include "cli/FleetCliOptions.h"
#include "cli/RunLogStream.h"
#include "cli/RunReports.h"
#include "launch/SlurmJob.h"
#include "logs/LineFolding.h"
#include "logs/LineSplitter.h"
#include "logs/RemoteLogFollower.h"
#include "model/Problem.h"
#include "session/RunSession.h"
#include "ssh/SshSession.h"

using namespace Qt::StringLiterals;

namespace cw::cli {
namespace {

// Each selected log whole, server after server (one connection at a time, so lines come out in
// rank order as they arrive and memory stays bounded whatever the size of a log). Not through
// runOnFleet: its per-server time limit would cut a long log short; here --timeout is the
// longest silence. Returns the logs that could not be read ("server/rank: message").
// --fold keeps every line until all are read: at most this many (narrow with --server/--rank).
constexpr size_t kFoldLinesLimit = 2'000'000;

// With `fold`, the lines are kept and printed folded at the end (LineFolding.h) instead.
QStringList printWholeLogs(const Project &project, const RunRecord &record,
                           const RunLogSelection &selection, const FleetOptions &fleet,
                           QTextStream &out, bool fold = false)
{
    std::vector<LogRecord> kept;
    bool tooMany = false;
    const auto emit = [&](const LogRecord &line) {
        if (!fold) {
            out << logRecordText(line) << '\n';
        } else if (kept.size() < kFoldLinesLimit) {
            kept.push_back(line);
        } else {
            tooMany = true;
        }
    };
    QStringList errors;
    const std::shared_ptr<HostKeyPolicy> policy = fleetHostKeyPolicy(fleet);
    int shown = 0; // a restarting run: each attempt's logs after its mark
    for (const ServerLogSources &server : selection.servers) {
        if (server.attempt != shown) {
            shown = server.attempt;
            for (const RunAttempt &attempt : record.attempts) {
                if (attempt.number == shown)
                    emit({{}, -1, attemptMarkText(record, attempt), 0, 0, shown});
            }
        }
        SshSession session;
        const SshError connected =
            session.connect(fleetTarget(project.servers[size_t(server.serverIndex)], fleet),
                            policy.get(), fleet.credentials);
        if (connected.isError()) {
            errors << server.server + u": "_s + connected.message;
            continue;
        }
        for (const LogSource &source : server.sources) {
            LineSplitter splitter;
            const auto print = [&](const QString &line, qint64) {
                emit({server.server, source.rank, line, 0, 0});
            };
            const SshError error = fetchLog(
                session, source.path, [&](QByteArrayView chunk) { splitter.feed(chunk, print); },
                fleet.timeoutMs);
            if (splitter.pendingBytes() > 0) // a last line without its newline
                splitter.feed("\n", print);
            out.flush();
            if (error.isError())
                errors << u"%1/%2: %3"_s.arg(server.server, QString::number(source.rank),
                                             error.message);
        }
    }
    if (tooMany)
        errors << u"--fold keeps at most %1 lines: the rest were left out (narrow with --server "
                  u"or --rank)"_s.arg(kFoldLinesLimit);
    for (const FoldedLine &row : foldLines(kept))
        out << (row.ranks.empty() ? u"== "_s : QString()) << foldedLineText(row) << '\n';
    out.flush();
    return errors;
}

} // namespace

int runLogs(const QStringList &arguments, QTextStream &out, QTextStream &err)
{
    CommandParser command(
        u"logs"_s,
        u"Prints the rank logs of a run, each line as \"[server/rank] line\" (rank: the global\n"
        u"rank). Without --follow: each selected rank's whole log, in rank order. With\n"
        u"--follow: the logs live, one SSH connection per server, until the run is over (a rank\n"
        u"that fails stops the job on every server unless it was launched with\n"
        u"--no-gang-stop), then the rest of every log; state changes go to stderr. The latest\n"
        u"run unless --run; every rank unless --server or --rank (both repeatable). A\n"
        u"restarting run's attempts come one after the other, each after a line\n"
        u"\"== attempt N of M on SERVERS\"; ranks are numbered per attempt.\n"
        u"Exit codes: without --follow 0 every log read, 1 a log could not be read; with\n"
        u"--follow the run's outcome: 0 finished, 1 failed, 3 stopped; 2 no such run or\n"
        u"project (or its servers or devices changed since that launch), 64 usage (an unknown server or rank: the valid ones are listed)."_s,
        u"[options] PROJECT"_s);
    command.addPositional(u"PROJECT"_s, u"The *.clusterwiz.json file."_s);
    QCommandLineParser &parser = command.parser();
    parser.addOption({u"follow"_s, u"Stream the logs live until the run is over."_s});
    parser.addOption({u"fold"_s,
                      u"Without --follow: a line several ranks print alike once, as "
                      u"\"ranks 0-1023: LINE\" (its k-th time on each rank is one row)."_s});
    parser.addOption({u"server"_s, u"Only this server's ranks (repeatable)."_s, u"S"_s});
    parser.addOption({u"rank"_s, u"Only this global rank (repeatable)."_s, u"R"_s});
    RunCommandInput input;
    if (const int exit =
            parseRunCommand(command, arguments, out, err, input, RunMatch::ProjectDescribesRun);
        exit != kContinue)
        return exit;
    auto &[fleet, path, project, record] = input;
    if (record.supervisor && !isFinal(record.state)) {
        // Its supervisor may have started attempts since the record was last written: one
        // round of the run session brings the record up to date.
        RunSessionOptions once{fleet};
        once.once = true;
        RunSession session(project, record, {}, once, nullptr);
        session.run();
        record = session.record();
    }

    const RunLogSelection selection =
        selectRunLogs(project, record, parser.values(u"server"_s), parser.values(u"rank"_s));
    if (!selection.ok())
        return command.usageError(selection.error, err);

    const bool follow = parser.isSet(u"follow"_s);
    if (follow && parser.isSet(u"fold"_s))
        return command.usageError(u"--fold reads the whole logs: it does not go with --follow"_s,
                                  err);
    if (follow && !record.slurmJobId.isEmpty() && !isFinal(record.state)) {
        // A Slurm job still waiting has nothing on the nodes yet: the follow would read that as
        // its end. Wait as `launch --follow` does.
        const QString error = waitForSlurmStart(
            project, record, fleet, [&err, &jobId = record.slurmJobId](const SlurmJobState &job) {
                err << programName() << " logs: Slurm job " << jobId << ": "
                    << escapeControls(job.text()) << '\n';
                err.flush();
            });
        if (!error.isEmpty()) {
            err << programName() << " logs: " << escapeControls(error) << '\n';
            err.flush();
            return ExitInvalid;
        }
    }
    const QStringList errors =
        follow ? streamRunLogs(project, record, fleet, selection, out, err)
               : printWholeLogs(project, record, selection, fleet, out, parser.isSet(u"fold"_s));
    for (const QString &error : errors)
        err << programName() << " logs: " << escapeControls(error) << '\n';
    err.flush();
    if (follow)
        return runStateExit(record.state);
    return errors.isEmpty() ? ExitOk : ExitInvalid;
}

} // namespace cw::cli
