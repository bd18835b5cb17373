// Splits a probe output into sections and hands each to its parser, reading the exit status
// the way each tool uses it (pgrep 1 = none, firewall-cmd 252 = not running, 127 = missing).
#include "discover/ProbeParsers.h"

#include "checklist/FactCommands.h"
#include "discover/ProbeScript.h"
#include "discover/ProbeText.h"

#include <QRegularExpression>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace cw {
namespace {

constexpr int kNotFound = 127;
constexpr int kTimedOut = 124;

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

// "hccn-ip.3" and friends; the base name and device, or device -1.
void readHccnSection(ServerFacts &facts, const ProbeSection &section, const QString &base,
                     int device, QString *problem)
{
    AscendDeviceFacts &entry = ascendDevice(facts, device);
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

void readFirewallSection(FirewallFacts &firewall, const ProbeSection &section, QString *problem)
{
    const QString &name = section.name;
    const QString &out = section.output;
    const bool found = section.rc != kNotFound;
    if (is(name, probe::kUfw)) {
        if (section.rc == 0) {
            firewall.ufw = parseUfwStatus(out, problem);
        } else {
            firewall.ufw.toolFound = found;
            firewall.ufw.error = found ? firstLineOf(out) : QString();
        }
    } else if (is(name, probe::kFirewalldState)) {
        firewall.firewalld.toolFound = found;
        firewall.firewalld.running = section.rc == 0 && out.trimmed() == u"running"_s;
        if (section.rc == 0 && !firewall.firewalld.running && problem)
            *problem = unrecognisedOutput(out);
        else if (found && section.rc != 0 && section.rc != 252) // 252: not running
            firewall.firewalld.error = firstLineOf(out);
    } else if (is(name, probe::kFirewalld)) {
        if (section.rc == 0) {
            const bool running = firewall.firewalld.running;
            firewall.firewalld = parseFirewalldListAll(out, problem);
            firewall.firewalld.running = running;
        } else {
            firewall.firewalld.error = firstLineOf(out);
        }
    } else {
        PacketFilterFacts &filter = is(name, probe::kNft) ? firewall.nftables : firewall.iptables;
        if (section.rc == 0) {
            filter = is(name, probe::kNft) ? parseNftRuleset(out, problem)
                                           : parseIptablesRules(out, problem);
        } else {
            filter = {};
            filter.toolFound = found;
            filter.error = found ? firstLineOf(out) : QString();
        }
    }
}

void readPythonSection(PythonFacts &python, const ProbeSection &section, QString *problem)
{
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

void readSection(ServerFacts &facts, const ProbeSection &section, QString *problem)
{
    const QString &name = section.name;
    const QString &out = section.output;
    const bool ok = section.rc == 0;
    const QString base = name.section(u'.', 0, 0);
    bool deviceOk = false;
    const int device = name.section(u'.', 1).toInt(&deviceOk);
    if (is(name, probe::kHostname) && ok) {
        facts.hostname = parseHostname(out, problem);
    } else if (is(name, probe::kHostIps) && ok) {
        facts.hostIps = parseHostIps(out, problem);
    } else if (is(name, probe::kIpAddr) && ok) {
        facts.nics = parseIpAddr(out, problem);
    } else if (is(name, probe::kOsRelease) && ok) {
        facts.os = parseOsRelease(out, problem);
    } else if (is(name, probe::kSshConnection) && ok) {
        parseSshConnection(out, facts.sshd, problem);
    } else if (is(name, probe::kSshdProcesses)) {
        if (section.rc == 0 || section.rc == 1) // pgrep: 1 means no such process
            facts.sshd.running = section.rc == 0;
        if (ok)
            facts.sshd.processes = parseSshdProcesses(out, problem);
    } else if (is(name, probe::kPortOwners) && ok) {
        facts.listeningPorts = parsePortOwners(out, problem);
    } else if (is(name, probe::kPaths) && ok) {
        facts.paths = parsePathsProbe(out, problem);
    } else if (is(name, probe::kMpirun)) {
        if (ok) {
            facts.mpirun = parseMpirunVersion(out, problem);
        } else {
            facts.mpirun = {};
            facts.mpirun.found = section.rc != kNotFound;
            facts.mpirun.error = firstLineOf(out);
        }
    } else if (is(name, probe::kUfw) || is(name, probe::kFirewalldState) ||
               is(name, probe::kFirewalld) || is(name, probe::kNft) || is(name, probe::kIptables)) {
        readFirewallSection(facts.firewall, section, problem);
    } else if (is(name, probe::kNpuSmi)) {
        if (ok) {
            facts.npu = parseNpuSmiInfo(out, problem);
        } else {
            facts.npu = {};
            facts.npu.toolFound = section.rc != kNotFound;
            facts.npu.error = facts.npu.toolFound ? firstLineOf(out) : QString();
        }
    } else if (is(name, probe::kNvidiaSmi)) {
        facts.nvidiaSmiFound = section.rc != kNotFound;
        if (ok)
            facts.gpus = parseNvidiaSmiList(out, problem);
        else if (facts.nvidiaSmiFound && !out.contains(u"No devices were found"_s))
            facts.nvidiaSmiError = firstLineOf(out);
    } else if (is(name, probe::kHccnConf)) {
        facts.hccnConf = ok ? parseHccnConf(out, problem) : HccnConfFacts{};
    } else if (deviceOk && device >= 0 &&
               (is(base, probe::kHccnIp) || is(base, probe::kHccnLink) ||
                is(base, probe::kHccnHealth) || is(base, probe::kHccnTls))) {
        readHccnSection(facts, section, base, device, problem);
    } else if (is(name, probe::kPython)) {
        readPythonSection(facts.python, section, problem);
    } else if (is(name, probe::kNpuBoard)) {
        facts.npuBoard = ok ? parseNpuBoard(out, problem) : NpuBoardFacts{{}, {}, firstLineOf(out)};
    } else if (is(name, probe::kCannVersion) && ok) {
        facts.cannVersion = parseCannInstallInfo(out, problem);
    } else if (is(name, probe::kDeviceHolders) && ok) {
        facts.deviceHolders = parseDeviceHolders(out, problem);
    } else if (is(name, probe::kOrted)) {
        facts.orted = ok ? firstLineOf(out) : QString(); // command -v: 1 when not found
    } else if (is(name, probe::kMsrun)) {
        facts.msrun = ok ? firstLineOf(out) : QString(); // 1 when in neither place
    } else if (is(name, probe::kEnd)) {
        facts.complete = true;
    }
}

} // namespace

std::vector<ProbeSection> splitProbeSections(const QString &text)
{
    static const QRegularExpression marker(u"^@@clusterwiz-probe (\\S+) rc=(-?\\d{1,9})@@$"_s);
    std::vector<ProbeSection> sections;
    QStringList output;
    auto finish = [&] {
        if (sections.empty())
            return;
        while (!output.isEmpty() && output.back().isEmpty())
            output.removeLast();
        sections.back().output = output.join(u'\n');
        output.clear();
    };
    for (QString line : text.split(u'\n')) {
        if (line.endsWith(u'\r'))
            line.chop(1);
        const auto match = line.startsWith(u'@') ? marker.match(line) : QRegularExpressionMatch();
        if (match.hasMatch()) {
            finish();
            sections.push_back({match.captured(1), match.captured(2).toInt(), {}});
        } else if (!sections.empty()) {
            output << line;
        }
    }
    finish();
    return sections;
}

ServerFacts parseProbeOutput(const QString &text)
{
    ServerFacts facts;
    facts.sections = splitProbeSections(text);
    for (const ProbeSection &section : facts.sections) {
        if (section.rc == kTimedOut) {
            facts.issues.push_back(
                {section.name, u"timed out after %1 s"_s.arg(kProbeTimeoutSeconds)});
            continue;
        }
        QString problem;
        readSection(facts, section, &problem);
        if (!problem.isEmpty())
            facts.issues.push_back({section.name, problem});
    }
    deriveFirewallKind(facts.firewall);
    // The ports sshd listens on, where ss may show processes (root, or the same user).
    for (const ListeningPort &listener : facts.listeningPorts) {
        if (listener.proto == u"tcp"_s && listener.processes.contains(u"sshd"_s) &&
            std::find(facts.sshd.ports.begin(), facts.sshd.ports.end(), listener.port) ==
                facts.sshd.ports.end())
            facts.sshd.ports.push_back(listener.port);
    }
    if (facts.sections.empty())
        facts.issues.push_back({QLatin1String(probe::kEnd), unrecognisedOutput(text)});
    else if (!facts.complete)
        facts.issues.push_back(
            {QLatin1String(probe::kEnd),
             u"incomplete output: it stops after section "_s + facts.sections.back().name});
    return facts;
}

ServerFacts parseProbeOutput(const QByteArray &utf8)
{
    return parseProbeOutput(QString::fromUtf8(utf8));
}

} // namespace cw
