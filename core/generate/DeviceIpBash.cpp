// SPDX-License-Identifier: GPL-3.0-or-later
#include "generate/DeviceIpBash.h"

#include "generate/NodePlanBash.h"
#include "plan/HccnCommands.h"
#include "programs/ServerPrograms.h"
#include "shell/ShellQuote.h"

#include <set>

using namespace Qt::StringLiterals;

namespace cw {
namespace {

// A command line stored as a bash string: quoted once as words, once more as a value.
QString storedCommand(const QStringList &argv)
{
    return shellQuote(shellJoin(argv));
}

QString indexedArray(const QString &name, const std::vector<std::pair<int, QString>> &entries)
{
    QString text = name + u"=(\n"_s;
    for (const auto &[index, value] : entries)
        text += u"    ["_s + QString::number(index) + u"]="_s + value + u'\n';
    return text + u")\n"_s;
}

// The set command of one device with placeholder words, so that the undo lines written at run
// time have exactly the shape of the commands the plan runs.
QString undoTemplate(int device)
{
    Project scratch;
    scratch.accelerator = Accelerator::Ascend910;
    Server server;
    server.devices = {device};
    server.deviceIps = {QStringLiteral("ADDRESS")};
    scratch.servers.push_back(server);
    scratch.deviceNetwork.netmask = QStringLiteral("NETMASK");
    const std::vector<QStringList> commands = hccnSetIpCommands(scratch, 0);
    return commands.empty() ? QStringLiteral("''") : storedCommand(commands.front());
}

} // namespace

QString deviceIpTable(const Project &project, DeviceTableUse use)
{
    const bool check = use == DeviceTableUse::Check;
    std::vector<std::pair<int, QString>> setCommands, netdetectCommands;
    std::set<int> deviceIds;
    for (int index : project.launchOrder()) {
        const Server &server = project.servers[static_cast<size_t>(index)];
        const int firstRank = project.rankOffset(index);
        const std::vector<QStringList> commands = hccnSetIpCommands(project, index);
        for (size_t k = 0; k < server.devices.size(); ++k) {
            const int rank = firstRank + static_cast<int>(k);
            deviceIds.insert(server.devices[k]);
            if (!check && k < commands.size())
                setCommands.emplace_back(rank, storedCommand(commands[k]));
            if (check && static_cast<qsizetype>(k) < server.deviceIps.size()) {
                const QStringList argv = hccnNetdetectCommand(
                    server.devices[k], server.deviceIps[static_cast<qsizetype>(k)]);
                netdetectCommands.emplace_back(rank, storedCommand(argv));
            }
        }
    }
    std::vector<std::pair<int, QString>> getIp, link, netHealth, tls, undo;
    for (int device : deviceIds) {
        getIp.emplace_back(device, storedCommand(hccnGetIpCommand(device)));
        link.emplace_back(device, storedCommand(hccnLinkCommand(device)));
        netHealth.emplace_back(device, storedCommand(hccnNetHealthCommand(device)));
        tls.emplace_back(device, storedCommand(hccnTlsGetCommand(device)));
        undo.emplace_back(device, undoTemplate(device));
    }

    QString text = QStringLiteral("\n# Device IPs of every server (same order as NODE_DEVICES) and "
                                  "the hccn_tool command lines.\n");
    text += nodeDeviceIpsArray(project);
    text += u"DEVICE_NETMASK="_s + shellQuote(project.deviceNetwork.netmask) + u'\n';
    text += indexedArray(QStringLiteral("HCCN_GET_IP_COMMANDS"), getIp);
    if (check) {
        text += indexedArray(QStringLiteral("HCCN_LINK_COMMANDS"), link);
        text += indexedArray(QStringLiteral("HCCN_NET_HEALTH_COMMANDS"), netHealth);
        text += indexedArray(QStringLiteral("HCCN_TLS_COMMANDS"), tls);
        text += indexedArray(QStringLiteral("HCCN_NETDETECT_COMMANDS"), netdetectCommands);
    } else {
        text += indexedArray(QStringLiteral("HCCN_SET_COMMANDS"), setCommands);
        text += indexedArray(QStringLiteral("HCCN_UNDO_TEMPLATES"), undo);
    }
    return text;
}

QString hccnFunctions()
{
    return u'\n' + programText(program::device_ip_hccn_sh);
}

} // namespace cw
