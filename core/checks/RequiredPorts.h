#pragma once

// The TCP ports a server must let in from the other servers for the job to start, as PRODUCT.md
// lists them: the SSH port (mpirun logs in from the master), master_port on the master (torch's
// store, CM_CHIEF_PORT), the HCCL host port range on Ascend servers, and the ephemeral range
// where gloo, NCCL or OpenMPI's daemons connect to ports the kernel picks.

#include "discover/FirewallFacts.h"
#include "model/Project.h"

#include <QString>

#include <vector>

namespace cw {

// Linux's default net.ipv4.ip_local_port_range: the ports gloo/NCCL/orted listen on.
inline constexpr PortSpan kEphemeralPorts{32768, 60999};

struct RequiredPort {
    PortSpan span;
    QString why; // "master_port", "HCCL ports", "SSH (mpirun)", "ephemeral (gloo)"
};

std::vector<RequiredPort> requiredPorts(const Project &project, int serverIndex);

// The first port of `span` the firewall does not let in, with its decision; ports are tested
// one by one for small spans and at both ends and the middle for wide ones (a rule that splits
// a wide range elsewhere goes unnoticed: the check then says what it sampled). nullopt: all
// sampled ports are allowed.
struct SpanDecision {
    int port = 0;
    PortDecision decision;
};
std::optional<SpanDecision> firstRefusedPort(const FirewallFacts &facts, const PortSpan &span);

} // namespace cw
