// SPDX-License-Identifier: GPL-3.0-or-later
// launchJob: preconditions, uploads, record, start. Nothing is uploaded before the preconditions
// pass, and nothing is started before every server has its files.
#include "launch/Launcher.h"
#include "launch/RunControl.h"
#include "launch/SlurmJob.h"

#include "discover/ProbeParsers.h"

#include <QMutex>

using namespace Qt::StringLiterals;

namespace cw {
namespace {

QString serverError(const FleetResult &result)
{
    return result.serverName + u": "_s + result.error.message;
}

SshError commandError(const ExecResult &result, const QString &what)
{
    if (result.error.isError())
        return result.error;
    if (result.exitStatus == 0)
        return {};
    QString detail = QString::fromUtf8(result.err).trimmed();
    if (detail.isEmpty())
        detail = u"exit status %1"_s.arg(result.exitStatus);
    return SshError::make(SshError::Kind::Protocol, what + u": "_s + detail);
}

// The master port must be free on the master: a listener there (an earlier run, another job)
// makes the new job fail at init or, worse, join the wrong rendezvous. The port owners are read
// as discovery reads them; without `ss` nothing can be read and the launch goes on.
QString checkMasterPort(const Project &project, const LaunchPlan &plan, const FleetOptions &fleet)
{
    QString refusal;
    const Server &master = project.servers[plan.masterIndex];
    const auto results = runOnServers(project, {plan.masterIndex}, fleet, [&](FleetTask &task) {
        const ExecResult result =
            task.session.exec(plan.portCheckCommand, task.remainingMs(), &task.cancel);
        if (result.error.isError())
            return result.error;
        const std::vector<ListeningPort> owners = parsePortOwners(QString::fromUtf8(result.out));
        if (const ListeningPort *owner = findPortOwner(owners, plan.masterPort)) {
            const QString who =
                owner->processes.isEmpty() ? QString() : u" by "_s + owner->processes.join(u", "_s);
            refusal = u"master port %1 is already in use on the master %2 (%3): a %4 listener "
                      u"on %5%6"_s.arg(QString::number(plan.masterPort), master.name,
                                       task.session.endpoint(), owner->proto, owner->address, who);
        }
        return SshError{};
    });
    if (!results.front().ok()) {
        return u"cannot check the master port on %1: %2"_s.arg(master.name,
                                                               results.front().error.message);
    }
    return refusal;
}

std::vector<int> indicesOf(const LaunchPlan &plan, bool startersOnly)
{
    std::vector<int> indices;
    for (const ServerLaunch &server : plan.servers) {
        if (!startersOnly || !server.startCommand.isEmpty())
            indices.push_back(server.serverIndex);
    }
    return indices;
}

const ServerLaunch &planFor(const LaunchPlan &plan, int serverIndex)
{
    for (const ServerLaunch &server : plan.servers) {
        if (server.serverIndex == serverIndex)
            return server;
    }
    return plan.servers.front();
}

} // namespace

LaunchResult launchJob(const Project &project, const QString &projectPath, const LaunchPlan &plan,
                       const LaunchOptions &options)
{
    LaunchResult launch;
    if (!plan.ok()) {
        launch.refusal = u"the project has problems: "_s + plan.problems.front().toString();
        return launch;
    }
    if (!options.force) {
        // A preflight (the check catalogue) has its own master-port-free check; without one,
        // the master port is the one precondition asked of the master alone.
        launch.refusal = options.preflight ? options.preflight(project)
                                           : checkMasterPort(project, plan, options.fleet);
        if (!launch.refusal.isEmpty())
            return launch;
    }

    const auto uploaded =
        runOnServers(project, indicesOf(plan, false), options.fleet, [&](FleetTask &task) {
            const ServerLaunch &server = planFor(plan, task.serverIndex);
            SshError error = commandError(
                task.session.exec(server.prepareCommand, task.remainingMs(), &task.cancel),
                u"cannot create the workdir"_s);
            for (const PlannedUpload &upload : server.uploads) {
                if (error.isError())
                    return error;
                error = task.session.upload(upload.data, upload.remotePath, upload.mode,
                                            task.remainingMs(), &task.cancel);
            }
            if (!error.isError() && !server.entryCheckCommand.isEmpty()) {
                error = commandError(
                    task.session.exec(server.entryCheckCommand, task.remainingMs(), &task.cancel),
                    u"the entry script %1 is not in %2 (list it in launch.upload or copy it there)"_s
                        .arg(project.launch.entry, project.launch.workdir));
            }
            return error;
        });
    for (const FleetResult &result : uploaded) {
        if (!result.ok())
            launch.errors << serverError(result);
    }
    if (!launch.errors.isEmpty())
        return launch;

    RunRecord &record = launch.record;
    record.runId = plan.runId;
    record.projectPath = projectPath;
    record.mode = project.launch.mode;
    record.master = project.servers[plan.masterIndex].name;
    record.startedAt = QDateTime::currentDateTimeUtc();
    record.gangStop = options.gangStop;
    if (project.launch.restart.enabled()) {
        RunSupervision supervision;
        supervision.server = project.servers[size_t(project.supervisorIndex())].name;
        supervision.maxAttempts = project.launch.restart.maxRestarts + 1;
        supervision.phase = u"starting"_s;
        record.supervisor = supervision;
    }
    for (const ServerLaunch &server : plan.servers)
        record.servers.push_back(
            RunServer{server.name, server.runDir, false, project.rankOffset(server.serverIndex),
                      int(project.servers[size_t(server.serverIndex)].devices.size())});
    if (const QString error = saveRunRecord(record); !error.isEmpty()) {
        launch.errors << error;
        return launch;
    }

    if (plan.slurmLoginIndex >= 0) {
        // Slurm starts the job: the record stays "starting" until the nodes' train.sh run.
        record.slurmLogin = project.servers[size_t(plan.slurmLoginIndex)].name;
        QString jobId;
        const auto submitted =
            runOnServers(project, {plan.slurmLoginIndex}, options.fleet, [&](FleetTask &task) {
                const ExecResult result =
                    task.session.exec(plan.slurmSubmitCommand, task.remainingMs(), &task.cancel);
                if (const SshError error = commandError(result, u"sbatch failed"_s);
                    error.isError())
                    return error;
                jobId = parseSbatchJobId(result.out);
                if (jobId.isEmpty())
                    return SshError::make(SshError::Kind::Protocol,
                                          u"sbatch --parsable printed no job id: "_s +
                                              QString::fromUtf8(result.out.left(200)).trimmed());
                return SshError{};
            });
        if (!submitted.front().ok()) {
            launch.errors << serverError(submitted.front());
            record.state = RunState::Failed;
            record.endedAt = QDateTime::currentDateTimeUtc();
            record.failure =
                RunFailure{{}, -1, -1, {}, u"not submitted: "_s + launch.errors.front()};
        } else {
            record.slurmJobId = jobId;
            for (RunServer &entry : record.servers)
                entry.started = true;
            launch.started = true;
        }
        if (const QString error = saveRunRecord(record); !error.isEmpty())
            launch.errors << error;
        return launch;
    }

    QMutex startedLock;
    const auto started =
        runOnServers(project, indicesOf(plan, true), options.fleet, [&](FleetTask &task) {
            const ServerLaunch &server = planFor(plan, task.serverIndex);
            const SshError error = commandError(
                task.session.exec(server.startCommand, task.remainingMs(), &task.cancel),
                u"start failed"_s);
            if (!error.isError()) {
                const QMutexLocker locker(&startedLock);
                for (RunServer &entry : record.servers)
                    entry.started = entry.started || entry.name == server.name;
            }
            return error;
        });
    for (const FleetResult &result : started) {
        if (!result.ok())
            launch.errors << serverError(result);
    }
    launch.started = launch.errors.isEmpty();
    if (launch.started) {
        record.state = RunState::Running;
    } else {
        // Half a job would wait for the missing ranks until its timeout: stop what started.
        stopRun(project, record, options.fleet);
        record.state = RunState::Failed;
        record.endedAt = QDateTime::currentDateTimeUtc();
        record.failure =
            RunFailure{{}, -1, -1, {}, u"start failed: "_s + launch.errors.join(u"; "_s)};
    }
    if (const QString error = saveRunRecord(record); !error.isEmpty())
        launch.errors << error;
    return launch;
}

} // namespace cw
