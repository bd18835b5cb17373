// SPDX-License-Identifier: GPL-3.0-or-later
// The parts of README.txt that tell the operator what the scripts expect of the training code
// and of the servers: the script contract of the chosen mode, and the one-time server setup
// (SSH keys, ports, root for device IPs, the device network test).
#include "generate/ReadmeContract.h"

#include "generate/LaunchScriptBash.h"
#include "rules/RequiredPorts.h"

using namespace Qt::StringLiterals;

namespace cw {
namespace {

// True when some server uses devices other than 0..n-1: then the local rank is not the device.
bool usesDeviceSubset(const Project &project)
{
    for (const Server &server : project.servers) {
        for (size_t k = 0; k < server.devices.size(); ++k) {
            if (server.devices[k] != static_cast<int>(k))
                return true;
        }
    }
    return false;
}

QString modeContract(const Project &project)
{
    switch (project.launch.mode) {
    case LaunchMode::Launch:
        return QStringLiteral(
            "  - The torch launcher sets RANK, LOCAL_RANK, WORLD_SIZE, MASTER_ADDR and\n"
            "    MASTER_PORT; call init_process_group() with the default env:// method and\n"
            "    take the device from LOCAL_RANK.\n");
    case LaunchMode::Mpirun:
        return QStringLiteral(
            "  - train.sh turns OpenMPI's numbering into RANK, LOCAL_RANK and WORLD_SIZE and sets\n"
            "    MASTER_ADDR and MASTER_PORT; read those, not OMPI_* variables.\n");
    case LaunchMode::RankTable:
        return QStringLiteral(
            "  - The scripts set RANK_TABLE_FILE (rank_table.json), RANK_ID, RANK_SIZE, DEVICE_ID\n"
            "    and DEVICE_NUM (this server's devices), as the MindSpore model zoo reads them;\n"
            "    RANK, LOCAL_RANK and WORLD_SIZE are set too.\n");
    case LaunchMode::NoRankTable: {
        QString text = QStringLiteral(
            "  - The scripts set CM_CHIEF_IP, CM_CHIEF_PORT, CM_CHIEF_DEVICE, CM_WORKER_IP and\n"
            "    CM_WORKER_SIZE, and no RANK_TABLE_FILE (HCCL refuses the two together);\n"
            "    RANK, LOCAL_RANK, WORLD_SIZE and DEVICE_ID are set too.\n");
        // CANN reads the CM_* variables for TensorFlow only (hicann/hccl docs/zh/user_guide/
        // cluster_info_config/env_config_info.md); torch_npu forms HCCL's group through
        // torch.distributed's store without a rank table (seed 000).
        if (project.launch.framework == Framework::PyTorch)
            text += QStringLiteral(
                "  - PyTorch does not read the CM_* variables (CANN reads them for TensorFlow\n"
                "    only): call init_process_group() with the default env:// method, which\n"
                "    reads MASTER_ADDR, MASTER_PORT, RANK and WORLD_SIZE; open DEVICE_ID.\n");
        return text;
    }
    case LaunchMode::Msrun:
        return QStringLiteral(
            "  - msrun forms the cluster and gives each worker its rank: call\n"
            "    mindspore.communication.init() and read get_rank() / get_local_rank();\n"
            "    DEVICE_NUM is this server's devices. train.sh runs the msrun on the PATH\n"
            "    (after env_setup), else the one beside launch.python, where pip puts it, and\n"
            "    puts msrun's folder first on PATH: msrun starts the script with the `python`\n"
            "    it finds there, so that is the python beside msrun.\n");
    }
    return {};
}

} // namespace

QString scriptContractText(const Project &project)
{
    QString text =
        QStringLiteral("\nWhat the training code (%1) must do:\n").arg(project.launch.entry);
    text += modeContract(project);
    if (!project.launch.localRankArg.isEmpty()) {
        text += QStringLiteral("  - Each rank also gets %1=N (its local rank) before its other "
                               "arguments\n    (launch.local_rank_arg), for argparse.\n")
                    .arg(project.launch.localRankArg);
    } else if (project.launch.mode != LaunchMode::Msrun) { // msrun passes none, says its line
        text += QStringLiteral(
            "  - No --local_rank argument is passed: a script that needs one (argparse\n"
            "    --local_rank, default -1) must read LOCAL_RANK, or set launch.local_rank_arg.\n");
    }
    if (usesDeviceSubset(project)) {
        text += QStringLiteral(
            "  - This plan uses only some devices of a server: open the device DEVICE_ID names\n"
            "    (the physical id). LOCAL_RANK is the position in the server's list, not the "
            "id.\n");
    }
    text += QStringLiteral(
        "  - Never set MASTER_ADDR, MASTER_PORT, RANK or WORLD_SIZE itself: an argument default\n"
        "    such as --addr 127.0.0.1 replaces the master's address on every other server and\n"
        "    the job waits forever. Take them from the environment.\n");
    if (project.launch.restart.enabled()) {
        const RestartPolicy &restart = project.launch.restart;
        text +=
            QStringLiteral(
                "  - Restarts (launch.restart, up to %1 after a failure): every attempt starts "
                "the\n"
                "    job afresh with CLUSTERWIZ_RESTART_COUNT (0, then 1, 2, ...) and\n"
                "    CLUSTERWIZ_ATTEMPT_SERVERS (its servers, master first)%2. Save a checkpoint\n"
                "    regularly (to storage the servers share, or a folder on each server); when\n"
                "    CLUSTERWIZ_RESTART_COUNT is above 0, load the newest checkpoint every rank "
                "has\n"
                "    and go on from its step. train_ddp.py --checkpoint-dir DIR shows how. "
                "Attempt\n"
                "    N logs to RUN_ID/SERVER/attempt-N/rank<R>.log.\n")
                .arg(restart.maxRestarts)
                .arg(restart.dropFailedServers
                         ? u"; a server that is lost or unhealthy may be left out, and then\n"
                           "    RANK, WORLD_SIZE and MASTER_ADDR follow the smaller world"_s
                         : QString());
    }
    if (isAscend(project.accelerator)) {
        text += QStringLiteral(
            "  - env.sh sources launch.env_setup (CANN's set_env.sh) and sets HCCL_IF_IP to\n"
            "    this server's host IP; jobs started over SSH get nothing from ~/.bashrc.\n");
    }
    return text;
}

QString serverSetupText(const Project &project, bool deviceIpScript)
{
    QString text = QStringLiteral("\nBefore the first run:\n");
    const Server &master = project.servers[static_cast<size_t>(project.masterIndex())];
    text += QStringLiteral(
                "  - Password-free SSH from the master (%1) to every server, with known host\n"
                "    keys: run.sh and mpirun log in with BatchMode. clusterwiz does it with\n"
                "        clusterwiz-cli fix PROJECT deploy-ssh-key\n"
                "    or by hand on the master: ssh-keygen -t ed25519, then ssh-copy-id to each.\n")
                .arg(master.name);
    if (project.launch.restart.enabled() && project.peerLoginIndex() != project.masterIndex()) {
        text += QStringLiteral("    The supervisor of restarts runs on %1 and needs the same from "
                               "there.\n")
                    .arg(project.servers[size_t(project.peerLoginIndex())].name);
    }
    text += QStringLiteral("  - Ports each server must let in from the other servers:\n");
    for (int index : project.launchOrder()) {
        QStringList ports;
        for (const RequiredPort &port : requiredPorts(project, index))
            ports << requiredPortText(port);
        text += QStringLiteral("      %1: %2\n")
                    .arg(project.servers[static_cast<size_t>(index)].name, ports.join(u", "_s));
    }
    if (deviceIpScript) {
        text += QStringLiteral(
            "  - setup_device_ips.sh needs root: hccn_tool sets device IPs only as root\n"
            "    (sudo bash setup_device_ips.sh; it finds hccn_tool in\n"
            "    /usr/local/Ascend/driver/tools and /usr/local/sbin when sudo's PATH lacks them).\n"
            "  - bash check.sh --net tests the device network: device k of this server against\n"
            "    device k of every other server (hccn_tool -netdetect, then -net_health).\n");
    }
    return text;
}

} // namespace cw
