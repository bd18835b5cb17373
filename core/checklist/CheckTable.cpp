#include "checklist/CheckTable.h"

#include "checklist/FactCommands.h"

using namespace Qt::StringLiterals;

namespace cw {

const std::vector<CheckSpec> &checkTable()
{
    using namespace probe;
    using R = CheckRole;
    constexpr auto ascend = Accelerator::Ascend910;
    constexpr auto mpirun = LaunchMode::Mpirun;
    // Fields left out keep their defaults: any accelerator and mode, one server is enough, every
    // server, nothing contacted, no ports.
    static const std::vector<CheckSpec> table = {
        {.id = check::kSsh,
         .summary = "the server answers on its SSH port, its host key is known, a login works",
         .contactsOthers = true,
         .scriptFunction = "clusterwiz_check_ssh"},
        {.id = check::kHostname,
         .summary = "no other server has the same hostname (OpenMPI, HCCL)",
         .facts = {kHostname},
         .scriptFunction = "clusterwiz_check_hostname"},
        {.id = check::kHostIp,
         .summary = "host_ip is an address of the server",
         .facts = {kHostIps, kIpAddr},
         .scriptFunction = "clusterwiz_check_host_ip"},
        {.id = check::kAccelerator,
         .summary = "the planned NPUs or GPUs are there and healthy",
         .facts = {kNpuSmi, kNvidiaSmi},
         .scriptFunction = "clusterwiz_check_accelerator"},
        {.id = check::kDeviceIps,
         .summary = "every device has its planned IP and netmask",
         .accelerator = ascend,
         .facts = {kHccnIp},
         .scriptFunction = "clusterwiz_check_device_ips"},
        {.id = check::kDeviceLinks,
         .summary = "every device's link is UP",
         .accelerator = ascend,
         .facts = {kHccnLink},
         .scriptFunction = "clusterwiz_check_device_links"},
        {.id = check::kDeviceNetHealth,
         .summary = "every device's net health is Success",
         .accelerator = ascend,
         .facts = {kHccnHealth},
         .scriptFunction = "clusterwiz_check_device_net_health"},
        {.id = check::kDeviceTls,
         .summary = "every device's TLS switch (hccn_tool -tls -g) is the same",
         .accelerator = ascend,
         .facts = {kHccnTls},
         .scriptFunction = "clusterwiz_check_device_tls"},
        {.id = check::kDeviceProcesses,
         .summary = "no process (an earlier job's, say) holds the planned NPUs",
         .accelerator = ascend,
         .facts = {kDeviceHolders},
         .scriptFunction = "clusterwiz_check_device_processes"},
        {.id = check::kPython,
         .summary = "launch.python runs and has launch.framework's packages (by their metadata)",
         .facts = {kPython},
         .scriptFunction = "clusterwiz_check_python_torch"},
        {.id = check::kMpirun,
         .summary = "mpirun is installed and, without launch.mpirun.prefix, orted is on the PATH",
         .mode = mpirun,
         .facts = {kMpirun, kOrted},
         .scriptFunction = "clusterwiz_check_mpirun"},
        {.id = check::kMsrun,
         .summary = "msrun is on the PATH or beside launch.python (MindSpore installs it)",
         .mode = LaunchMode::Msrun,
         .facts = {kMsrun},
         .scriptFunction = "clusterwiz_check_msrun"},
        {.id = check::kCannEnv,
         .summary = "every file launch.env_setup sources exists",
         .facts = {kPaths},
         .scriptFunction = "clusterwiz_check_cann_env"},
        {.id = check::kPaths,
         .summary = "launch.workdir and the entry script exist",
         .facts = {kPaths},
         .scriptFunction = "clusterwiz_check_paths"},
        {.id = check::kSshd,
         .summary = "sshd runs",
         .facts = {kSshdProcesses, kSshConnection},
         .scriptFunction = "clusterwiz_check_sshd"},
        {.id = check::kFirewallPorts,
         .summary = "the firewall lets the job's ports in",
         .ports = CheckPorts::Required,
         .facts = {kUfw, kFirewalldState, kFirewalld, kNft, kIptables},
         .scriptFunction = "clusterwiz_check_firewall_ports"},
        {.id = check::kMasterPortFree,
         .summary = "nothing listens on master_port yet",
         .row = R::Master,
         .scriptRole = R::Master,
         .ports = CheckPorts::MasterPort,
         .facts = {kPortOwners},
         .scriptFunction = "clusterwiz_check_master_port_free"},
        {.id = check::kHcclPortsFree,
         .summary = "nothing listens in the HCCL port range yet",
         .accelerator = ascend,
         .ports = CheckPorts::HcclPorts,
         .facts = {kPortOwners},
         .scriptFunction = "clusterwiz_check_hccl_ports_free"},
        {.id = check::kMasterPortReach,
         .summary = "every other server can connect to master_port",
         .severalServers = true,
         .row = R::OtherServers,
         .scriptRole = R::OtherServers,
         .contactsOthers = true,
         .ports = CheckPorts::MasterPort,
         .scriptFunction = "clusterwiz_check_master_port_reachable"},
        {.id = check::kPeerLogin,
         .summary = "the master (or a restarting run's supervisor) logs in to the server by key",
         .severalServers = true,
         .peerLogin = true,
         .row = R::PeerTargets,
         .scriptRole = R::PeerHub,
         .contactsOthers = true,
         .scriptFunction = "clusterwiz_check_peer_login"},
        {.id = check::kVersions,
         .summary = "NPU driver, firmware, CANN, Python and the framework's packages are the same "
                    "version on every server",
         .severalServers = true,
         .row = R::Master,
         .scriptRole = R::Master,
         .contactsOthers = true,
         .facts = {kNpuBoard, kCannVersion, kPython},
         .scriptFunction = "clusterwiz_check_versions"},
        {.id = check::kKnownHosts,
         .summary = "the master's (or supervisor's) known_hosts holds the server's host key",
         .severalServers = true,
         .peerLogin = true,
         .row = R::PeerTargets,
         .scriptRole = R::PeerHub,
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
    // The Ascend rows are written once for both generations (910A and 910B).
    const bool acceleratorFits = !spec.accelerator || *spec.accelerator == project.accelerator ||
                                 (isAscend(*spec.accelerator) && isAscend(project.accelerator));
    return acceleratorFits && (!spec.mode || *spec.mode == project.launch.mode) &&
           (!spec.severalServers || project.servers.size() > 1) &&
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

QString checkRoleSkipReason(CheckRole role, const Project &project)
{
    const bool hubIsMaster = project.peerLoginIndex() == project.masterIndex();
    switch (role) {
    case CheckRole::PeerHub:
        if (!hubIsMaster)
            return u"not the supervisor's server"_s;
        [[fallthrough]];
    case CheckRole::EveryServer:
    case CheckRole::Master:
        return u"not the master"_s;
    case CheckRole::PeerTargets:
        if (!hubIsMaster)
            return u"the supervisor's server itself"_s;
        [[fallthrough]];
    case CheckRole::OtherServers:
        break;
    }
    return u"the master itself"_s;
}

std::vector<RequiredPort> checkPorts(const CheckSpec &spec, const Project &project, int serverIndex)
{
    if (serverIndex < 0 || serverIndex >= int(project.servers.size()))
        return {};
    const LaunchConfig &launch = project.launch;
    switch (spec.ports) {
    case CheckPorts::None:
        return {};
    case CheckPorts::Required:
        return requiredPorts(project, serverIndex);
    case CheckPorts::MasterPort:
        return {{{launch.masterPort, launch.masterPort}, u"master_port"_s}};
    case CheckPorts::HcclPorts:
        return {{{launch.hcclPorts.first, launch.hcclPorts.last}, u"HCCL host ports"_s}};
    }
    return {};
}

} // namespace cw
