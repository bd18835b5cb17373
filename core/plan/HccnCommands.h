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
// The TLS switch: `-tls -g` reads it, `-tls -s enable 0|1` sets it.
QStringList hccnTlsGetCommand(int device);
QStringList hccnTlsSetCommand(int device, bool enable);

} // namespace cw
