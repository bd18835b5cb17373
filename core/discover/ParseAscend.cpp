// SPDX-License-Identifier: GPL-3.0-or-later
// Parsers for the Ascend tools: `npu-smi info`, `hccn_tool -i N -ip/-link/-net_health -g` and
// /etc/hccn.conf, in the formats the vendor documents.
#include "discover/ProbeParsers.h"

#include "discover/ProbeText.h"
#include "net/Ipv4.h"

#include <QRegularExpression>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace cw {
namespace {

void report(QString *problem, const QString &text)
{
    if (problem && problem->isEmpty())
        *problem = unrecognisedOutput(text);
}

// The cells of a table row "| a | b | c |", trimmed, whitespace inside collapsed.
QStringList tableCells(const QString &line)
{
    QStringList cells = line.trimmed().split(u'|');
    if (!cells.isEmpty())
        cells.removeFirst();
    if (!cells.isEmpty() && cells.back().trimmed().isEmpty())
        cells.removeLast();
    for (QString &cell : cells)
        cell = cell.simplified();
    return cells;
}

} // namespace

NpuFacts parseNpuSmiInfo(const QString &text, QString *problem)
{
    // | 0     910B1               | OK            | 93.6        40                0    / 0   |
    // | 0                         | 0000:C1:00.0  | 0           0    / 0          3378 / 65536 |
    static const QRegularExpression npuCell(u"^(\\d+) (\\S.*)$"_s);
    static const QRegularExpression chipCell(u"^\\d+( \\d+)?$"_s);
    static const QRegularExpression busId(
        u"^[0-9A-Fa-f]{4,8}:[0-9A-Fa-f]{2}:[0-9A-Fa-f]{2}\\.[0-7]$"_s);
    static const QRegularExpression health(u"^[A-Za-z][A-Za-z _-]*$"_s);
    static const QRegularExpression version(u"npu-smi\\s+(\\S+)"_s);
    NpuFacts npu;
    npu.toolFound = true;
    bool header = false;
    bool truncated = false;
    bool processTable = false;
    QString lastTableLine;
    for (const QString &line : probeLines(text)) {
        const QString trimmed = line.trimmed();
        if (trimmed.isEmpty())
            continue;
        if (trimmed.startsWith(u'|') || trimmed.startsWith(u'+'))
            lastTableLine = trimmed;
        if (!trimmed.startsWith(u'|'))
            continue;
        if (!trimmed.endsWith(u'|'))
            truncated = true;
        const QStringList cells = tableCells(trimmed);
        if (cells.isEmpty())
            continue;
        if (npu.smiVersion.isEmpty() && cells[0].contains(u"Version:"_s)) {
            if (const auto match = version.match(cells[0]); match.hasMatch())
                npu.smiVersion = match.captured(1);
            continue;
        }
        if (cells.size() >= 2 && cells[0].startsWith(u"NPU"_s) && cells[1] == u"Health"_s) {
            header = true;
            continue;
        }
        if (cells.size() >= 2 && cells[0].startsWith(u"NPU"_s) && cells[1] == u"Process id"_s) {
            processTable = true;
            continue;
        }
        if (!header || cells.size() < 2)
            continue;
        const auto npuMatch = npuCell.match(cells[0]);
        if (npuMatch.hasMatch() && !chipCell.match(cells[0]).hasMatch() &&
            health.match(cells[1]).hasMatch()) {
            NpuDevice device;
            device.id = npuMatch.captured(1).toInt();
            device.name = npuMatch.captured(2);
            device.health = cells[1];
            const bool known = std::any_of(npu.devices.begin(), npu.devices.end(),
                                           [&](const NpuDevice &d) { return d.id == device.id; });
            if (!known)
                npu.devices.push_back(device);
            continue;
        }
        if (chipCell.match(cells[0]).hasMatch() && busId.match(cells[1]).hasMatch() &&
            !npu.devices.empty() && npu.devices.back().busId.isEmpty())
            npu.devices.back().busId = cells[1];
    }
    // The full output ends with the process table and its closing border; without them it
    // was cut short, maybe between two NPUs.
    if (!lastTableLine.startsWith(u'+') || !processTable)
        truncated = true;
    npu.count = static_cast<int>(npu.devices.size());
    npu.present = npu.count > 0;
    if (npu.present)
        npu.chipName = npu.devices.front().name;
    if (!npu.present || truncated)
        report(problem, text);
    return npu;
}

std::optional<HccnIp> parseHccnIp(const QString &text, QString *problem)
{
    HccnIp ip;
    for (const QString &line : probeLines(text)) {
        if (const auto value = valueForKey(line, u"ipaddr"); value && ip.address.isEmpty())
            ip.address = *value;
        else if (const auto value = valueForKey(line, u"netmask"); value && ip.netmask.isEmpty())
            ip.netmask = *value;
    }
    if (!Ipv4::parse(ip.address) || !Ipv4::parse(ip.netmask)) {
        report(problem, text);
        return std::nullopt;
    }
    return ip;
}

