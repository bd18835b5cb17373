// SPDX-License-Identifier: GPL-3.0-or-later
// Each fact's reader: the section's exit status as its tool uses it (pgrep 1 = none,
// firewall-cmd 252 = not running, 127 = missing), then its parser.
#include "discover/FactReaders.h"

#include "discover/ProbeParsers.h"
#include "discover/ProbeText.h"
#include "net/Ipv4.h"

#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace cw::facts {
namespace {

constexpr int kNotFound = 127;

bool is(const QString &name, const char *wanted)
{
    return name == QLatin1String(wanted);
}

AscendDeviceFacts &ascendDevice(ServerFacts &facts, int device)
{
    for (AscendDeviceFacts &existing : facts.ascendDevices) {
        if (existing.device == device)
            return existing;
    }
    AscendDeviceFacts added;
    added.device = device;
    facts.ascendDevices.push_back(added);
    return facts.ascendDevices.back();
}

} // namespace

void readHostname(ServerFacts &facts, const ProbeSection &section, int, QString *problem)
{
    if (section.rc == 0)
        facts.hostname = parseHostname(section.output, problem);
}

void readHostIps(ServerFacts &facts, const ProbeSection &section, int, QString *problem)
{
    if (section.rc == 0)
        facts.hostIps = parseHostIps(section.output, problem);
}

void readIpAddr(ServerFacts &facts, const ProbeSection &section, int, QString *problem)
{
    if (section.rc == 0)
        facts.nics = parseIpAddr(section.output, problem);
}

void readOsRelease(ServerFacts &facts, const ProbeSection &section, int, QString *problem)
{
    if (section.rc == 0)
        facts.os = parseOsRelease(section.output, problem);
}

void readSshConnection(ServerFacts &facts, const ProbeSection &section, int, QString *problem)
{
    if (section.rc == 0)
        parseSshConnection(section.output, facts.sshd, problem);
}

void readSshdProcesses(ServerFacts &facts, const ProbeSection &section, int, QString *problem)
{
    if (section.rc == 0 || section.rc == 1) // pgrep: 1 means no such process
        facts.sshd.running = section.rc == 0;
    if (section.rc == 0)
        facts.sshd.processes = parseSshdProcesses(section.output, problem);
}

void readPortOwners(ServerFacts &facts, const ProbeSection &section, int, QString *problem)
{
    if (section.rc == 0)
        facts.listeningPorts = parsePortOwners(section.output, problem);
}

void readPaths(ServerFacts &facts, const ProbeSection &section, int, QString *problem)
{
    if (section.rc == 0)
        facts.paths = parsePathsProbe(section.output, problem);
}

void readMpirun(ServerFacts &facts, const ProbeSection &section, int, QString *problem)
{
    if (section.rc == 0) {
        facts.mpirun = parseMpirunVersion(section.output, problem);
    } else {
        facts.mpirun = {};
        facts.mpirun.found = section.rc != kNotFound;
        facts.mpirun.error = firstLineOf(section.output);
    }
}

void readFirewall(ServerFacts &facts, const ProbeSection &section, int, QString *problem)
{
    FirewallFacts &firewall = facts.firewall;
    const QString &name = section.name;
    const QString &out = section.output;
    const bool found = section.rc != kNotFound;
    if (is(name, probe::kUfw)) {
        if (section.rc == 0) {
            firewall.ufw = parseUfwStatus(out, problem);
            if (!firewall.ufw.readable)
                firewall.ufw.error = unrecognisedOutput(out);
        } else {
            firewall.ufw.toolFound = found;
            firewall.ufw.error = found ? firstLineOf(out) : QString();
        }
    } else if (is(name, probe::kFirewalldState)) {
        firewall.firewalld.toolFound = found;
        firewall.firewalld.running = section.rc == 0 && out.trimmed() == u"running"_s;
        if (section.rc == 0 && !firewall.firewalld.running)
            *problem = unrecognisedOutput(out);
        else if (found && section.rc != 0 && section.rc != 252) // 252: not running
            firewall.firewalld.error = firstLineOf(out);
    } else if (is(name, probe::kFirewalld)) {
        if (section.rc == 0) {
            const bool running = firewall.firewalld.running;
            firewall.firewalld = parseFirewalldListAll(out, problem);
            firewall.firewalld.running = running;
            if (firewall.firewalld.target.isEmpty()) // no zone listing: nothing is known
                firewall.firewalld.error = unrecognisedOutput(out);
        } else {
            firewall.firewalld.error = firstLineOf(out);
        }
    } else {
        const bool nft = is(name, probe::kNft);
        PacketFilterFacts &filter = nft ? firewall.nftables : firewall.iptables;
        if (section.rc == 0) {
            filter = nft ? parseNftRuleset(out, problem) : parseIptablesRules(out, problem);
        } else {
            filter = {};
            filter.toolFound = found;
            filter.error = found ? firstLineOf(out) : QString();
        }
    }
}

void readNpuSmi(ServerFacts &facts, const ProbeSection &section, int, QString *problem)
{
    if (section.rc == 0) {
        facts.npu = parseNpuSmiInfo(section.output, problem);
    } else {
        facts.npu = {};
        facts.npu.toolFound = section.rc != kNotFound;
        facts.npu.error = facts.npu.toolFound ? firstLineOf(section.output) : QString();
    }
}

