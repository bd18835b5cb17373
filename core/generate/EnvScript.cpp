// SPDX-License-Identifier: GPL-3.0-or-later
#include "generate/ScriptFiles.h"

#include "generate/HcclDefaults.h"
#include "generate/NodePlanBash.h"
#include "shell/ShellQuote.h"

using namespace Qt::StringLiterals;

namespace cw {
namespace {

// The interface the servers share, pinned for every communication library the accelerator uses.
// A wrong NIC (docker0, virbr0, veth) is the commonest cause of a hang at init.
QString interfacePinning(Accelerator accelerator)
{
    QString text = QStringLiteral(
        "# Pin the interface the servers share (HOST_IP and NIC come from train.sh's\n"
        "# clusterwiz_find_node; NIC is the plan's, else the interface holding HOST_IP).\n");
    if (isAscend(accelerator)) {
        text += QStringLiteral("if [ -n \"${HOST_IP:-}\" ]; then\n"
                               "    export HCCL_IF_IP=\"$HOST_IP\"\n"
                               "fi\n");
    }
    text += QStringLiteral("if [ -n \"${NIC:-}\" ]; then\n");
    if (isAscend(accelerator))
        text += QStringLiteral("    export HCCL_SOCKET_IFNAME=\"$NIC\"\n");
    if (accelerator == Accelerator::Nvidia)
        text += QStringLiteral("    export NCCL_SOCKET_IFNAME=\"$NIC\"\n");
    text += QStringLiteral("    export GLOO_SOCKET_IFNAME=\"$NIC\"\n"
                           "fi\n");
    return text;
}

// SuperPoD networking without a rank table: HCCL takes each process's super pod from
// HCCL_LOGIC_SUPERPOD_ID, else the hardware's Super Pod ID; a rank table's super_pod_list wins
// over it (CANN, envref_07_0100). Written per server so that the project's pods, physical or
// logical, hold in every mode; SERVER_NAME is train.sh's (clusterwiz_find_node).
QString logicSuperPods(const Project &project)
{
    if (project.accelerator != Accelerator::Ascend910_93 || project.superPods.empty() ||
        project.launch.mode == LaunchMode::RankTable)
        return {};
    QString text = QStringLiteral(
        "\n# SuperPoD networking without a rank table: this server's super pod, as the\n"
        "# project's super_pods set it (HCCL_LOGIC_SUPERPOD_ID).\n"
        "case \"${SERVER_NAME:-}\" in\n");
    for (const SuperPod &pod : project.superPods) {
        if (pod.servers.isEmpty())
            continue;
        QStringList names;
        for (const QString &name : pod.servers)
            names << shellQuote(name);
        text += u"    "_s + names.join(u'|') + u") export HCCL_LOGIC_SUPERPOD_ID="_s +
                shellQuote(pod.id) + u" ;;\n"_s;
    }
    text += QStringLiteral("esac\n");
    return text;
}

} // namespace

QByteArray envScript(const Project &project)
{
    const LaunchConfig &launch = project.launch;
    QString text = scriptHeader(
        project, QStringLiteral("The environment of every rank: sourced by train.sh, not run."));
    text += u'\n';
    if (!launch.envSetup.isEmpty()) {
        // Shell lines by design (`source .../set_env.sh`): written as the user wrote them.
        text += QStringLiteral("# The project's env_setup lines, as written.\n");
        for (const QString &line : launch.envSetup)
            text += line + u'\n';
        text += u'\n';
    }
    text +=
        QStringLiteral("# Read by train_ddp.py and other scripts to choose hccl, nccl or gloo.\n");
    text += u"export CLUSTERWIZ_ACCELERATOR="_s + shellQuote(acceleratorName(project.accelerator)) +
            u'\n';
    text += u'\n';
    text += interfacePinning(project.accelerator);
    text += logicSuperPods(project);
    if (const auto defaults = hcclDefaults(project, u"\"$HERE/hccl_whitelist.json\""_s);
        !defaults.empty()) {
        text += QStringLiteral(
            "\n# HCCL on more than one server, as the vendor guides set it; a value in the\n"
            "# project's env replaces these (docs/launch.md).\n");
        for (const auto &[name, value] : defaults)
            text += u"export "_s + name + u'=' + value + u'\n';
    }
    if (project.launch.mode == LaunchMode::RankTable || project.launch.mode == LaunchMode::Msrun) {
        // Model zoo scripts size their data sharding by it (seed 004's ascend8p.sh); msrun's
        // workers inherit it like any other variable.
        text += QStringLiteral("\n# This server's devices in the job (NPROC comes from train.sh).\n"
                               "export DEVICE_NUM=\"$NPROC\"\n");
    }
    if (!launch.env.empty()) {
        // After the pinning, so that a value the user set on purpose wins.
        text += QStringLiteral("\n# The project's env; only ${NAME} references expand.\n");
        for (const auto &[name, value] : launch.env)
            text += u"export "_s + name + u'=' + shellEnvValue(value) + u'\n';
    }
    return text.toUtf8();
}

} // namespace cw
