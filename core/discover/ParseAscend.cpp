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

// The largest device id a table may name: a hostile table cannot grow the list past it.
constexpr int kMaxDieId = 255;

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
    bool dieTable = false; // Atlas A3: "Chip  Phy-ID" under "NPU  Name", a block per chip
    const NpuDevice *lastNpuRow = nullptr;
    NpuDevice npuRow;
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
        if (header && cells.size() >= 2 && cells[0] == u"Chip Phy-ID"_s &&
            cells[1] == u"Bus-Id"_s) {
            dieTable = true;
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
            npuRow = device;
            lastNpuRow = &npuRow;
            const bool known = std::any_of(npu.devices.begin(), npu.devices.end(),
                                           [&](const NpuDevice &d) { return d.id == device.id; });
            if (!known)
                npu.devices.push_back(device);
            continue;
        }
        if (!chipCell.match(cells[0]).hasMatch() || !busId.match(cells[1]).hasMatch())
            continue;
        if (!npu.devices.empty() && npu.devices.back().busId.isEmpty())
            npu.devices.back().busId = cells[1];
        const QStringList ids = cells[0].split(u' ');
        if (dieTable && !processTable && lastNpuRow && ids.size() == 2) {
            NpuDie die;
            die.npu = lastNpuRow->id;
            bool phyOk = false;
            die.chip = ids[0].toInt(); // informational: the die is what ranks open
            die.phyId = ids[1].toInt(&phyOk);
            die.health = lastNpuRow->health;
            die.busId = cells[1];
            const bool known = std::any_of(npu.dies.begin(), npu.dies.end(),
                                           [&](const NpuDie &d) { return d.phyId == die.phyId; });
            if (!known && phyOk && die.phyId <= kMaxDieId)
                npu.dies.push_back(die);
            lastNpuRow = nullptr; // one chip row per NPU row
        }
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

std::vector<NpuChipMapping> parseNpuSmiMapping(const QString &text, QString *problem)
{
    // 	NPU ID    Chip ID    Chip Logic ID    Chip Phy-ID    Chip Name   (A3; A2 has no Phy-ID)
    // 	0         0          0                0              Ascend910
    // 	0         2          -                -              Mcu
    static const QRegularExpression spaces(u"\\s+"_s);
    std::vector<NpuChipMapping> rows;
    bool header = false;
    bool phyColumn = false;
    for (const QString &line : probeLines(text)) {
        const QString simplified = line.simplified();
        if (simplified.isEmpty())
            continue;
        if (simplified.startsWith(u"NPU ID Chip ID"_s)) {
            header = true;
            phyColumn = simplified.contains(u"Chip Phy-ID"_s);
            continue;
        }
        if (!header)
            continue;
        const QStringList words = simplified.split(spaces);
        const int idColumns = phyColumn ? 4 : 3;
        if (words.size() <= idColumns)
            continue;
        bool ok[4] = {false, false, false, true};
        NpuChipMapping row;
        row.npu = words[0].toInt(&ok[0]);
        row.chip = words[1].toInt(&ok[1]);
        row.logicId = words[2].toInt(&ok[2]);
        row.phyId = phyColumn ? words[3].toInt(&ok[3]) : row.logicId;
        if (!ok[0] || !ok[1])
            continue;
        if (!ok[2] || !ok[3]) // the Mcu and CPU rows: "-" for the chip ids
            continue;
        row.name = words.mid(idColumns).join(u' ');
        if (row.phyId < 0 || row.phyId > kMaxDieId || rows.size() > size_t(kMaxDieId))
            continue;
        rows.push_back(row);
    }
    if (!header || rows.empty())
        report(problem, text);
    return rows;
}

DieSuperPod parseNpuSpodInfo(const QString &text, QString *problem)
{
    static const QRegularExpression number(u"^\\d{1,10}$"_s);
    DieSuperPod pod;
    for (const QString &line : probeLines(text)) {
        if (const auto value = valueForKey(line, u"SDID"); value && pod.sdid.isEmpty())
            pod.sdid = *value;
        else if (const auto value = valueForKey(line, u"Super Pod Size"); value)
            pod.superPodSize = *value;
        else if (const auto value = valueForKey(line, u"Super Pod ID"); value)
            pod.superPodId = *value;
        else if (const auto value = valueForKey(line, u"Server Index"); value)
            pod.serverIndex = *value;
    }
    if (!number.match(pod.sdid).hasMatch() || !number.match(pod.superPodId).hasMatch()) {
        report(problem, text);
        if (!number.match(pod.sdid).hasMatch())
            pod.sdid.clear();
        if (!number.match(pod.superPodId).hasMatch())
            pod.superPodId.clear();
    }
    return pod;
}

std::vector<DieSuperPod> parseSuperPodProbe(const QString &text, QString *problem)
{
    static const QRegularExpression marker(
        u"^@@spod (\\d{1,3}) (\\d{1,3}) (\\d{1,3}) rc=(\\d{1,3})$"_s);
    std::vector<DieSuperPod> dies;
    QString mapping;
    QString block;
    std::optional<QRegularExpressionMatch> current;
    const auto finish = [&] {
        if (!current)
            return;
        DieSuperPod pod;
        QString blockProblem;
        if (current->captured(4) == u"0"_s)
            pod = parseNpuSpodInfo(block, &blockProblem);
        else
            pod.error = firstLineOf(block).isEmpty() ? u"exit status "_s + current->captured(4)
                                                     : firstLineOf(block);
        if (!blockProblem.isEmpty())
            pod.error = blockProblem;
        pod.npu = current->captured(1).toInt();
        pod.chip = current->captured(2).toInt();
        pod.die = current->captured(3).toInt();
        if (dies.size() <= size_t(kMaxDieId))
            dies.push_back(pod);
        block.clear();
    };
    for (const QString &line : probeLines(text)) {
        const auto match = marker.match(line.trimmed());
        if (match.hasMatch()) {
            finish();
            current = match;
            continue;
        }
        (current ? block : mapping) += line + u'\n';
    }
    finish();
    if (parseNpuSmiMapping(mapping).empty() && dies.empty())
        report(problem, text);
    return dies;
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
