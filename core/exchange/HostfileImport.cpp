// SPDX-License-Identifier: GPL-3.0-or-later
// OpenMPI and DeepSpeed hostfiles: one `host slots=N` per line, `#` comments. The format is
// OpenMPI's (mpirun(1) "Specifying Host Nodes"; MindSpore's mpirun guide, seed 003: "The format
// of each line is `[hostname] slots=[slotnum]`"); DeepSpeed reads the same lines
// (https://www.deepspeed.ai/getting-started/#resource-configuration-multi-node; its runner's
// _parse_hostfile) and refuses a host listed twice, which is what this importer does too, host
// names compared without case as DNS compares them (RFC 4343). MPICH's Hydra writes `host:N`
// (N processes; pmodels/mpich doc/wiki/how_to/Using_the_Hydra_Process_Manager.md), read as
// N slots. A line without a count means one slot per processor core to Open MPI 4.1 ("N defaults
// to number of processor cores if not provided") and is an error to DeepSpeed: such a server is
// imported without devices and listed as still to set.
#include "exchange/ImportShared.h"

#include "net/Ipv4.h"
#include "rules/ValueRules.h"

#include <QHash>
#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace cw {
namespace {

constexpr int kMaxSlots = 8; // the device rules' largest server

struct HostLine {
    QString user;
    QString host;
    std::optional<int> slots;
};

// `[user@]host key=value ...`; returns false after logging what is wrong with the line.
bool parseHostLine(const SourceLine &line, HostLine &out, ImportLog &log)
{
    static const QRegularExpression firstWord(u"^(\\S+)\\s*(.*)$"_s);
    static const QRegularExpression pair(u"^([A-Za-z_-]+)\\s*=\\s*(\\S*)\\s*"_s);
    static const QRegularExpression mpichCount(u"^(.*):(\\d+)$"_s);
    const QRegularExpressionMatch head = firstWord.match(line.text);
    QString target = head.captured(1);
    // MPICH: `host:N`, N the processes (slots) on that host.
    if (const QRegularExpressionMatch mpich = mpichCount.match(target); mpich.hasMatch()) {
        target = mpich.captured(1);
        out.slots = strictNumber(mpich.captured(2), 1, kMaxSlots);
        if (!out.slots) {
            log.error(u"hostfile-slots"_s, line.number,
                      u"%1: \"%2\" is not a device count from 1 to %3"_s.arg(
                          head.captured(1), mpich.captured(2), QString::number(kMaxSlots)));
            return false;
        }
    }
    if (const qsizetype at = target.indexOf(u'@'); at >= 0) {
        out.user = target.left(at);
        target = target.mid(at + 1);
        if (const QString problem = userProblem(out.user); !problem.isEmpty()) {
            log.error(u"hostfile-user"_s, line.number, u"user "_s + problem);
            return false;
        }
    }
    if (const QString problem = sshHostProblem(target); !problem.isEmpty()) {
        log.error(u"hostfile-host"_s, line.number, u"host "_s + problem);
        return false;
    }
    out.host = target;
    QString rest = head.captured(2);
    while (!rest.isEmpty()) {
        const QRegularExpressionMatch match = pair.match(rest);
        if (!match.hasMatch()) {
            log.error(u"hostfile-syntax"_s, line.number,
                      u"\"%1\" is not key=value (expected: host slots=N)"_s.arg(rest));
            return false;
        }
        const QString key = match.captured(1);
        const QString value = match.captured(2);
        rest = rest.mid(match.capturedLength());
        if (key != u"slots") {
            log.couldNotCarry(line.number,
                              u"%1=%2 (clusterwiz plans one process per device)"_s.arg(key, value));
            continue;
        }
        out.slots = strictNumber(value, 1, kMaxSlots);
        if (!out.slots) {
            log.error(
                u"hostfile-slots"_s, line.number,
                u"slots=\"%1\" is not a device count from 1 to %2"_s.arg(value).arg(kMaxSlots));
            return false;
        }
    }
    return true;
}

bool isLoopback(const QString &host)
{
    const auto ip = Ipv4::parse(host);
    if (ip)
        return (ip->value >> 24) == 127;
    const QString name = host.toLower();
    return name == u"localhost" || name.startsWith(u"localhost.");
}

} // namespace

ImportResult importHostfile(const QByteArray &text, const QString &source,
                            const ImportOptions &options)
{
    ImportResult result;
    ImportLog log(&result, source);
    Project project =
        newImportedProject(options, source, options.accelerator.value_or(Accelerator::Nvidia),
                           LaunchMode::Mpirun, log);
    project.launch.mpirun.per = MpirunPer::Device;
    QHash<QString, std::pair<QString, int>> firstLine; // lower-case host -> as written, line
    QStringList names;
    int loopbackLine = 0;
    QString loopbackHost;
    for (const SourceLine &line : meaningfulLines(text, true)) {
        HostLine parsed;
        if (!parseHostLine(line, parsed, log))
            continue;
        const QString key = parsed.host.toLower();
        if (const auto first = firstLine.constFind(key); first != firstLine.cend()) {
            log.error(u"hostfile-duplicate"_s, line.number,
                      u"host %1 is listed again (as %2 on line %3; host names do not depend on "
                      u"case); list each server once with all its slots"_s.arg(parsed.host)
                          .arg(first->first)
                          .arg(first->second));
            continue;
        }
        firstLine.insert(key, {parsed.host, line.number});
        if (loopbackLine == 0 && isLoopback(parsed.host)) {
            loopbackLine = line.number;
            loopbackHost = parsed.host;
        }
        if (static_cast<int>(project.servers.size()) >= kMaxServers) {
            log.error(u"hostfile-servers"_s, line.number,
                      u"more than %1 servers; a cluster has at most %1"_s.arg(kMaxServers));
            break;
        }
        Server server;
        const int index = static_cast<int>(project.servers.size());
        server.name = newServerName(parsed.host, index, names);
        server.host = parsed.host;
        server.user = parsed.user;
        if (Ipv4::parse(parsed.host))
            server.hostIp = parsed.host;
        if (parsed.slots) {
            for (int device = 0; device < *parsed.slots; ++device)
                server.devices.push_back(device);
        } else {
            log.note(u"%1: %2 gives no slots= (Open MPI would start one process per processor "
                     u"core, DeepSpeed refuses the line): server %3 is imported without devices; "
                     u"set them"_s.arg(log.where(line.number), parsed.host, server.name));
        }
        project.servers.push_back(server);
    }
    // On a cluster, "localhost" names a different machine on every server: the others would
    // connect to themselves (MASTER_ADDR, the hostfile mpirun reads there).
    if (loopbackLine > 0 && project.servers.size() > 1) {
        log.error(u"hostfile-localhost"_s, loopbackLine,
                  u"%1 is this machine's own name, which the other servers cannot reach it by; "
                  u"write its address or host name"_s.arg(loopbackHost));
    }
    if (project.servers.empty() && result.errors.empty())
        log.error(u"hostfile-empty"_s, 0, u"no hosts in this file (expected: host slots=N)"_s);
    log.note(u"accelerator %1: a hostfile does not say which; launch mode mpirun, one process "
             u"per slot"_s.arg(acceleratorName(project.accelerator)));
    if (isAscend(project.accelerator))
        log.note(u"device IPs are not in a hostfile: clusterwiz-cli plan assigns them"_s);
    result.project = project;
    return result;
}

} // namespace cw
