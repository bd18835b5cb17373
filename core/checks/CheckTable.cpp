// SPDX-License-Identifier: GPL-3.0-or-later
#include "checks/CheckTable.h"

#include "checks/CheckDevices.h"
#include "checks/CheckHostLimits.h"
#include "checks/CheckNetwork.h"
#include "checks/CheckServer.h"
#include "checks/DeviceProcesses.h"
#include "checks/DeviceTls.h"
#include "checks/SuperPodSpan.h"
#include "checks/ValueChecks.h"
#include "checks/VersionConsistency.h"
#include "discover/FactCommands.h"

using namespace Qt::StringLiterals;

namespace cw {
namespace {

bool blockAlways(const Project &)
{
    return true;
}

// torch.distributed.launch needs torch whatever the accelerator; on Ascend the other modes may
// run MindSpore or TensorFlow, whose packages the python check looks for instead.
bool blockWhenTorchStarts(const Project &project)
{
    return project.launch.mode == LaunchMode::Launch || !isAscend(project.accelerator);
}

} // namespace

const std::vector<CheckSpec> &checkTable()
{
    using namespace probe;
    using R = CheckRole;
    constexpr auto ascend = Accelerator::Ascend910;
    constexpr auto mpirun = LaunchMode::Mpirun;
    // Fields left out keep their defaults: any accelerator and mode, one server is enough, every
    // server, nothing contacted, no ports, never blocks a launch, no fix.
    // Not blocking on purpose: paths (launch creates the workdir, uploads, and refuses a missing
    // entry itself before anything starts), sshd (we are logged in through it; mpirun's logins
    // are peer-login), device-net-health (it depends on the netdetect address answering, not only
    // on the link), and the warnings-first checks (device-tls, device-processes, hccl-ports-free,
    // versions), which name what to look at without knowing that the job will fail.
    static const std::vector<CheckSpec> table = {
        {.id = check::kSsh,
         .summary = "the server answers on its SSH port, its host key is known, a login works",
         .contactsOthers = true,
         .verdict = &checks::checkSsh,
         .judgesUnreached = true,
         .blocksLaunch = &blockAlways,
         .scriptFunction = "clusterwiz_check_ssh"},
        {.id = check::kHostname,
         .summary = "no other server has the same hostname (OpenMPI, HCCL)",
         .facts = {kHostname},
         .verdict = &checks::checkHostname,
         .blocksLaunch = &blockAlways,
         .scriptFunction = "clusterwiz_check_hostname"},
        {.id = check::kHostIp,
         .summary = "host_ip is an address of the server",
         .facts = {kHostIps, kIpAddr},
         .verdict = &checks::checkHostIp,
         .blocksLaunch = &blockAlways,
         .scriptFunction = "clusterwiz_check_host_ip"},
        {.id = check::kAccelerator,
         .summary = "the planned NPUs or GPUs are there and healthy",
         .facts = {kNpuSmi, kNvidiaSmi, kSuperPod},
         .verdict = &checks::checkAccelerator,
         .blocksLaunch = &blockAlways,
         .scriptFunction = "clusterwiz_check_accelerator"},
        {.id = check::kDeviceIps,
         .summary = "every device has its planned IP and netmask",
         .accelerator = ascend,
         .facts = {kHccnIp},
         .verdict = &checks::checkDeviceIps,
         .blocksLaunch = &blockAlways,
         .fixes = {fix::kSetDeviceIps},
         .scriptFunction = "clusterwiz_check_device_ips"},
        {.id = check::kDeviceLinks,
         .summary = "every device's link is UP",
         .accelerator = ascend,
         .facts = {kHccnLink},
         .verdict = &checks::checkDeviceLinks,
         .blocksLaunch = &blockAlways,
         .scriptFunction = "clusterwiz_check_device_links"},
        {.id = check::kDeviceNetHealth,
         .summary = "every device's net health is Success",
         .accelerator = ascend,
         .facts = {kHccnHealth},
         .verdict = &checks::checkDeviceNetHealth,
         .scriptFunction = "clusterwiz_check_device_net_health"},
        {.id = check::kDeviceTls,
         .summary = "every device's TLS switch (hccn_tool -tls -g) is the same",
         .accelerator = ascend,
         .facts = {kHccnTls},
         .verdict = &checks::checkDeviceTls,
         .fixes = {fix::kAlignDeviceTls},
         .scriptFunction = "clusterwiz_check_device_tls"},
        {.id = check::kDeviceProcesses,
         .summary = "no process (an earlier job's, say) holds the planned NPUs",
         .accelerator = ascend,
         .facts = {kDeviceHolders},
         .verdict = &checks::checkDeviceProcesses,
         .scriptFunction = "clusterwiz_check_device_processes"},
        {.id = check::kPython,
         .summary = "launch.python runs and has launch.framework's packages (by their metadata)",
         .facts = {kPython},
         .verdict = &checks::checkPython,
         .blocksLaunch = &blockWhenTorchStarts,
         .scriptFunction = "clusterwiz_check_python_torch"},
        {.id = check::kMpirun,
         .summary = "mpirun is installed and, without launch.mpirun.prefix, orted is on the PATH",
         .mode = mpirun,
         .facts = {kMpirun, kOrted},
         .verdict = &checks::checkMpirun,
         .blocksLaunch = &blockAlways,
         .scriptFunction = "clusterwiz_check_mpirun"},
        {.id = check::kMsrun,
         .summary = "msrun is on the PATH or beside launch.python (MindSpore installs it)",
         .mode = LaunchMode::Msrun,
         .facts = {kMsrun},
         .verdict = &checks::checkMsrun,
         .blocksLaunch = &blockAlways,
         .scriptFunction = "clusterwiz_check_msrun"},
        {.id = check::kCannEnv,
         .summary = "every file launch.env_setup sources exists",
         .facts = {kPaths},
         .verdict = &checks::checkCannEnv,
         .blocksLaunch = &blockAlways,
         .scriptFunction = "clusterwiz_check_cann_env"},
        {.id = check::kPaths,
         .summary = "launch.workdir and the entry script exist",
         .facts = {kPaths},
         .verdict = &checks::checkPaths,
         .scriptFunction = "clusterwiz_check_paths"},
        {.id = check::kSshd,
         .summary = "sshd runs",
         .facts = {kSshdProcesses, kSshConnection},
         .verdict = &checks::checkSshd,
         .scriptFunction = "clusterwiz_check_sshd"},
        // Value rows (checks/ValueChecks.cpp): one verdict and one bash interpreter read them.
        {.id = check::kShmSize,
         .summary = "/dev/shm holds 1 GiB or more",
         .facts = {kShm},
         .verdict = &checks::checkValue,
         .scriptFunction = "clusterwiz_check_value"},
        {.id = check::kMemlock,
         .summary = "a non-interactive login may lock unlimited memory (RDMA pins it)",
         .needsAccelerator = true,
         .facts = {kMemlock},
         .verdict = &checks::checkValue,
         .scriptFunction = "clusterwiz_check_value"},
        {.id = check::kOpenFiles,
         .summary = "a non-interactive login may open as many files as DataLoader workers need",
         .facts = {kOpenFiles},
         .verdict = &checks::checkValue,
         .scriptFunction = "clusterwiz_check_value"},
        // A Slurm project's nodes: munge answers (every Slurm RPC is signed with it), and the
        // node is up and not drained in Slurm's view.
        {.id = check::kMunge,
         .summary = "munge encodes and decodes a credential (Slurm signs every request with it)",
         .scheduler = Scheduler::Slurm,
         .facts = {kMunge},
         .verdict = &checks::checkValue,
         .scriptFunction = "clusterwiz_check_value"},
        {.id = check::kSlurmNode,
         .summary = "Slurm has the server as a node that takes jobs (not down, drained or failing)",
         .scheduler = Scheduler::Slurm,
         .facts = {kSlurmNode},
         .verdict = &checks::checkValue,
         .blocksLaunch = &blockAlways,
         .scriptFunction = "clusterwiz_check_value"},
        {.id = check::kMasterResolves,
         .summary = "the master's hostname does not resolve to a loopback address there",
         .row = R::Master,
         .scriptRole = R::Master,
         .facts = {kHostname, kHostResolves},
         .verdict = &checks::checkMasterResolves,
         .scriptFunction = "clusterwiz_check_master_resolves"},
        {.id = check::kFirewallPorts,
         .summary = "the firewall lets the job's ports in",
         .ports = CheckPorts::Required,
         .facts = {kUfw, kFirewalldState, kFirewalld, kNft, kIptables},
         .verdict = &checks::checkFirewallPorts,
         .blocksLaunch = &blockAlways,
         .fixes = {fix::kOpenPorts, fix::kStopFirewall},
         .scriptFunction = "clusterwiz_check_firewall_ports"},
        {.id = check::kMasterPortFree,
         .summary = "nothing listens on master_port yet",
         .row = R::Master,
         .scriptRole = R::Master,
         .ports = CheckPorts::MasterPort,
         .facts = {kPortOwners},
         .verdict = &checks::checkMasterPortFree,
         .blocksLaunch = &blockAlways,
         .scriptFunction = "clusterwiz_check_master_port_free"},
        {.id = check::kHcclPortsFree,
         .summary = "nothing listens in the HCCL port range yet",
         .accelerator = ascend,
         .ports = CheckPorts::HcclPorts,
         .facts = {kPortOwners},
         .verdict = &checks::checkHcclPortsFree,
         .scriptFunction = "clusterwiz_check_hccl_ports_free"},
        // HCCL's host ports must be reserved (CANN's HCCL_IF_BASE_PORT reference), or a
        // connection's ephemeral port can take one before HCCL listens there.
        {.id = check::kHcclPortsReserved,
         .summary = "the HCCL port range is kept from the kernel's ephemeral ports "
                    "(ip_local_reserved_ports)",
         .accelerator = ascend,
         .ports = CheckPorts::HcclPorts,
         .facts = {kReservedPorts},
         .verdict = &checks::checkHcclPortsReserved,
         .fixes = {fix::kReserveHcclPorts},
         .scriptFunction = "clusterwiz_check_hccl_ports_reserved"},
        {.id = check::kMasterPortReach,
         .summary = "every other server can connect to master_port",
         .severalServers = true,
         .row = R::OtherServers,
         .scriptRole = R::OtherServers,
         .contactsOthers = true,
         .ports = CheckPorts::MasterPort,
         .verdict = &checks::checkMasterPortReach,
         .blocksLaunch = &blockAlways,
         .fixes = {fix::kOpenPorts, fix::kStopFirewall},
         .scriptFunction = "clusterwiz_check_master_port_reachable"},
        {.id = check::kPeerLogin,
         .summary = "the master (or a restarting run's supervisor) logs in to the server by key",
         .severalServers = true,
         .peerLogin = true,
         .row = R::PeerTargets,
         .scriptRole = R::PeerHub,
         .contactsOthers = true,
         .verdict = &checks::checkPeerLogin,
         .blocksLaunch = &blockAlways,
         .fixes = {fix::kDeploySshKey},
         .scriptFunction = "clusterwiz_check_peer_login"},
        {.id = check::kVersions,
         .summary = "NPU driver, firmware, CANN, Python and the framework's packages are the same "
                    "version on every server",
         .severalServers = true,
         .row = R::Master,
         .scriptRole = R::Master,
         .contactsOthers = true,
         .facts = {kNpuBoard, kCannVersion, kPython},
         .verdict = &checks::checkVersions,
         .scriptFunction = "clusterwiz_check_versions"},
        {.id = check::kSuperPods,
         .summary = "every super pod of the project lies inside one physical SuperPoD (Super Pod "
                    "ID of npu-smi info -t spod-info)",
         .accelerator = Accelerator::Ascend910_93,
         .severalServers = true,
         .row = R::Master,
         .scriptRole = R::Master,
         .contactsOthers = true,
         .facts = {kSuperPod},
         .verdict = &checks::checkSuperPods,
         .blocksLaunch = &blockAlways,
         .scriptFunction = "clusterwiz_check_super_pods"},
        {.id = check::kClockSkew,
         .summary = "every server's clock is within 1 s of the master's",
         .severalServers = true,
         .row = R::Master,
         .scriptRole = R::Master,
         .contactsOthers = true,
         .facts = {kClock},
         .verdict = &checks::checkClockSkew,
         .scriptFunction = "clusterwiz_check_clock_skew"},
        {.id = check::kKnownHosts,
         .summary = "the master's (or supervisor's) known_hosts holds the server's host key",
         .severalServers = true,
         .peerLogin = true,
         .row = R::PeerTargets,
         .scriptRole = R::PeerHub,
         .verdict = &checks::checkKnownHosts,
         .blocksLaunch = &blockAlways,
         .fixes = {fix::kAddKnownHosts},
         .scriptFunction = "clusterwiz_check_known_hosts"},
    };
    return table;
}

const CheckSpec *checkSpec(const QString &id)
{
    for (const CheckSpec &spec : checkTable()) {
        if (id == QLatin1StringView(spec.id))
            return &spec;
    }
    return nullptr;
}

bool checkApplies(const CheckSpec &spec, const Project &project)
{
    // The Ascend910 rows are written once for every generation (910A, 910B, A3); a row naming a
    // later generation (the A3's super pods) applies to that one only.
    const bool acceleratorFits =
        !spec.accelerator || *spec.accelerator == project.accelerator ||
        (*spec.accelerator == Accelerator::Ascend910 && isAscend(project.accelerator));
    return acceleratorFits && (!spec.mode || *spec.mode == project.launch.mode) &&
           (!spec.scheduler || *spec.scheduler == project.launch.scheduler) &&
           (!spec.severalServers || project.servers.size() > 1) &&
           (!spec.needsAccelerator || project.accelerator != Accelerator::Cpu) &&
           (!spec.peerLogin || project.needsPeerLogin());
}

std::vector<const CheckSpec *> applicableCheckSpecs(const Project &project)
{
    std::vector<const CheckSpec *> specs;
    for (const CheckSpec &spec : checkTable()) {
        if (checkApplies(spec, project))
            specs.push_back(&spec);
    }
    return specs;
}

QStringList applicableCheckIds(const Project &project)
{
    QStringList ids;
    for (const CheckSpec *spec : applicableCheckSpecs(project))
        ids.append(QLatin1StringView(spec->id));
    return ids;
}

bool checkBlocksLaunch(const Project &project, const QString &id)
{
    const CheckSpec *spec = checkSpec(id);
    return spec && spec->blocksLaunch && checkApplies(*spec, project) &&
           spec->blocksLaunch(project);
}

bool hasCheckRole(CheckRole role, const Project &project, int serverIndex)
{
    switch (role) {
    case CheckRole::EveryServer:
        return true;
    case CheckRole::Master:
        return serverIndex == project.masterIndex();
    case CheckRole::OtherServers:
        return serverIndex != project.masterIndex();
    case CheckRole::PeerHub:
        return serverIndex == project.peerLoginIndex();
    case CheckRole::PeerTargets:
        return serverIndex != project.peerLoginIndex();
    }
    return true;
}

TrText checkRoleSkipReason(CheckRole role, const Project &project)
{
    const bool hubIsMaster = project.peerLoginIndex() == project.masterIndex();
    switch (role) {
    case CheckRole::PeerHub:
        if (!hubIsMaster)
            return trText("cw::Checks", "not the supervisor's server");
        [[fallthrough]];
    case CheckRole::EveryServer:
    case CheckRole::Master:
        return trText("cw::Checks", "not the master");
    case CheckRole::PeerTargets:
        if (!hubIsMaster)
            return trText("cw::Checks", "the supervisor's server itself");
        [[fallthrough]];
    case CheckRole::OtherServers:
        break;
    }
    return trText("cw::Checks", "the master itself");
}

TrText peerHubName(const Project &project)
{
    const int hub = project.peerLoginIndex();
    if (hub == project.masterIndex())
        return trText("cw::Checks", "the master");
    return trText("cw::Checks", "the supervisor's server %1")
        .arg(project.servers[size_t(hub)].name);
}

std::vector<RequiredPort> checkPorts(const CheckSpec &spec, const Project &project, int serverIndex)
{
    if (serverIndex < 0 || serverIndex >= int(project.servers.size()))
        return {};
    switch (spec.ports) {
    case CheckPorts::None:
        return {};
    case CheckPorts::Required:
        return requiredPorts(project, serverIndex);
    case CheckPorts::MasterPort:
        return {masterPortRequirement(project)};
    case CheckPorts::HcclPorts:
        return {hcclPortsRequirement(project)};
    }
    return {};
}

} // namespace cw
