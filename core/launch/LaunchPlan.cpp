#include "launch/LaunchPlan.h"

#include "checklist/FactCommands.h"
#include "generate/Generator.h"
#include "launch/RemoteCommands.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

using namespace Qt::StringLiterals;

namespace cw {
namespace {

QString remotePathIn(const QString &dir, const QString &name)
{
    return dir.endsWith(u'/') ? dir + name : dir + u'/' + name;
}

// launch.upload read once for every server; a file that cannot be read is a problem.
std::vector<PlannedUpload> userUploads(const Project &project, const QString &projectPath,
                                       Problems &problems)
{
    std::vector<PlannedUpload> uploads;
    const QDir base = QFileInfo(projectPath).absoluteDir();
    for (qsizetype i = 0; i < project.launch.upload.size(); ++i) {
        const QString local = base.absoluteFilePath(project.launch.upload[i]);
        QFile file(local);
        if (!file.open(QIODevice::ReadOnly)) {
            problems.emplace_back(u"launch-upload-unreadable"_s,
                                  projectPlace(u"launch.upload"_s).item(int(i)),
                                  local + u": "_s + file.errorString());
            continue;
        }
        const bool executable = QFileInfo(local).isExecutable();
        uploads.push_back(
            PlannedUpload{remotePathIn(remoteScriptsDir(project), QFileInfo(local).fileName()),
                          local, file.readAll(), executable ? 0755 : 0644});
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

LaunchPlan planLaunch(const Project &project, const QString &projectPath, const QString &runId)
{
    LaunchPlan plan;
    plan.runId = runId;
    const GenerateResult generated = generateScripts(project);
    if (!generated.ok()) {
        plan.problems = generated.problems;
        return plan;
    }
    std::vector<PlannedUpload> uploads;
    for (const GeneratedFile &file : generated.files) {
        uploads.push_back(PlannedUpload{remotePathIn(remoteScriptsDir(project), file.name),
                                        u"generated"_s, file.content,
                                        file.executable ? 0755 : 0644});
    }
    const std::vector<PlannedUpload> own = userUploads(project, projectPath, plan.problems);
    uploads.insert(uploads.end(), own.begin(), own.end());
    if (!plan.ok())
        return plan;

    plan.masterIndex = project.masterIndex();
    plan.masterPort = project.launch.masterPort;
    plan.portCheckCommand = portOwnersCommand();
    const bool mpirun = project.launch.mode == LaunchMode::Mpirun;
    const bool checkEntry = !entryUploaded(project, uploads);
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
        if (!mpirun) {
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
        if (server.startCommand.isEmpty()) {
            text += u"  start: nothing here (mpirun on the master starts it)\n"_s;
        } else {
            text += u"  start:\n"_s;
            for (const QString &line : server.startCommand.split(u'\n', Qt::SkipEmptyParts))
                text += u"    "_s + line + u'\n';
        }
    }
    return text;
}

} // namespace cw
