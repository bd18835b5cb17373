#pragma once

// The TCP ports a server must let in from the other servers for the job to start, as PRODUCT.md
// lists them: the SSH port (mpirun logs in from the master), master_port on the master (torch's
// store, CM_CHIEF_PORT), the HCCL host port range on Ascend servers, and the ephemeral range
// where gloo, NCCL or OpenMPI's daemons connect to ports the kernel picks. The firewall-ports
// check reads these in the C++ catalogue and in check.sh alike (checks/CheckTable.h).

#include "model/Project.h"
#include "net/PortSpan.h"

#include <QString>

#include <vector>

namespace cw {

// Linux's default net.ipv4.ip_local_port_range: the ports gloo/NCCL/orted listen on.
inline constexpr PortSpan kEphemeralPorts{32768, 60999};

struct RequiredPort {
    PortSpan span;
    QString why; // "master_port", "HCCL host ports", "SSH (mpirun ...)", "ephemeral ports (gloo)"
    bool operator==(const RequiredPort &) const = default;
};

// servers[serverIndex]'s ports, in a fixed order; empty for an index out of range.
std::vector<RequiredPort> requiredPorts(const Project &project, int serverIndex);

// "29501 (master_port)": how the checks name a required port.
QString requiredPortText(const RequiredPort &port);

} // namespace cw
