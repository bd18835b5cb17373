// OpenMPI and DeepSpeed hostfiles: one `host slots=N` per line, `#` comments. The format is
// OpenMPI's (mpirun(1) "Specifying Host Nodes"; MindSpore's mpirun guide, seed 003: "The format
// of each line is `[hostname] slots=[slotnum]`"); DeepSpeed reads the same lines
// (https://www.deepspeed.ai/getting-started/#resource-configuration-multi-node) and refuses a
// host listed twice, which is what this importer does too.
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
    const QRegularExpressionMatch head = firstWord.match(line.text);
    QString target = head.captured(1);
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

} // namespace

ImportResult importHostfile(const QByteArray &text, const QString &source,
                            const ImportOptions &options)
{
    ImportResult result;
    ImportLog log(&result, source);
    Project project =
        newImportedProject(options, source, options.accelerator, LaunchMode::Mpirun, log);
    project.launch.mpirun.per = MpirunPer::Device;
    QHash<QString, int> firstLine; // host -> line it was first listed on
    QStringList names;
    for (const SourceLine &line : meaningfulLines(text, true)) {
        HostLine parsed;
        if (!parseHostLine(line, parsed, log))
            continue;
        if (firstLine.contains(parsed.host)) {
            log.error(u"hostfile-duplicate"_s, line.number,
                      u"host %1 is listed again (first on line %2); list each server once with "
                      u"all its slots"_s.arg(parsed.host)
                          .arg(firstLine.value(parsed.host)));
            continue;
        }
        firstLine.insert(parsed.host, line.number);
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
            log.couldNotCarry(line.number, u"no slots= for %1 (OpenMPI would use its core "
                                           u"count): set the devices of server %2"_s.arg(
                                               parsed.host, server.name));
        }
        project.servers.push_back(server);
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