void readNvidiaSmi(ServerFacts &facts, const ProbeSection &section, int, QString *problem)
{
    facts.nvidiaSmiFound = section.rc != kNotFound;
    if (section.rc == 0)
        facts.gpus = parseNvidiaSmiList(section.output, problem);
    else if (facts.nvidiaSmiFound && !section.output.contains(u"No devices were found"_s))
        facts.nvidiaSmiError = firstLineOf(section.output);
}

void readHccnConf(ServerFacts &facts, const ProbeSection &section, int, QString *problem)
{
    facts.hccnConf = section.rc == 0 ? parseHccnConf(section.output, problem) : HccnConfFacts{};
}

void readHccnDevice(ServerFacts &facts, const ProbeSection &section, int device, QString *problem)
{
    if (device < 0)
        return;
    AscendDeviceFacts &entry = ascendDevice(facts, device);
    const QString base = section.name.section(u'.', 0, 0);
    const QString failure =
        section.rc == kNotFound ? u"hccn_tool not found"_s : firstLineOf(section.output);
    const bool ok = section.rc == 0;
    if (is(base, probe::kHccnIp)) {
        if (!ok)
            entry.ipError = failure;
        else if (const auto ip = parseHccnIp(section.output, problem))
            entry.address = ip->address, entry.netmask = ip->netmask;
    } else if (is(base, probe::kHccnLink)) {
        if (!ok)
            entry.linkError = failure;
        else
            entry.link = parseHccnLink(section.output, problem);
    } else if (is(base, probe::kHccnTls)) {
        if (!ok)
            entry.tlsError = failure;
        else
            entry.tls = parseHccnTls(section.output, problem);
    } else {
        if (!ok)
            entry.netHealthError = failure;
        else
            entry.netHealth = parseHccnNetHealth(section.output, problem);
    }
}

void readDeviceHolders(ServerFacts &facts, const ProbeSection &section, int, QString *problem)
{
    if (section.rc == 0)
        facts.deviceHolders = parseDeviceHolders(section.output, problem);
}

void readPython(ServerFacts &facts, const ProbeSection &section, int, QString *problem)
{
    PythonFacts &python = facts.python;
    if (section.rc == kNotFound || section.rc == 126) {
        python = {};
        python.error = firstLineOf(section.output);
        return;
    }
    python = parsePythonProbe(section.output, problem);
    // The small program catches import errors itself: another status is a crash (a signal).
    if (section.rc != 0 && python.torchVersion.isEmpty() && python.torchError.isEmpty())
        python.torchError = u"the interpreter exited with status %1"_s.arg(section.rc);
}

void readNpuBoard(ServerFacts &facts, const ProbeSection &section, int, QString *problem)
{
    facts.npuBoard = section.rc == 0 ? parseNpuBoard(section.output, problem)
                                     : NpuBoardFacts{{}, {}, firstLineOf(section.output)};
}

void readSuperPod(ServerFacts &facts, const ProbeSection &section, int, QString *problem)
{
    // Missing npu-smi (127) or a board without -m (an error): nothing known; the accelerator
    // check says why.
    facts.superPod =
        section.rc == 0 ? parseSuperPodProbe(section.output, problem) : std::vector<DieSuperPod>{};
}

void readCannVersion(ServerFacts &facts, const ProbeSection &section, int, QString *problem)
{
    if (section.rc == 0)
        facts.cannVersion = parseCannInstallInfo(section.output, problem);
}

void readOrted(ServerFacts &facts, const ProbeSection &section, int, QString *)
{
    facts.orted = section.rc == 0 ? firstLineOf(section.output) : QString(); // 1: not found
}

void readReservedPorts(ServerFacts &facts, const ProbeSection &section, int, QString *problem)
{
    if (section.rc == 0)
        facts.reservedPorts = parseReservedPorts(section.output, problem);
    else
        facts.reservedPorts.error =
            section.rc == kNotFound ? u"cat not found"_s : firstLineOf(section.output);
}

void readClock(ServerFacts &facts, const ProbeSection &section, int, QString *)
{
    static const QRegularExpression seconds(u"^[0-9]+(\\.[0-9]+)?$"_s);
    const QString line = firstLineOf(section.output);
    if (section.rc == 0 && seconds.match(line).hasMatch())
        facts.limits.clock = line.toDouble();
}

void readHostResolves(ServerFacts &facts, const ProbeSection &section, int, QString *)
{
    HostLimitFacts &limits = facts.limits;
    limits.resolveStatus = section.rc;
    if (section.rc != 0) {
        limits.resolveError = firstLineOf(section.output);
        return;
    }
    // getent ahostsv4: "ADDRESS STREAM NAME", then the same address for DGRAM and RAW; the
    // first line's address is the one a program looking the name up gets first.
    const QString address =
        firstLineOf(section.output).section(u' ', 0, 0, QString::SectionSkipEmpty);
    if (Ipv4::parse(address))
        limits.resolvedAddress = address;
    else
        limits.resolveError = u"unexpected getent output"_s;
}

void readMsrun(ServerFacts &facts, const ProbeSection &section, int, QString *)
{
    facts.msrun = section.rc == 0 ? firstLineOf(section.output) : QString(); // 1: in neither place
}

} // namespace cw::facts
