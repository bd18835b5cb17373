// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Discovery of a whole fleet: the probe script (discover/ProbeScript.h) run over SSH on every
// server at once (FleetRunner), its output parsed (discover/ProbeParsers.h), and what was learned
// folded back into the project where the user left a field empty.

#include "discover/ServerFacts.h"
#include "fleet/FleetRunner.h"
#include "model/Project.h"

#include <QStringList>

#include <atomic>
#include <functional>
#include <optional>
#include <vector>

namespace cw {

// One server's discovery: the connection (error, host key, auth method) and, when the probe ran
// to an answer, its facts. `facts` is empty exactly when connection.error is set.
struct ServerDiscovery {
    FleetResult connection;
    std::optional<ServerFacts> facts;

    bool ok() const { return connection.ok() && facts.has_value(); }
};

// More work in a server's own login, right after its probe answered (check's master-port
// connects ride on discovery's logins instead of opening a second one per server), and a server
// to take before all the others (the one that work waits on).
struct DiscoveryFollowUp {
    std::function<void(FleetTask &task, const ServerFacts &facts)> afterProbe;
    int first = -1;
};

// Runs probeCommand() on every server; results in project order.
std::vector<ServerDiscovery> discoverFleet(const Project &project, const FleetOptions &options,
                                           const FleetProgress &progress = {},
                                           const std::atomic<bool> *cancel = nullptr,
                                           const DiscoveryFollowUp &followUp = {});

// The project with empty fields filled from discovery; servers without facts are unchanged, and
// a field the user set is never overwritten:
// - host_ip: the `hostname -I` address equal to `host` when there is one, else the first IPv4
//   address it lists;
// - devices: the NPU ids `npu-smi info` lists (ascend910, ascend910b; the dies' Chip Phy-IDs
//   on ascend910_93) or the GPU indices of `nvidia-smi -L`
//   (nvidia); nothing for cpu;
// - device_ips (ascend910, when empty): the current `hccn_tool -i N -ip -g` address of every
//   device in devices, only when every one of them has one (a partial list would misalign);
// - super_device_ids (ascend910_93, when empty): every die's SDID of `npu-smi info -t
//   spod-info`, only when every die in devices has one;
// - nic: the NIC holding the (now known) host IP;
// - launch.env_setup (Ascend, when no line sources CANN's set_env.sh): `source` of the first
//   of cannSetEnvPaths() that a server has.
// `results[k]` belongs to servers[results[k].connection.serverIndex]. `changes`, when given,
// receives one "servers[I].FIELD: VALUE" line per filled field.
Project applyDiscovery(const Project &project, const std::vector<ServerDiscovery> &results,
                       QStringList *changes = nullptr);

} // namespace cw
