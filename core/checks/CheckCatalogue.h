// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Every check of the check table (checks/CheckTable.h), as pure functions of what discovery and
// the active probes found: no SSH here, so each check is unit-tested on captured facts. A server
// that was not reached gets its `ssh` result and every other check of it as skipped; a server
// without a check's role (checkRole) gets it as skipped with the reason.

#include "checks/ActiveProbes.h"
#include "checks/CheckTypes.h"
#include "discover/Discovery.h"
#include "model/Project.h"

#include <vector>

namespace cw {

// `discovery[k]` belongs to servers[discovery[k].connection.serverIndex]; results come in server
// order, each server's checks in the order of the check table.
CheckReport evaluateChecks(const Project &project, const std::vector<ServerDiscovery> &discovery,
                           const ActiveProbes &probes);

// The check ids that apply to this project (applicableCheckIds()), in report order.
QStringList applicableChecks(const Project &project);

// Whether the catalogue has a verdict for that check id (every id of the table should).
bool catalogueDecides(const QString &id);

} // namespace cw
