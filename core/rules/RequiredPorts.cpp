#include "rules/RequiredPorts.h"

using namespace Qt::StringLiterals;

namespace cw {
std::vector<RequiredPort> requiredPorts(const Project &project, int serverIndex)
{
    std::vector<RequiredPort> ports;
    if (serverIndex < 0 || serverIndex >= int(project.servers.size()))
        return ports;
    const Server &server = project.servers[size_t(serverIndex)];
    const bool master = serverIndex == project.masterIndex();
    const bool mpirun = project.launch.mode == LaunchMode::Mpirun;
    if (mpirun && !master)
        ports.push_back({{server.port, server.port}, u"SSH (mpirun logs in from the master)"_s});
    if (master) {
        const int port = project.launch.masterPort;
        ports.push_back({{port, port},
                         project.launch.mode == LaunchMode::NoRankTable ? u"CM_CHIEF_PORT"_s
                                                                        : u"master_port"_s});
    }
    if (isAscend(project.accelerator))
        ports.push_back({{project.launch.hcclPorts.first, project.launch.hcclPorts.last},
                         u"HCCL host ports"_s});
    else
        ports.push_back({kEphemeralPorts, project.accelerator == Accelerator::Nvidia
                                              ? u"ephemeral ports (NCCL)"_s
                                              : u"ephemeral ports (gloo)"_s});
    if (mpirun && isAscend(project.accelerator))
        ports.push_back({kEphemeralPorts, u"ephemeral ports (OpenMPI daemons)"_s});
    return ports;
}

QString requiredPortText(const RequiredPort &port)
{
    return portSpanText(port.span) + u" ("_s + port.why + u')';
}

} // namespace cw
