// SPDX-License-Identifier: GPL-3.0-or-later
// /etc/hccn.conf: what hccn_tool wrote for the devices of one server, `address_N=IP` and
// `netmask_N=MASK` per device N (PRODUCT.md "Output formats the checks read"; hccl_tools.py reads
// the address_ lines the same way: github.com/mindspore-ai/models utils/hccl_tools/hccl_tools.py).
// gateway_N and netdetect_N (what `-gateway -s gateway` and `-netdetect -s address` set, kept
// in the same file) become device_network.gateways / detect_ips (ImportRoutes.cpp); other keys
// hccn_tool keeps there are not part of a plan.
#include "exchange/ImportShared.h"

#include "net/Ipv4.h"
#include "rules/ValueRules.h"

#include <QHash>
#include <QRegularExpression>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace cw {
namespace {

constexpr int kMaxDevice = 7; // Ascend 910: devices 0-7

struct HccnValues {
    QHash<int, QString> addresses;
    QHash<int, QString> netmasks;
    QHash<int, std::pair<QString, int>> gateways, detects; // device -> value, line
    QHash<QString, int> seenOn; // key -> line, to refuse a key given twice
};

void readLine(const SourceLine &line, HccnValues &values, ImportLog &log)
{
    static const QRegularExpression keyValue(u"^([A-Za-z_]+)_(\\d+)\\s*=\\s*(.*)$"_s);
    const qsizetype equals = line.text.indexOf(u'=');
    if (equals < 0) {
        log.error(
            u"hccn-syntax"_s, line.number,
            u"\"%1\" is not key=value (expected e.g. address_0=192.168.100.101)"_s.arg(line.text));
        return;
    }
    const QRegularExpressionMatch match = keyValue.match(line.text);
    if (!match.hasMatch()) {
        log.couldNotCarry(line.number, line.text.left(equals).trimmed());
        return;
    }
    const QString kind = match.captured(1);
    const QString value = match.captured(3).trimmed();
    const QString key = kind + u'_' + match.captured(2);
    if (kind != u"address" && kind != u"netmask" && kind != u"gateway" && kind != u"netdetect") {
        log.couldNotCarry(line.number,
                          key + u" (clusterwiz plans addresses, netmasks, gateways and detect IPs "
                                "only)"_s);
        return;
    }
    const std::optional<int> device = strictNumber(match.captured(2), 0, kMaxDevice);
    if (!device) {
        log.error(u"hccn-device"_s, line.number,
                  u"%1: device %2 is not an Ascend 910 device (0-7)"_s.arg(key, match.captured(2)));
        return;
    }
    if (values.seenOn.contains(key)) {
        log.error(u"hccn-duplicate"_s, line.number,
                  u"%1 is set again (first on line %2)"_s.arg(key).arg(values.seenOn.value(key)));
        return;
    }
    values.seenOn.insert(key, line.number);
    if (const QString problem = ipv4Problem(value); !problem.isEmpty()) {
        log.error(u"hccn-address"_s, line.number, key + u": "_s + problem);
        return;
    }
    if (kind == u"netmask" && !netmaskPrefix(*Ipv4::parse(value))) {
        log.error(u"hccn-netmask"_s, line.number,
                  u"%1: %2 is not a netmask (contiguous ones)"_s.arg(key, value));
        return;
    }
    if (kind == u"gateway" || kind == u"netdetect")
        (kind == u"gateway" ? values.gateways : values.detects)
            .insert(*device, std::pair{value, line.number});
    else
        (kind == u"address" ? values.addresses : values.netmasks).insert(*device, value);
}

// One netmask for the whole device network, when the file gives one.
QString commonNetmask(const HccnValues &values, ImportLog &log)
{
    QStringList distinct;
    for (const QString &mask : values.netmasks) {
        if (!distinct.contains(mask))
            distinct << mask;
    }
    if (distinct.size() > 1) {
        distinct.sort();
        log.note(u"could not carry: the devices have different netmasks (%1); clusterwiz uses "
                 u"one for the whole device network, left for clusterwiz-cli plan to choose"_s.arg(
                     distinct.join(u", "_s)));
        return {};
    }
    QList<int> devices = values.addresses.keys();
    std::sort(devices.begin(), devices.end()); // notes in device order, the same on every run
    for (const int device : devices) {
        if (!values.netmasks.contains(device))
            log.note(u"device %1 has no netmask_%1 in the file"_s.arg(device));
    }
    return distinct.value(0);
}

} // namespace

ImportResult importHccnConf(const QByteArray &text, const QString &source,
                            const ImportOptions &options)
{
    ImportResult result;
    ImportLog log(&result, source);
    if (const QString problem = serverNameProblem(options.serverName); !problem.isEmpty()) {
        log.error(u"hccn-server"_s, 0,
                  u"hccn.conf describes one server: name it (server name %1)"_s.arg(problem));
        return result;
    }
    HccnValues values;
    for (const SourceLine &line : meaningfulLines(text, true))
        readLine(line, values, log);
    if (values.addresses.isEmpty() && result.errors.empty())
        log.error(u"hccn-empty"_s, 0, u"no address_N lines in this file"_s);
    const QString netmask = commonNetmask(values, log);

    Project project;
    int index = -1;
    if (options.into) {
        project = *options.into;
        index = project.serverIndex(options.serverName).value_or(-1);
        if (index < 0) {
            log.error(u"hccn-server"_s, 0,
                      u"the project has no server named %1"_s.arg(options.serverName));
            return result;
        }
        if (!isAscend(project.accelerator))
            log.error(u"hccn-accelerator"_s, 0,
                      u"device IPs are for ascend910 and ascend910b projects; this one is %1"_s.arg(
                          acceleratorName(project.accelerator)));
    } else {
        project =
            newImportedProject(options, source, Accelerator::Ascend910, LaunchMode::Launch, log);
        Server server;
        server.name = options.serverName;
        server.host = options.serverName;
        project.servers.push_back(server);
        index = 0;
        log.note(u"host of %1 is its name: change it if this machine reaches the server by "
                 u"another address"_s.arg(server.name));
    }
    setDevices(project.servers[index], values.addresses);
    if (!netmask.isEmpty()) {
        if (!project.deviceNetwork.netmask.isEmpty() && project.deviceNetwork.netmask != netmask)
            log.note(u"device_network.netmask %1 replaced by the file's %2"_s.arg(
                project.deviceNetwork.netmask, netmask));
        project.deviceNetwork.netmask = netmask;
    }
    std::vector<FoundRoute> routes;
    const Server &server = project.servers[index];
    for (size_t k = 0; k < server.devices.size(); ++k) {
        const int device = server.devices[k];
        if (!values.gateways.contains(device) && !values.detects.contains(device))
            continue;
        const auto gateway = values.gateways.value(device);
        const auto detect = values.detects.value(device);
        routes.push_back({index, qsizetype(k), gateway.first, detect.first,
                          gateway.second ? gateway.second : detect.second});
    }
    carryRoutes(project, routes, log);
    if (!options.into)
        chooseAscendGeneration(project, options, log);
    result.project = project;
    return result;
}

} // namespace cw
