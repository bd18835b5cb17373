// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/Project.h"

#include <QString>

#include <utility>
#include <vector>

namespace cw {

// The HCCL variables a job on more than one Ascend server needs and that the vendor guides set
// by hand (seeds 000/001: HCCL_WHITELIST_DISABLE=1 on every server), plus a connect timeout
// long enough for 128 servers to start. A variable the project's env sets itself is left out;
// empty for one server or another accelerator. `whitelistPath` is the shell word that names
// hccl_whitelist.json where the job runs. docs/launch.md lists them with their sources.
std::vector<std::pair<QString, QString>> hcclDefaults(const Project &project,
                                                      const QString &whitelistPath);

// True when the project gets hccl_whitelist.json: launch.hccl_whitelist is host_ips on more
// than one Ascend server.
bool writesHcclWhitelist(const Project &project);

// hccl_whitelist.json: the servers' host IPs in HCCL's trust list format,
// { "host_ip": [...] } (device_ip is reserved and left out).
QByteArray hcclWhitelistJson(const Project &project);

} // namespace cw
