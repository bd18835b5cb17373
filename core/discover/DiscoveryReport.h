// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Discovery results as text for people (a table, one row per server) and as JSON for programs
// (`clusterwiz-cli discover --json`).

#include "discover/Discovery.h"
#include "model/Project.h"

#include <QString>

#include <nlohmann/json_fwd.hpp>

#include <vector>

namespace cw {

// One short cell each, as the table shows them: "8 NPU, 8 OK", "3.11.2, torch 1.13.1",
// "Open MPI 4.1.4", "-" when unknown or missing.
QString discoveryDevicesText(const ServerFacts &facts);
QString discoveryPythonText(const ServerFacts &facts);
QString discoveryMpirunText(const ServerFacts &facts);

// Columns NAME HOSTNAME HOST-IP NIC OS DEVICES PYTHON MPIRUN FIREWALL, aligned; a server that
// failed gets its name and "error: <SshError message>" instead. HOST-IP and NIC are those of
// `project` (pass the filled project to show what discovery found).
QString discoveryTable(const Project &project, const std::vector<ServerDiscovery> &results);

// {"servers": [{"name", "host", "port", "ok", "error"?, "host_key", "auth_method",
//   "elapsed_ms", "facts"?}...]}; facts hold hostname, host_ips, nics, os, npu, ascend_devices,
// gpus, python, mpirun, firewall, sshd, complete and issues.
nlohmann::ordered_json discoveryToJson(const Project &project,
                                       const std::vector<ServerDiscovery> &results);

} // namespace cw