LinkState parseHccnLink(const QString &text, QString *problem)
{
    for (const QString &line : probeLines(text)) {
        const auto value = valueForKey(line, u"link status");
        if (!value)
            continue;
        if (value->compare(u"UP"_s, Qt::CaseInsensitive) == 0)
            return LinkState::Up;
        if (value->compare(u"DOWN"_s, Qt::CaseInsensitive) == 0)
            return LinkState::Down;
        break;
    }
    report(problem, text);
    return LinkState::Unknown;
}

NetHealth parseHccnNetHealth(const QString &text, QString *problem)
{
    for (const QString &line : probeLines(text)) {
        const auto value = valueForKey(line, u"net health status");
        if (!value)
            continue;
        if (const auto health = netHealthFromText(*value))
            return *health;
        break;
    }
    report(problem, text);
    return NetHealth::Unknown;
}

HccnConfFacts parseHccnConf(const QString &text, QString *problem)
{
    static const QRegularExpression entry(
        u"^\\s*(address|netmask|netdetect|gateway)_(\\d+)\\s*=\\s*(\\S*)\\s*$"_s);
    static const QRegularExpression assignment(u"^\\w+\\s*="_s);
    HccnConfFacts conf;
    conf.present = true;
    bool anyAssignment = false;
    bool badValue = false;
    bool content = false;
    for (const QString &line : probeLines(text)) {
        const QString trimmed = line.trimmed();
        if (trimmed.isEmpty() || trimmed.startsWith(u'#'))
            continue;
        content = true;
        if (assignment.match(trimmed).hasMatch())
            anyAssignment = true;
        const auto match = entry.match(trimmed);
        if (!match.hasMatch())
            continue; // other keys (the driver's own, comments) are not ours to read
        const int device = match.captured(2).toInt();
        const QString value = match.captured(3);
        if (!Ipv4::parse(value))
            badValue = true;
        auto it = std::find_if(conf.devices.begin(), conf.devices.end(),
                               [&](const HccnConfEntry &e) { return e.device == device; });
        if (it == conf.devices.end()) {
            conf.devices.push_back({device, {}, {}, {}, {}});
            it = std::prev(conf.devices.end());
        }
        const QString key = match.captured(1);
        QString &field = key == u"address"_s     ? it->address
                         : key == u"netmask"_s   ? it->netmask
                         : key == u"netdetect"_s ? it->netdetect
                                                 : it->gateway;
        field = value;
    }
    std::sort(conf.devices.begin(), conf.devices.end(),
              [](const HccnConfEntry &a, const HccnConfEntry &b) { return a.device < b.device; });
    if ((content && !anyAssignment) || badValue)
        report(problem, text);
    return conf;
}

// The switch line of `hccn_tool -i N -tls -g`, as Huawei's HCCN Tool reference shows it
// (https://gitcode.com/cann/driver/tree/master/docs/en/Ascend_950_HCCN_Tool, "-tls -g") and the
// HCCL guide on a TLS mismatch between servers
// (https://hiascend.com/document/detail/zh/canncommercial/80RC3/developmentguide/hccl/hcclug/hcclug_000055.html):
// `dev_id:0, tls switch[0](0:disable, 1:enable), tls preconfigured[1](...), ...`.
std::optional<bool> parseHccnTls(const QString &text, QString *problem)
{
    static const QRegularExpression line(u"tls switch\\[([01])\\]\\(0:disable, 1:enable\\)"_s);
    for (const QString &entry : probeLines(text)) {
        const auto match = line.match(entry);
        if (match.hasMatch())
            return match.captured(1) == u"1"_s;
    }
    report(problem, text);
    return std::nullopt;
}

std::vector<DeviceHolder> parseDeviceHolders(const QString &text, QString *problem)
{
    static const QRegularExpression line(u"^(\\d+) (\\d+) ?(.*)$"_s);
    std::vector<DeviceHolder> holders;
    bool bad = false;
    for (const QString &entry : probeLines(text)) {
        if (entry.trimmed().isEmpty())
            continue;
        const auto match = line.match(entry);
        bool pidOk = false;
        bool deviceOk = false;
        DeviceHolder holder{match.captured(1).toInt(&pidOk), match.captured(2).toInt(&deviceOk),
                            match.captured(3).trimmed()};
        if (!match.hasMatch() || !pidOk || !deviceOk || holder.pid <= 0) {
            bad = true;
            continue;
        }
        holders.push_back(holder);
    }
    if (bad)
        report(problem, text);
    return holders;
}

} // namespace cw
