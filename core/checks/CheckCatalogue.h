#pragma once

// Every check of PRODUCT.md's "Discovery and checks", as pure functions of what discovery and the
// active probes found: no SSH here, so each check is unit-tested on captured facts. A server that
// was not reached gets its `ssh` result and every other check of it as skipped.

#include "checks/ActiveProbes.h"
#include "checks/CheckTypes.h"
#include "discover/Discovery.h"
#include "model/Project.h"

#include <vector>

namespace cw {

// `discovery[k]` belongs to servers[discovery[k].connection.serverIndex]; results come in server
// order, each server's checks in the order of the check:: ids.
CheckReport evaluateChecks(const Project &project, const std::vector<ServerDiscovery> &discovery,
                           const ActiveProbes &probes);

// The check ids that apply to this project (mode and accelerator), in report order.
QStringList applicableChecks(const Project &project);

} // namespace cw
