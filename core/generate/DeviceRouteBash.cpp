// SPDX-License-Identifier: GPL-3.0-or-later
#include "generate/DeviceRouteBash.h"

#include "plan/HccnCommands.h"
#include "programs/ServerPrograms.h"
#include "rules/DeviceRoutes.h"
#include "shell/ShellQuote.h"

#include <set>
#include <utility>
#include <vector>

using namespace Qt::StringLiterals;

namespace cw {
namespace {

QString stored(const QStringList &argv)
{
    return shellQuote(shellJoin(argv));
}

QString indexed(const QString &name, const std::vector<std::pair<int, QString>> &entries)
{
    QString text = name + u"=(\n"_s;
    for (const auto &[index, value] : entries)
        text += u"    ["_s + QString::number(index) + u"]="_s + value + u'\n';
    return text + u")\n"_s;
}

} // namespace

QString deviceRouteTable(const Project &project)
{
    if (!isRouted(project.deviceNetwork))
        return {};
    std::vector<std::pair<int, QString>> gateways, detects, gatewayCommands, detectCommands;
    std::set<int> deviceIds;
    for (int index : project.launchOrder()) {
        const Server &server = project.servers[static_cast<size_t>(index)];
        const int firstRank = project.rankOffset(index);
        for (size_t k = 0; k < server.devices.size(); ++k) {
            const int rank = firstRank + static_cast<int>(k);
            const int device = server.devices[k];
            deviceIds.insert(device);
            const DeviceRoute route =
                deviceRoute(project.deviceNetwork, server.deviceIps.value(qsizetype(k)));
            if (!route.gateway.isEmpty()) {
                gateways.emplace_back(rank, shellQuote(route.gateway));
                gatewayCommands.emplace_back(rank,
                                             stored(hccnSetGatewayCommand(device, route.gateway)));
            }
            if (!route.detectIp.isEmpty()) {
                detects.emplace_back(rank, shellQuote(route.detectIp));
                detectCommands.emplace_back(rank,
                                            stored(hccnNetdetectCommand(device, route.detectIp)));
            }
        }
    }
    std::vector<std::pair<int, QString>> gatewayUndo, detectUndo;
    for (int device : deviceIds) {
        gatewayUndo.emplace_back(device, stored(hccnSetGatewayCommand(device, u"GATEWAY"_s)));
        detectUndo.emplace_back(device, stored(hccnNetdetectCommand(device, u"ADDRESS"_s)));
    }
    QString text =
        u"\n# Routed device network: each device's gateway and detect IP by global rank, "
        "and the hccn_tool command lines.\n"_s;
    text += indexed(u"DEVICE_GATEWAYS"_s, gateways);
    text += indexed(u"DEVICE_DETECT_IPS"_s, detects);
    text += indexed(u"HCCN_GATEWAY_COMMANDS"_s, gatewayCommands);
    text += indexed(u"HCCN_DETECT_COMMANDS"_s, detectCommands);
    text += indexed(u"HCCN_GATEWAY_UNDO_TEMPLATES"_s, gatewayUndo);
    text += indexed(u"HCCN_DETECT_UNDO_TEMPLATES"_s, detectUndo);
    return text;
}

QString deviceRoutePart(const Project &project, RoutePart part)
{
    if (!isRouted(project.deviceNetwork))
        return {};
    // Each part goes at the start of a line; Read and Apply end in a blank one.
    switch (part) {
    case RoutePart::Functions:
        return u'\n' + programText(program::device_route_read_sh);
    case RoutePart::Read: // after pass 1: which devices need their gateway or detect IP set
        return programText(program::setup_device_ips_route_read_sh) + u'\n';
    case RoutePart::DryRun:
        return programText(program::setup_device_ips_route_dry_run_sh);
    case RoutePart::Backup: // after the address lines, so that undo restores the address first
        return programText(program::setup_device_ips_route_backup_sh);
    case RoutePart::Apply: // pass 2, after the addresses: gateway, detect IP, then read back
        return programText(program::setup_device_ips_route_apply_sh) + u'\n';
    case RoutePart::CheckRestore: // check.sh --net leaves each device detecting a peer
        return programText(program::check_device_route_restore_sh);
    }
    return {};
}

} // namespace cw
