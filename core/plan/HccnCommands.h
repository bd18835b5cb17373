// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/Project.h"

#include <QStringList>

#include <vector>

namespace cw {

// argv of the hccn_tool calls that give one server's devices their planned IPs, in device
// order: {"hccn_tool", "-i", "0", "-ip", "-s", "address", IP, "netmask", MASK}. Callers quote
// them with shellJoin(). Also the read-back ("-ip -g") and detection ("-netdetect -s address")
// calls used by setup_device_ips.sh and check.sh.
std::vector<QStringList> hccnSetIpCommands(const Project &project, int serverIndex);
QStringList hccnSetIpCommand(int device, const QString &address, const QString &netmask);
QStringList hccnGetIpCommand(int device);
QStringList hccnNetdetectCommand(int device, const QString &peerAddress);
QStringList hccnNetHealthCommand(int device);
QStringList hccnLinkCommand(int device);
// Routed device networks: `hccn_tool -i N -gateway -s gateway G`, the form A2 deployment guides
// run for ascend-deployer's `gateways` (docs/ascend.md); the detect IP: hccnNetdetectCommand().
QStringList hccnSetGatewayCommand(int device, const QString &gateway);
// Where hccn_tool keeps what it set (address_N, netmask_N, netdetect_N, gateway_N lines); the
// read-back source for gateways and detect IPs, whose `-g` output Huawei does not document.
inline constexpr const char *kHccnConfPath = "/etc/hccn.conf";
// The TLS switch: `-tls -g` reads it, `-tls -s enable 0|1` sets it.
QStringList hccnTlsGetCommand(int device);
QStringList hccnTlsSetCommand(int device, bool enable);

} // namespace cw
