// SPDX-License-Identifier: GPL-3.0-or-later
#include "exchange/ExportNodeScript.h"

#include "generate/HcclDefaults.h"
#include "generate/LaunchScriptBash.h"
#include "shell/ShellQuote.h"

using namespace Qt::StringLiterals;

namespace cw {

QString nodeScript(const Project &project, const NodePlace &place, const QString &before)
{
    const LaunchConfig &launch = project.launch;
    QString text = u"cd -- "_s + shellQuote(launch.workdir) + u" || exit 2\n"_s;
    // Shell lines by design (`source .../set_env.sh`), as env.sh writes them too; a line that
    // fails stops the node (it would start torchrun without CANN's or the site's environment).
    // The line stands alone between the braces, so a trailing comment in it stays a comment.
    for (qsizetype k = 0; k < launch.envSetup.size(); ++k) {
        text +=
            u"{\n"_s + launch.envSetup[k] +
            u"\n} || { echo \"clusterwiz: env_setup line %1 failed (exit $?)\" >&2; exit 2; }\n"_s
                .arg(k + 1);
    }
    for (const auto &[name, value] : schedulerHcclDefaults(project))
        text += u"export "_s + name + u'=' + value + u'\n';
    for (const auto &[name, value] : launch.env)
        text += u"export "_s + name + u'=' + shellEnvValue(value) + u'\n';
    text += before;
    const QStringList module = launch.launcher == u"torch.distributed.launch"
                                   ? QStringList{u"torch.distributed.launch"_s, u"--use_env"_s}
                                   : QStringList{u"torch.distributed.run"_s};
    const int perNode = static_cast<int>(project.servers.front().devices.size());
    text +=
        u"exec "_s + shellQuote(launch.python) + u" -m "_s + module.join(u' ') +
        u" --nnodes=\"%1\" --node_rank=\"%2\" --nproc_per_node=%3"_s
            .arg(place.nodes, place.nodeRank)
            .arg(perNode) +
        u" --master_addr=\"%1\" --master_port=\"%2\" "_s.arg(place.masterAddr, place.masterPort) +
        shellQuote(launch.entry);
    if (!launch.args.isEmpty())
        text += u' ' + shellJoin(launch.args);
    return text + u'\n';
}

std::vector<std::pair<QString, QString>> schedulerHcclDefaults(const Project &project)
{
    // env.sh's defaults, less the trust list: the scheduler picks the nodes, so there is no host
    // list to write (commonNotCarried says so). HCCL_WHITELIST_FILE named in launch.env still
    // switches the check on, as in env.sh.
    Project withoutList = project;
    withoutList.launch.hcclWhitelistHostIps = false;
    return hcclDefaults(withoutList, {});
}

bool projectSetsEnv(const Project &project, const QString &name)
{
    for (const auto &[set, value] : project.launch.env) {
        if (set == name)
            return true;
    }
    return false;
}

QString projectSummary(const Project &project)
{
    return u"%1 project %2 (%3 servers x %4 devices)"_s
        .arg(acceleratorName(project.accelerator), shellQuote(project.name))
        .arg(project.servers.size())
        .arg(project.servers.front().devices.size());
}

QString kubernetesName(const QString &projectName)
{
    QString name;
    for (QChar c : projectName.toLower()) {
        const bool keep = (c >= u'a' && c <= u'z') || (c >= u'0' && c <= u'9');
        if (keep)
            name += c;
        else if (!name.isEmpty() && !name.endsWith(u'-'))
            name += u'-';
    }
    // A DNS-1035 label starts with a letter: the PyTorchJob webhook refuses any other name
    // (NameIsDNS1035Label), and so does a Service named after the job.
    if (!name.isEmpty() && name.front() >= u'0' && name.front() <= u'9')
        name.prepend(u"job-"_s);
    name.truncate(40);
    while (name.endsWith(u'-'))
        name.chop(1);
    return name.isEmpty() ? u"clusterwiz-job"_s : name;
}

QString kubernetesNameNote(const QString &projectName, const QString &name)
{
    return u"name: Kubernetes names are DNS-1035 labels (a-z, 0-9 and '-', starting with a "
           u"letter, as the PyTorchJob webhook and Services require): project %1 is exported as "
           u"%2"_s.arg(projectName, name);
}

QStringList commonNotCarried(const Project &project)
{
    const LaunchConfig &launch = project.launch;
    QStringList notes;
    if (launch.mode != LaunchMode::Launch)
        notes << u"launch.mode %1: every node starts torchrun (the launch mode)"_s.arg(
            launchModeName(launch.mode));
    bool anyNic = false;
    for (const Server &server : project.servers)
        anyNic = anyNic || !server.nic.isEmpty();
    if (anyNic)
        notes << u"servers' NICs: pin the interface with the scheduler's means "
                 u"(e.g. NCCL_SOCKET_IFNAME / HCCL_SOCKET_IFNAME in launch.env)"_s;
    if (isAscend(project.accelerator))
        notes << u"device IPs: the scheduler's nodes keep the device IPs set on them"_s;
    notes << u"launch.log_dir: the logs go where the scheduler keeps job output"_s;
    if (writesHcclWhitelist(project))
        notes << u"launch.hccl_whitelist host_ips: the scheduler picks the nodes, so there is no "
                 u"host list for HCCL_WHITELIST_FILE; HCCL's trust list stays off "
                 u"(HCCL_WHITELIST_DISABLE=1, its default)"_s;
    if (launch.restart.enabled())
        notes << u"launch.restart (max_restarts %1): the scheduler restarts a failed job its own "
                 u"way (Slurm --requeue, a PyTorchJob's restartPolicy and backoffLimit, a Volcano "
                 u"Job's maxRetry and policies)"_s.arg(launch.restart.maxRestarts);
    if (!launch.upload.isEmpty())
        notes << u"launch.upload: put those files into the workdir yourself"_s;
    if (!launch.localRankArg.isEmpty())
        notes << u"launch.local_rank_arg: torchrun passes LOCAL_RANK only; read it from the "
                 u"environment"_s;
    return notes;
}

} // namespace cw
