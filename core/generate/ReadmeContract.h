// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/Project.h"

#include <QString>

namespace cw {

// README.txt's "What the training code must do": the variables the chosen mode sets, DEVICE_ID
// against LOCAL_RANK for device subsets, and never overriding MASTER_ADDR.
QString scriptContractText(const Project &project);

// README.txt's "Before the first run": SSH keys from the master, the ports to open on each
// server, and (with setup_device_ips.sh) root for device IPs and check.sh --net.
QString serverSetupText(const Project &project, bool deviceIpScript);

} // namespace cw
