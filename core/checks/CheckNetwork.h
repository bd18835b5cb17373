// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The checks between servers: firewall rules for the job's ports, the master port and the HCCL
// ports (free, and master_port reachable from every server), and for mpirun password-free SSH
// from the master (CheckNetwork.cpp).

#include "checks/CheckContext.h"
#include "checks/ScriptConstants.h"

namespace cw::checks {

// The connect timeout and texts of master-port-reachable that check.sh decides with.
std::vector<ScriptConstant> networkScriptConstants();

// ssh: this client's connection to the server (runs for unreached servers too).
CheckResult checkSsh(const CheckContext &context);
CheckResult checkFirewallPorts(const CheckContext &context);
CheckResult checkMasterPortFree(const CheckContext &context);
CheckResult checkHcclPortsFree(const CheckContext &context);
// hccl-ports-reserved: the HCCL range inside ip_local_port_range must be in
// ip_local_reserved_ports.
CheckResult checkHcclPortsReserved(const CheckContext &context);
CheckResult checkMasterPortReach(const CheckContext &context);
CheckResult checkPeerLogin(const CheckContext &context);
CheckResult checkKnownHosts(const CheckContext &context);

} // namespace cw::checks
