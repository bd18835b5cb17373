// SPDX-License-Identifier: GPL-3.0-or-later
#include "generate/ScriptFiles.h"

#include "generate/LaunchScriptBash.h"
#include "generate/ReadmeContract.h"
#include "shell/ShellQuote.h"

using namespace Qt::StringLiterals;

namespace cw {
namespace {

QString fileDescription(const QString &name)
{
    if (name == u"README.txt")
        return QStringLiteral("this file");
    if (name == u"containers.sh")
        return QStringLiteral("the training containers by hand: up, keys, trust, status, down");
    if (name == u"check.sh")
        return QStringLiteral("checks this server by hand; exits 1 when a check fails");
    if (name == u"env.sh")
        return QStringLiteral("the environment of every rank (sourced by train.sh)");
    if (name == u"hccl_whitelist.json")
        return QStringLiteral("HCCL trust list: the servers' host IPs (env.sh sets "
                              "HCCL_WHITELIST_FILE)");
    if (name == u"hostfile")
        return QStringLiteral("OpenMPI hostfile, master first (mpirun --hostfile hostfile)");
    if (name == u"rank.sh")
        return QStringLiteral("starts one rank and writes its log (started by train.sh)");
    if (name == u"rank_table.json")
        return QStringLiteral("HCCL rank table 1.0; train.sh points RANK_TABLE_FILE at it");
    if (name == u"run.sh")
        return QStringLiteral("run on the master: starts the whole job");
    if (name == u"supervise.py")
        return QStringLiteral(
            "a restarting run's supervisor: starts, watches and restarts the job");
    if (name == u"setup_device_ips.sh")
        return QStringLiteral("sets this server's device IPs with hccn_tool and reads them back");
    if (name == u"train.sh")
        return QStringLiteral("run on every server: starts that server's ranks");
    return {};
}

// A value an operator may paste into a shell: as it is when that is safe, else shellQuote()d.
QString copyPasteWord(const QString &value)
{
    for (QChar c : value) {
        const bool safe = (c >= u'a' && c <= u'z') || (c >= u'A' && c <= u'Z') ||
                          (c >= u'0' && c <= u'9') || QStringView(u"@%+=:,./_-~").contains(c);
        if (!safe)
            return shellQuote(value);
    }
    return value;
}

QString modeLine(const Project &project)
{
    switch (project.launch.mode) {
    case LaunchMode::Launch:
        return QStringLiteral("launch: a torch launcher (torchrun, else torch.distributed.launch) "
                              "on every server");
    case LaunchMode::Mpirun:
        return project.launch.mpirun.per == MpirunPer::Device
                   ? QStringLiteral("mpirun: run.sh on the master starts one process per device")
                   : QStringLiteral("mpirun: run.sh on the master starts train.sh once per server");
    case LaunchMode::RankTable:
        return QStringLiteral("ranktable: one process per device, HCCL rank table in "
                              "rank_table.json (RANK_TABLE_FILE, RANK_ID, RANK_SIZE, DEVICE_ID)");
    case LaunchMode::NoRankTable:
        return QStringLiteral("no-ranktable: one process per device, CM_CHIEF_IP, CM_CHIEF_PORT, "
                              "CM_CHIEF_DEVICE, CM_WORKER_IP, CM_WORKER_SIZE (no rank table)");
    case LaunchMode::Msrun:
        return QStringLiteral("msrun: MindSpore's msrun on every server starts its workers; "
                              "their logs are msrun/worker_<rank>.log (rank<N>.log links to it)");
    }
    return {};
}

QString startSteps(const Project &project, int step)
{
    QString text;
    if (project.launch.mode == LaunchMode::Mpirun) {
        text +=
            QStringLiteral(
                "%1. Start the job on the master only (mpirun logs in to the other servers with\n"
                "   ssh, so the master needs password-free SSH to every server, host keys known):\n"
                "       bash run.sh\n"
                "   Ctrl-C stops it everywhere; mpirun also stops every server when one fails.\n")
                .arg(step);
        return text;
    }
    text +=
        QStringLiteral(
            "%1. Start the job, either way:\n"
            "   a) on the master: bash run.sh\n"
            "      It runs train.sh here and, over ssh (BatchMode: keys and known host keys "
            "needed),\n"
            "      on every other server, waits for all, and stops every server when one fails\n"
            "      or when you press Ctrl-C.\n"
            "   b) by hand on every server, in any order (the master waits for the others):\n"
            "       bash train.sh\n"
            "      train.sh finds its server by `hostname -I`; where that cannot work (NAT, an\n"
            "      alias address) give the server's index: CLUSTERWIZ_NODE_RANK=N bash train.sh\n"
            "      Use the same CLUSTERWIZ_RUN_ID on every server to keep one run's logs "
            "together.\n")
            .arg(step);
    return text;
}

} // namespace

QByteArray readmeText(const Project &project, const QStringList &fileNames)
{
    const QString logRoot = logRootPath(project);
    QString text;
    text += QStringLiteral("%1: training job scripts generated by clusterwiz %2\n\n")
                .arg(project.name, QStringLiteral(CLUSTERWIZ_VERSION));
    text += QStringLiteral("Accelerator: %1\nLaunch mode: %2\n\n")
                .arg(acceleratorName(project.accelerator), modeLine(project));

    text += QStringLiteral("Servers, master first (global ranks are numbered in this order):\n");
    for (int index : project.launchOrder()) {
        const Server &server = project.servers[index];
        const int first = project.rankOffset(index);
        const int count = static_cast<int>(server.devices.size());
        text += QStringLiteral("  %1  %2  devices %3  ranks %4-%5\n")
                    .arg(server.name, server.effectiveHostIp(), deviceIdStrings(server).join(u','))
                    .arg(first)
                    .arg(first + count - 1);
    }

    text += QStringLiteral("\nFiles:\n");
    for (const QString &name : fileNames)
        text += QStringLiteral("  %1  %2\n").arg(name.leftJustified(20), fileDescription(name));
    text += scriptContractText(project);
    text += serverSetupText(project, fileNames.contains(u"setup_device_ips.sh"_s));

    int step = 1;
    text += u"\nSteps:\n"_s;
    if (fileNames.contains(u"containers.sh"_s)) {
        text += QStringLiteral(
                    "%1. The training containers first: copy containers.sh to every server (the\n"
                    "   host itself, over its own SSH port), then on each server SERVER:\n"
                    "       bash containers.sh up SERVER\n"
                    "       bash containers.sh keys SERVER > SERVER.keys\n"
                    "   bring every SERVER.keys to every server, and on each:\n"
                    "       cat *.keys | bash containers.sh trust SERVER\n"
                    "   Every step below runs inside the containers: ssh -p %2 root@HOST.\n"
                    "   (clusterwiz-cli container up does all of this.)\n")
                    .arg(step++)
                    .arg(project.container ? project.container->sshPort : 0);
    }
    text +=
        QStringLiteral(
            "%1. Copy this folder, unchanged, to the same path on every server, for example into\n"
            "   the workdir (the scripts find each other through their own location):\n")
            .arg(step++);
    for (int index : project.launchOrder()) {
        const Server &server = project.servers[index];
        const QString user = server.user.isEmpty() ? QString() : server.user + u'@';
        const QString identity = server.identityFile.isEmpty()
                                     ? QString()
                                     : u"-i "_s + copyPasteWord(server.identityFile) + u' ';
        text += QStringLiteral("       scp -r -P %1 %2FOLDER %3\n")
                    .arg(QString::number(server.port), identity,
                         copyPasteWord(user + server.host + u':' + project.launch.workdir + u'/'));
    }
    text += QStringLiteral("   The training code (%1) must be in %2 on every server.\n")
                .arg(project.launch.entry, project.launch.workdir);
    if (fileNames.contains(u"setup_device_ips.sh"_s)) {
        text += QStringLiteral(
                    "%1. On every server, once: bash setup_device_ips.sh\n"
                    "   It sets the planned device IPs with hccn_tool and reads them back.\n")
                    .arg(step++);
    }
    if (fileNames.contains(u"check.sh"_s)) {
        text += QStringLiteral("%1. On every server: bash check.sh   (fix what it reports first)\n")
                    .arg(step++);
    }
    if (project.launch.restart.enabled()) {
        const Server &supervisor = project.servers[size_t(project.supervisorIndex())];
        text +=
            QStringLiteral(
                "%1. With restarts (launch.restart), start the supervisor instead, on %2 only:\n"
                "       CLUSTERWIZ_SUPERVISOR_RUN=$(date +%Y%m%d-%H%M%S) setsid %3 supervise.py "
                "</dev/null >supervisor.log 2>&1 &\n"
                "   It starts train.sh%4 for each attempt over ssh (BatchMode), stops a failed\n"
                "   attempt everywhere and starts the next one; its state is in\n"
                "   %5/RUN_ID/%2/supervisor.json. clusterwiz-cli launch does this for you.\n"
                "   Without restarts:\n")
                .arg(QString::number(step++), supervisor.name, copyPasteWord(project.launch.python),
                     project.launch.mode == LaunchMode::Mpirun ? u" (run.sh)"_s : QString(),
                     logRoot);
    }
    text += startSteps(project, step++);
    text +=
        QStringLiteral(
            "%1. Logs: %2/RUN_ID/SERVER/rank<GLOBAL_RANK>.log on each server, one file per rank.\n")
            .arg(step++)
            .arg(logRoot);
    if (project.launch.mode == LaunchMode::Mpirun) {
        text +=
            QStringLiteral("   RUN_ID is CLUSTERWIZ_RUN_ID when set, else run.sh makes one from "
                           "the date and time.\n");
    } else {
        text += QStringLiteral("   RUN_ID is CLUSTERWIZ_RUN_ID: run.sh makes one from the date and "
                               "time; train.sh alone\n"
                               "   uses \"manual\" (logs of a repeated run are appended).\n");
    }
    if (project.launch.mode != LaunchMode::Mpirun) {
        text +=
            QStringLiteral(
                "%1. Stop a server's part by hand (replace RUN_ID and SERVER):\n"
                "   kill -TERM \"$(cat %2)\"\n"
                "   train.sh passes the signal to its ranks and kills what is left after 10 s.\n")
                .arg(QString::number(step++),
                     // Pasted into a shell: a workdir holding $(...) must stay a name.
                     copyPasteWord(logRoot + u"/RUN_ID/SERVER/train.pid"_s));
    }
    text += QStringLiteral(
        "\nExit codes: 0 when every rank succeeded; the first failing rank's code otherwise;\n"
        "2 when a script cannot start (server not in the plan, workdir missing).\n"
        "Edit the project and generate again rather than editing these files.\n");
    return text.toUtf8();
}

} // namespace cw
