// SPDX-License-Identifier: GPL-3.0-or-later
#include "launch/LaunchPlan.h"

#include "discover/FactCommands.h"
#include "generate/Generator.h"
#include "launch/RemoteCommands.h"
#include "launch/SlurmJob.h"
#include "model/SafeFile.h"

#include <QDir>
#include <QFileInfo>

using namespace Qt::StringLiterals;

namespace cw {
namespace {

QString remotePathIn(const QString &dir, const QString &name)
{
    return dir.endsWith(u'/') ? dir + name : dir + u'/' + name;
}

// Files read for launch.upload; a training code bundle is large, but not this large.
constexpr qint64 kUploadLimitBytes = qint64(1) << 30;

// `local` resolved through every symbolic link, empty when it does not exist.
QString resolved(const QString &local)
{
    return QFileInfo(local).canonicalFilePath();
}

bool isInside(const QString &canonicalFile, const QString &canonicalFolder)
{
    return !canonicalFolder.isEmpty() &&
           canonicalFile.startsWith(canonicalFolder.endsWith(u'/') ? canonicalFolder
                                                                   : canonicalFolder + u'/');
}

// launch.upload read once for every server; a file that cannot be read, or that lies (or
// leads, through a symbolic link) outside the project's folder unconfirmed, is a problem.
std::vector<PlannedUpload> userUploads(const Project &project, const QString &projectPath,
                                       const QStringList &confirmedOutside, Problems &problems)
{
    std::vector<PlannedUpload> uploads;
    const QDir base = QFileInfo(projectPath).absoluteDir();
    const QString folder = base.canonicalPath();
    for (qsizetype i = 0; i < project.launch.upload.size(); ++i) {
        const ProblemPlace place = projectPlace(u"launch.upload"_s).item(int(i));
        const QString local = base.absoluteFilePath(project.launch.upload[i]);
        const QString real = resolved(local);
        if (!real.isEmpty() && !isInside(real, folder) && !confirmedOutside.contains(real)) {
            problems.emplace_back(
                u"launch-upload-outside"_s, place,
                u"%1 is outside the project's folder %2%3: confirm it (the CLI's "
                u"--allow-upload-outside) or copy it into the folder"_s.arg(
                    local, folder, real == local ? QString() : u" (it leads to "_s + real + u')'));
            continue;
        }
        // The resolved path is read, so a link swapped after the check changes nothing.
        const FileBytes file = readRegularFile(real.isEmpty() ? local : real, kUploadLimitBytes);
        if (!file.ok()) {
            problems.emplace_back(u"launch-upload-unreadable"_s, place, file.error);
            continue;
        }
        const bool executable = QFileInfo(real).isExecutable();
        uploads.push_back(
            PlannedUpload{remotePathIn(remoteScriptsDir(project), QFileInfo(local).fileName()),
                          local, file.bytes, executable ? 0755 : 0644});
    }
    return uploads;
}

bool entryUploaded(const Project &project, const std::vector<PlannedUpload> &uploads)
{
    const QString entry = project.launch.entry;
    for (const PlannedUpload &upload : uploads) {
        if (upload.remotePath == remotePathIn(remoteScriptsDir(project), entry) ||
            upload.remotePath == entry)
            return true;
    }
    return false;
}

} // namespace

QStringList uploadsOutsideProject(const Project &project, const QString &projectPath)
{
    QStringList outside;
    const QDir base = QFileInfo(projectPath).absoluteDir();
    const QString folder = base.canonicalPath();
    for (const QString &upload : project.launch.upload) {
        const QString real = resolved(base.absoluteFilePath(upload));
        if (!real.isEmpty() && !isInside(real, folder) && !outside.contains(real))
            outside << real;
    }
    return outside;
}

LaunchPlan planLaunch(const ValidProject &valid, const QString &projectPath, const QString &runId,
                      const QStringList &confirmedOutside)
{
    const Project &project = valid.project();
    LaunchPlan plan;
    plan.runId = runId;
    std::vector<PlannedUpload> uploads;
    for (const GeneratedFile &file : generateScripts(valid)) {
        uploads.push_back(PlannedUpload{
            remotePathIn(remoteScriptsDir(project), file.name), u"generated"_s, file.content,
            file.secret ? (file.executable ? 0700 : 0600) : (file.executable ? 0755 : 0644)});
    }
    const std::vector<PlannedUpload> own =
        userUploads(project, projectPath, confirmedOutside, plan.problems);
    uploads.insert(uploads.end(), own.begin(), own.end());
    if (!plan.ok())
        return plan;

    plan.masterIndex = project.masterIndex();
    plan.masterPort = project.launch.masterPort;
    plan.portCheckCommand = portOwnersCommand();
    const bool mpirun = project.launch.mode == LaunchMode::Mpirun;
    const bool checkEntry = !entryUploaded(project, uploads);
    const bool slurm = project.launch.scheduler == Scheduler::Slurm;
    if (slurm) {
        plan.slurmLoginIndex = slurmLoginIndex(project);
        if (plan.slurmLoginIndex < 0) {
            plan.problems.emplace_back(
                u"slurm-login-host"_s, projectPlace(u"launch.slurm.login"_s),
                u"launch: a Slurm login node that is not one of the servers (%1) is not built "
                u"yet; name one of the servers"_s.arg(project.launch.slurm.login));
            return plan;
        }
        plan.slurmSubmitCommand = slurmSubmitCommand(project, runId);
    }
    const std::vector<int> order = project.launchOrder();
    for (int nodeRank = 0; nodeRank < static_cast<int>(order.size()); ++nodeRank) {
        const Server &server = project.servers[order[nodeRank]];
        ServerLaunch launch;
        launch.serverIndex = order[nodeRank];
        launch.name = server.name;
        launch.runDir = remoteRunDir(project, runId, server);
        launch.prepareCommand = makeWorkdirCommand(project);
        launch.uploads = uploads;
        if (checkEntry)
            launch.entryCheckCommand = entryExistsCommand(project);
        if (slurm) {
            // Slurm starts train.sh on every node (train.sbatch); the login node gets the script.
            if (launch.serverIndex == plan.slurmLoginIndex)
                launch.uploads.push_back(
                    PlannedUpload{remotePathIn(remoteScriptsDir(project), slurmBatchFileName()),
                                  u"generated"_s, slurmBatchScript(project, runId).toUtf8(), 0644});
        } else if (project.launch.restart.enabled()) {
            // The supervisor starts every attempt; the launch starts only the supervisor.
            if (launch.serverIndex == project.supervisorIndex())
                launch.startCommand = startSupervisorCommand(project, runId, server);
        } else if (!mpirun) {
            // The node rank is the server's place in the plan (train.sh's table), not a guess
            // from `hostname -I`, which NAT or several addresses can fool.
            launch.startCommand = startCommand(project, runId, server, u"train.sh"_s, nodeRank);
        } else if (launch.serverIndex == plan.masterIndex) {
            launch.startCommand = startCommand(project, runId, server, u"run.sh"_s, -1);
        }
        plan.servers.push_back(std::move(launch));
    }
    return plan;
}

QString launchPlanText(const Project &project, const LaunchPlan &plan)
{
    QString text;
    if (!plan.ok()) {
        for (const Problem &problem : plan.problems)
            text += problem.toString() + u'\n';
        return text;
    }
    const Server &master = project.servers[plan.masterIndex];
    text += u"run %1: mode %2, %3 servers, master %4 (port %5)\n"_s.arg(
        plan.runId, launchModeName(project.launch.mode), QString::number(plan.servers.size()),
        master.name, QString::number(plan.masterPort));
    text += u"\non %1 first: refuse when anything listens on the master port\n  %2\n"_s.arg(
        master.name, plan.portCheckCommand);
    for (const ServerLaunch &server : plan.servers) {
        text += u"\n== %1 (run folder %2)\n  %3\n"_s.arg(server.name, server.runDir,
                                                         server.prepareCommand);
        for (const PlannedUpload &upload : server.uploads) {
            text += u"  upload %1 (%2 bytes, mode %3, %4)\n"_s.arg(
                upload.remotePath, QString::number(upload.data.size()),
                QString::number(upload.mode, 8), upload.source);
        }
        if (!server.entryCheckCommand.isEmpty())
            text += u"  check the entry script: "_s + server.entryCheckCommand + u'\n';
        if (server.startCommand.isEmpty() && plan.slurmLoginIndex >= 0) {
            text += u"  start: nothing here (Slurm starts train.sh on every node)\n"_s;
        } else if (server.startCommand.isEmpty()) {
            text += project.launch.restart.enabled()
                        ? u"  start: nothing here (the supervisor starts each attempt)\n"_s
                        : u"  start: nothing here (mpirun on the master starts it)\n"_s;
        } else {
            text += u"  start:\n"_s;
            for (const QString &line : server.startCommand.split(u'\n', Qt::SkipEmptyParts))
                text += u"    "_s + line + u'\n';
        }
    }
    if (plan.slurmLoginIndex >= 0)
        text += u"\non %1 last: submit the job to Slurm\n  %2\n"_s.arg(
            project.servers[size_t(plan.slurmLoginIndex)].name, plan.slurmSubmitCommand);
    return text;
}

} // namespace cw
