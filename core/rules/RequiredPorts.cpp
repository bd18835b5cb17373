// SPDX-License-Identifier: GPL-3.0-or-later
#include "rules/RequiredPorts.h"

using namespace Qt::StringLiterals;

namespace cw {

RequiredPort masterPortRequirement(const Project &project)
{
    const int port = project.launch.masterPort;
    return {{port, port},
            project.launch.mode == LaunchMode::NoRankTable ? u"CM_CHIEF_PORT"_s : u"master_port"_s,
            PortUse::Master};
}

RequiredPort hcclPortsRequirement(const Project &project)
{
    return {{project.launch.hcclPorts.first, project.launch.hcclPorts.last},
            u"HCCL host ports"_s,
            PortUse::Hccl};
}

std::vector<RequiredPort> requiredPorts(const Project &project, int serverIndex)
{
    std::vector<RequiredPort> ports;
    if (serverIndex < 0 || serverIndex >= int(project.servers.size()))
        return ports;
    const Server &server = project.servers[size_t(serverIndex)];
    const bool master = serverIndex == project.masterIndex();
    const bool mpirun = project.launch.mode == LaunchMode::Mpirun;
    // run.sh's mpirun runs on the master and starts the master's own ranks without SSH (it passes
    // ssh the other servers' port alone), so only the other servers' SSH port is needed.
    if (mpirun && !master)
        ports.push_back(
            {{server.port, server.port}, u"SSH (mpirun logs in from the master)"_s, PortUse::Ssh});
    if (master)
        ports.push_back(masterPortRequirement(project));
    if (isAscend(project.accelerator))
        ports.push_back(hcclPortsRequirement(project));
    else
        ports.push_back({kEphemeralPorts,
                         project.accelerator == Accelerator::Nvidia ? u"ephemeral ports (NCCL)"_s
                                                                    : u"ephemeral ports (gloo)"_s,
                         PortUse::Ephemeral});
    if (mpirun && isAscend(project.accelerator))
        ports.push_back(
            {kEphemeralPorts, u"ephemeral ports (OpenMPI daemons)"_s, PortUse::Ephemeral});
    return ports;
}

QString requiredPortText(const RequiredPort &port)
{
    return portSpanText(port.span) + u" ("_s + port.why + u')';
}

} // namespace cw
