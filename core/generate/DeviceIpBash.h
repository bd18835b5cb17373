// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/Project.h"

#include <QString>

namespace cw {

// The device IP plan as bash arrays and the bash functions around hccn_tool, which
// setup_device_ips.sh and check.sh share for ascend910 projects, so that both
// read the same plan and call hccn_tool the same way. Every hccn_tool command line comes from
// plan/HccnCommands.h through shellJoin(), and is stored as one quoted string that
// clusterwiz_run_words turns back into words without any other expansion.

enum class DeviceTableUse { SetIps, Check };

// Arrays, after planTable():
//   NODE_DEVICE_IPS           per server in launch order, "ip ip ...", parallel to NODE_DEVICES
//   DEVICE_NETMASK            the device network's netmask
//   HCCN_GET_IP_COMMANDS      by device id: the "-ip -g" command
// for SetIps (setup_device_ips.sh):
//   HCCN_SET_COMMANDS         by global rank: the "-ip -s" command of that device
//   HCCN_UNDO_TEMPLATES       by device id: the "-ip -s" command with the words ADDRESS and
//                             NETMASK, replaced at run time by the values found on the device
// for Check (check.sh):
//   HCCN_LINK_COMMANDS, HCCN_NET_HEALTH_COMMANDS, HCCN_TLS_COMMANDS   by device id
//   HCCN_NETDETECT_COMMANDS   by global rank of the peer device
QString deviceIpTable(const Project &project, DeviceTableUse use);

// Defines clusterwiz_run_words (runs one of the stored command lines with a time limit),
// clusterwiz_first_line, and clusterwiz_read_device_ip DEVICE, which sets READ_ADDRESS and
// READ_NETMASK from `hccn_tool -i N -ip -g` (parsed by prefix, spaces and unknown lines
// tolerated) or READ_ERROR and returns 1.
QString hccnFunctions();

} // namespace cw
