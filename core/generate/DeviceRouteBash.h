// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/Project.h"

#include <QString>

namespace cw {

// The routed part of setup_device_ips.sh (device_network.gateways / detect_ips): emitted only
// for a routed project, so that every other script stays as it was. The gateway and the detect
// IP are set after the address with `hccn_tool -i N -gateway -s gateway G` and
// `-netdetect -s address D`, and read back from /etc/hccn.conf (gateway_N=, netdetect_N=):
// Huawei documents the `-gateway -g` and `-netdetect -g` commands but not their output.

// Arrays by global rank: DEVICE_GATEWAYS, DEVICE_DETECT_IPS, HCCN_GATEWAY_COMMANDS,
// HCCN_DETECT_COMMANDS; by device id: HCCN_GATEWAY_UNDO_TEMPLATES (word GATEWAY),
// HCCN_DETECT_UNDO_TEMPLATES (word ADDRESS). Empty for a project that is not routed.
QString deviceRouteTable(const Project &project);

// The pieces of setup_device_ips.sh (resources/server/setup-device-ips-route-*.sh) and of
// check.sh (Functions, and CheckRestore after its --net test) for a routed project; empty for a
// project that is not routed.
enum class RoutePart { Functions, Read, DryRun, Backup, Apply, CheckRestore };
QString deviceRoutePart(const Project &project, RoutePart part);

} // namespace cw
