// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Captured outputs of the discovery probes (tests/data/probes) and one-line summaries of what
// each parser read from them, so that tables of rows can compare whole results.

#include "discover/ProbeParsers.h"

#include <QDirIterator>
#include <QFile>
#include <QString>
#include <QStringList>
#include <QTest>

#include <functional>

namespace cwtest {

inline QString probeDataPath(const QString &relative)
{
    return QStringLiteral(CLUSTERWIZ_TEST_DATA "/probes/") + relative;
}

inline QByteArray probeBytes(const QString &relative)
{
    QFile file(probeDataPath(relative));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("missing test data %s", qPrintable(relative));
    return file.readAll();
}

inline QString probeText(const QString &relative)
{
    return QString::fromUtf8(probeBytes(relative));
}

// Every captured file, relative to tests/data/probes.
inline QStringList allProbeFiles()
{
    QStringList files;
    QDirIterator it(probeDataPath(QString()), QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext())
        files << it.next().mid(probeDataPath(QString()).size());
    files.sort();
    return files;
}

struct ParserCase {
    QString name;
    bool emptyIsValid; // empty output is a normal answer of that tool
    std::function<QString(const QString &, QString *)> summary;
};

inline QString join(const QStringList &parts)
{
    return parts.join(QLatin1Char('|'));
}

// One entry per parser of ProbeParsers.h, with a summary of its result as text.
inline std::vector<ParserCase> parserCases()
{
    using namespace cw;
    const QString yes = QStringLiteral("yes");
    const QString no = QStringLiteral("no");
    return {
        {QStringLiteral("hostname"), false,
         [](const QString &t, QString *p) { return parseHostname(t, p); }},
        {QStringLiteral("hostname-i"), true,
         [](const QString &t, QString *p) { return parseHostIps(t, p).join(QLatin1Char(',')); }},
        {QStringLiteral("ip-addr"), true,
         [](const QString &t, QString *p) {
             QStringList nics;
             for (const Nic &nic : parseIpAddr(t, p)) {
                 QStringList addresses;
                 for (const NicAddress &a : nic.addresses)
                     addresses << a.address + QLatin1Char('/') + QString::number(a.prefix);
                 nics << QString::number(nic.index) + QLatin1Char(':') + nic.name +
                             QLatin1Char('=') + addresses.join(QLatin1Char(','));
             }
             return join(nics);
         }},
        {QStringLiteral("os-release"), false,
         [](const QString &t, QString *p) {
             const OsFacts os = parseOsRelease(t, p);
             return join({os.prettyName, os.id, os.versionId});
         }},
        {QStringLiteral("python"), false,
         [](const QString &t, QString *p) {
             const PythonFacts py = parsePythonProbe(t, p);
             return join({py.version, py.executable, py.torchVersion, py.torchError});
         }},
        {QStringLiteral("mpirun"), false,
         [](const QString &t, QString *p) {
             const MpiFacts mpi = parseMpirunVersion(t, p);
             return join({mpi.implementation, mpi.version});
         }},
        {QStringLiteral("nvidia-smi"), true,
         [](const QString &t, QString *p) {
             QStringList gpus;
             for (const GpuFacts &gpu : parseNvidiaSmiList(t, p))
                 gpus << QString::number(gpu.index) + QLatin1Char(':') + gpu.name +
                             QLatin1Char(':') + gpu.uuid.left(12) + QLatin1Char(':') +
                             QString::number(gpu.migDevices.size());
             return join(gpus);
         }},
        {QStringLiteral("paths"), true,
         [yes, no](const QString &t, QString *p) {
             const PathFacts paths = parsePathsProbe(t, p);
             QStringList parts;
             if (paths.workdir)
                 parts << QStringLiteral("workdir ") + (paths.workdir->present ? yes : no);
             if (paths.entry)
                 parts << QStringLiteral("entry ") + (paths.entry->present ? yes : no);
             for (const PathCheck &check : paths.setEnv)
                 parts << check.path + QLatin1Char(' ') + (check.present ? yes : no);
             return join(parts);
         }},
        {QStringLiteral("sshd-processes"), true,
         [](const QString &t, QString *p) { return join(parseSshdProcesses(t, p)); }},
        {QStringLiteral("ssh-connection"), false,
         [](const QString &t, QString *p) {
             SshdFacts sshd;
             parseSshConnection(t, sshd, p);
             return join({sshd.sessionClientAddress, sshd.sessionServerAddress,
                          QString::number(sshd.sessionServerPort)});
         }},
        {QStringLiteral("ss"), true,
         [](const QString &t, QString *p) {
             QStringList ports;
             for (const ListeningPort &l : parsePortOwners(t, p))
                 ports << l.proto + QLatin1Char(' ') + l.address +
                              (l.interface.isEmpty() ? QString() : QLatin1Char('%') + l.interface) +
                              QLatin1Char(':') + QString::number(l.port) +
                              (l.processes.isEmpty()
                                   ? QString()
                                   : QLatin1Char(' ') + l.processes.join(QLatin1Char(',')));
             return join(ports);
         }},
        {QStringLiteral("npu-smi"), false,
         [](const QString &t, QString *p) {
             const NpuFacts npu = parseNpuSmiInfo(t, p);
             QStringList health;
             for (const NpuDevice &d : npu.devices)
                 health << QString::number(d.id) + QLatin1Char('=') + d.health;
             return join({QString::number(npu.count), npu.chipName, npu.smiVersion,
                          health.join(QLatin1Char(',')),
                          npu.devices.empty() ? QString() : npu.devices.back().busId});
         }},
        {QStringLiteral("npu-smi-dies"), false,
         [](const QString &t, QString *p) {
             QStringList dies;
             for (const NpuDie &d : parseNpuSmiInfo(t, p).dies)
                 dies << QString::number(d.phyId) + QLatin1Char(':') + QString::number(d.npu) +
                             QLatin1Char('/') + QString::number(d.chip) + QLatin1Char('=') +
                             d.health + QLatin1Char('@') + d.busId;
             return join(dies);
         }},
        {QStringLiteral("npu-smi-m"), false,
         [](const QString &t, QString *p) {
             QStringList rows;
             for (const NpuChipMapping &m : parseNpuSmiMapping(t, p))
                 rows << QStringLiteral("%1/%2:%3:%4:%5")
                             .arg(m.npu)
                             .arg(m.chip)
                             .arg(m.logicId)
                             .arg(m.phyId)
                             .arg(m.name);
             return join(rows);
         }},
        {QStringLiteral("spod-info"), false,
         [](const QString &t, QString *p) {
             const DieSuperPod pod = parseNpuSpodInfo(t, p);
             return join({pod.sdid, pod.superPodSize, pod.superPodId, pod.serverIndex});
         }},
        {QStringLiteral("super-pod"), false,
         [](const QString &t, QString *p) {
             QStringList dies;
             for (const DieSuperPod &d : parseSuperPodProbe(t, p))
                 dies << QStringLiteral("%1(%2/%3)=%4@%5%6")
                             .arg(d.die)
                             .arg(d.npu)
                             .arg(d.chip)
                             .arg(d.sdid, d.superPodId,
                                  d.error.isEmpty() ? QString() : QLatin1Char('!') + d.error);
             return join(dies);
         }},
        {QStringLiteral("hccn-ip"), false,
         [](const QString &t, QString *p) {
             const auto ip = parseHccnIp(t, p);
             return ip ? ip->address + QLatin1Char('/') + ip->netmask : QStringLiteral("none");
         }},
        {QStringLiteral("hccn-link"), false,
         [](const QString &t, QString *p) { return linkStateName(parseHccnLink(t, p)); }},
        {QStringLiteral("hccn-health"), false,
         [](const QString &t, QString *p) { return netHealthName(parseHccnNetHealth(t, p)); }},
        {QStringLiteral("hccn-tls"), false,
         [](const QString &t, QString *p) {
             const auto tls = parseHccnTls(t, p);
             return tls ? (*tls ? QStringLiteral("on") : QStringLiteral("off"))
                        : QStringLiteral("unknown");
         }},
        {QStringLiteral("device-holders"), true,
         [](const QString &t, QString *p) {
             QStringList holders;
             for (const DeviceHolder &h : parseDeviceHolders(t, p))
                 holders << QString::number(h.pid) + QLatin1Char(':') + QString::number(h.device) +
                                QLatin1Char(':') + h.name;
             return join(holders);
         }},
        {QStringLiteral("hccn-conf"), true,
         [](const QString &t, QString *p) {
             QStringList devices;
             for (const HccnConfEntry &e : parseHccnConf(t, p).devices)
                 devices << QString::number(e.device) + QLatin1Char('=') + e.address +
                                QLatin1Char('/') + e.netmask + QLatin1Char('/') + e.netdetect;
             return join(devices);
         }},
        {QStringLiteral("ufw"), false,
         [](const QString &t, QString *p) {
             const UfwFacts ufw = parseUfwStatus(t, p);
             return join({ufw.active ? QStringLiteral("active") : QStringLiteral("inactive"),
                          ufw.defaultIncoming, QString::number(ufw.rules.size())});
         }},
        {QStringLiteral("firewalld"), false,
         [](const QString &t, QString *p) {
             const FirewalldFacts fw = parseFirewalldListAll(t, p);
             return join({fw.zone, fw.target, fw.services.join(QLatin1Char(',')),
                          QString::number(fw.ports.size()), QString::number(fw.richRules.size())});
         }},
        {QStringLiteral("nft"), true,
         [](const QString &t, QString *p) {
             const PacketFilterFacts nft = parseNftRuleset(t, p);
             QStringList tables;
             for (const FilterTable &table : nft.tables) {
                 QStringList chains;
                 for (const FilterChain &chain : table.chains)
                     chains << chain.name + QLatin1Char(':') + QString::number(chain.rules.size());
                 tables << table.family + QLatin1Char(' ') + table.name + QLatin1Char(' ') +
                               chains.join(QLatin1Char(','));
             }
             return join(tables);
         }},
        {QStringLiteral("iptables"), false,
         [](const QString &t, QString *p) {
             const PacketFilterFacts ipt = parseIptablesRules(t, p);
             QStringList chains;
             for (const FilterTable &table : ipt.tables)
                 for (const FilterChain &chain : table.chains)
                     chains << chain.name + QLatin1Char(':') + chain.policy + QLatin1Char(':') +
                                   QString::number(chain.rules.size());
             return join(chains);
         }},
    };
}

inline const ParserCase &parserCase(const QString &name)
{
    static const std::vector<ParserCase> cases = parserCases();
    for (const ParserCase &c : cases) {
        if (c.name == name)
            return c;
    }
    qFatal("no parser case %s", qPrintable(name));
}

} // namespace cwtest
