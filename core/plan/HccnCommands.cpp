// SPDX-License-Identifier: GPL-3.0-or-later
#include "plan/HccnCommands.h"

#include "net/Ipv4.h"

namespace cw {
namespace {

// Every call names the device with "-i N"; building the prefix once keeps the argv shapes aligned.
QStringList hccnFor(int device)
{
    return {QStringLiteral("hccn_tool"), QStringLiteral("-i"), QString::number(device)};
}

} // namespace

std::vector<QStringList> hccnSetIpCommands(const Project &project, int serverIndex)
{
    std::vector<QStringList> commands;
    if (serverIndex < 0 || serverIndex >= static_cast<int>(project.servers.size()))
        return commands;
    const Server &server = project.servers[static_cast<size_t>(serverIndex)];
    const QString &netmask = project.deviceNetwork.netmask;
    const size_t count =
        std::min(server.devices.size(), static_cast<size_t>(server.deviceIps.size()));
    for (size_t k = 0; k < count; ++k)
        commands.push_back(hccnSetIpCommand(server.devices[k],
                                            server.deviceIps[static_cast<qsizetype>(k)], netmask));
    return commands;
}

QStringList hccnSetIpCommand(int device, const QString &address, const QString &netmask)
{
    return hccnFor(device) << QStringLiteral("-ip") << QStringLiteral("-s")
                           << QStringLiteral("address") << address << QStringLiteral("netmask")
                           << netmask;
}

QStringList hccnGetIpCommand(int device)
{
    return hccnFor(device) << QStringLiteral("-ip") << QStringLiteral("-g");
}

QStringList hccnNetdetectCommand(int device, const QString &peerAddress)
{
    return hccnFor(device) << QStringLiteral("-netdetect") << QStringLiteral("-s")
                           << QStringLiteral("address") << peerAddress;
}

QStringList hccnNetHealthCommand(int device)
{
    return hccnFor(device) << QStringLiteral("-net_health") << QStringLiteral("-g");
}

QStringList hccnSetGatewayCommand(int device, const QString &gateway)
{
    return hccnFor(device) << QStringLiteral("-gateway") << QStringLiteral("-s")
                           << QStringLiteral("gateway") << gateway;
}

QStringList hccnLinkCommand(int device)
{
    return hccnFor(device) << QStringLiteral("-link") << QStringLiteral("-g");
}

QStringList hccnTlsGetCommand(int device)
{
    return hccnFor(device) << QStringLiteral("-tls") << QStringLiteral("-g");
}

QStringList hccnTlsSetCommand(int device, bool enable)
{
    return hccnFor(device) << QStringLiteral("-tls") << QStringLiteral("-s")
                           << QStringLiteral("enable")
                           << (enable ? QStringLiteral("1") : QStringLiteral("0"));
}

} // namespace cw
