// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The TCP ports a server must let in from the other servers for the job to start, as PRODUCT.md
// lists them: the SSH port (mpirun logs in from the master), master_port on the master (torch's
// store, CM_CHIEF_PORT), the HCCL host port range on Ascend servers, and the ephemeral range
// where gloo, NCCL or OpenMPI's daemons connect to ports the kernel picks. The one list: the
// firewall-ports check reads it in the C++ catalogue and in check.sh alike (checks/CheckTable.h),
// the open-ports fix opens it, README.txt lists it and the doctor connects to it
// (doctor/PortTest.h).

#include "model/Project.h"
#include "net/PortSpan.h"

#include <QString>

#include <vector>

namespace cw {

// Linux's default net.ipv4.ip_local_port_range: the ports gloo/NCCL/orted listen on.
inline constexpr PortSpan kEphemeralPorts{32768, 60999};

// What a required port is for, which says how the doctor tries it: sshd already listens on the
// SSH port; the others get a listener, on master_port, on the HCCL range's first port, and on
// one port of the ephemeral range that the kernel picks.
enum class PortUse { Ssh, Master, Hccl, Ephemeral };

struct RequiredPort {
    PortSpan span;
    QString why; // "master_port", "HCCL host ports", "SSH (mpirun ...)", "ephemeral ports (gloo)"
    PortUse use = PortUse::Master;
    bool operator==(const RequiredPort &) const = default;
};

// servers[serverIndex]'s ports, in a fixed order; empty for an index out of range.
std::vector<RequiredPort> requiredPorts(const Project &project, int serverIndex);

// The master's port of the list (master_port, or CM_CHIEF_PORT in no-ranktable mode) and the
// HCCL range, for the checks that look at one of them alone.
RequiredPort masterPortRequirement(const Project &project);
RequiredPort hcclPortsRequirement(const Project &project);

// "29501 (master_port)": how the checks name a required port.
QString requiredPortText(const RequiredPort &port);

} // namespace cw
