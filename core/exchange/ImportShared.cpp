// SPDX-License-Identifier: GPL-3.0-or-later
#include "exchange/ImportShared.h"

#include "net/Ipv4.h"
#include "rules/ValueRules.h"

#include <QFileInfo>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace cw {

QList<SourceLine> meaningfulLines(const QByteArray &text, bool hashComments)
{
    QList<SourceLine> lines;
    const QList<QByteArray> raw = text.split('\n');
    for (qsizetype i = 0; i < raw.size(); ++i) {
        QString line = QString::fromUtf8(raw[i]);
        if (hashComments) {
            if (const qsizetype hash = line.indexOf(u'#'); hash >= 0)
                line.truncate(hash);
        }
        line = line.trimmed(); // also drops the \r of CRLF files
        if (!line.isEmpty())
            lines.append({static_cast<int>(i + 1), line});
    }
    return lines;
}

QString ImportLog::where(int line) const
{
    return line > 0 ? u"%1:%2"_s.arg(m_source).arg(line) : m_source;
}

// An error in the file being imported: its place is "FILE:LINE" (or "FILE: JSON path"), not a
// place in a project, so the problem has no project location.
static Problem fileProblem(const QString &rule, const QString &path, const QString &message)
{
    Problem problem;
    problem.rule = rule;
    problem.path = path;
    problem.message = message;
    return problem;
}

void ImportLog::error(const QString &rule, int line, const QString &message)
{
    m_result->errors.push_back(fileProblem(rule, where(line), message));
}

void ImportLog::error(const QString &rule, const QString &jsonPath, const QString &message)
{
    const QString path = jsonPath.isEmpty() ? m_source : m_source + u": "_s + jsonPath;
    m_result->errors.push_back(fileProblem(rule, path, message));
}

void ImportLog::couldNotCarry(int line, const QString &what)
{
    m_result->notes << u"could not carry (%1): %2"_s.arg(where(line), what);
}

std::optional<int> strictNumber(const QString &text, int low, int high)
{
    if (text.isEmpty() || text.size() > 9 || (text.size() > 1 && text.front() == u'0'))
        return std::nullopt;
    for (QChar c : text) {
        if (c < u'0' || c > u'9')
            return std::nullopt;
    }
    const int value = text.toInt();
    if (value < low || value > high)
        return std::nullopt;
    return value;
}

QString newServerName(const QString &host, int index, QStringList &used)
{
    // An address makes a poor name ("10.0.0.22" in every log line): those get "serverN" too.
    QString name = host;
    if (Ipv4::parse(name) || !serverNameProblem(name).isEmpty() || used.contains(name))
        name = u"server%1"_s.arg(index);
    // A file may itself hold "server1" as a host name: count up until the name is free.
    for (int n = index; used.contains(name); ++n)
        name = u"server%1-%2"_s.arg(index).arg(n);
    used << name;
    return name;
}

Project newImportedProject(const ImportOptions &options, const QString &source,
                           Accelerator accelerator, LaunchMode mode, ImportLog &log)
{
    Project project;
    project.accelerator = accelerator;
    project.launch.mode = mode;
    project.name = options.projectName;
    if (project.name.isEmpty()) {
        // "hostfile" -> "hostfile", "hccl_8p_01234567_10.0.0.1.json" -> "hccl_8p_..._10.0.0.1".
        project.name = QFileInfo(source).completeBaseName();
        if (!serverNameProblem(project.name).isEmpty())
            project.name = u"imported"_s;
    }
    log.note(u"launch.workdir and launch.entry are not in this file: set them before "
             u"generating scripts"_s);
    return project;
}

void chooseAscendGeneration(Project &project, const ImportOptions &options, ImportLog &log,
                            int wholeServer)
{
    if (options.accelerator) {
        project.accelerator = *options.accelerator;
        return;
    }
    const auto mask = Ipv4::parse(project.deviceNetwork.netmask);
    const int prefix = mask && netmaskPrefix(*mask) ? *netmaskPrefix(*mask) : 24;
    int oneSegment = 0;
    int split = 0;
    int partial = 0; // servers with a few devices, all in one segment
    for (const Server &server : project.servers) {
        std::optional<Ipv4Network> first;
        bool same = true;
        int parsed = 0;
        for (const QString &text : server.deviceIps) {
            const auto ip = Ipv4::parse(text);
            if (!ip)
                continue;
            ++parsed;
            const Ipv4Network segment = Ipv4Network::containing(*ip, prefix);
            same = same && (!first || *first == segment);
            first = first ? first : segment;
        }
        if (parsed >= 2 && !same)
            ++split;
        else if (parsed >= 2)
            ++(parsed >= wholeServer ? oneSegment : partial);
    }
    if (split == 0 && oneSegment > 0) {
        project.accelerator = Accelerator::Ascend910b;
        log.note(u"accelerator ascend910b: every server's devices share one /%1 segment, the "
                 u"Atlas A2 (910B) layout; pass --accelerator ascend910 if these are Atlas 800 "
                 u"(910A) servers"_s.arg(prefix));
        return;
    }
    project.accelerator = Accelerator::Ascend910;
    if (split == 0 && partial > 0) {
        log.note(u"accelerator ascend910: each server's devices share one /%1 segment, as in "
                 u"CANN's Atlas training series rank table template and in its Atlas A2 example "
                 u"alike; the file names no Atlas A2 member (device_port, hardware_type) and no "
                 u"server lists all %2 devices; pass --accelerator ascend910b if these are "
                 u"Atlas A2 servers"_s.arg(prefix)
                     .arg(wholeServer));
        return;
    }
    log.note(split > 0 ? u"accelerator ascend910: a server's devices lie in several /%1 "
                         u"segments, the Atlas 800 / 900 PoD (910A) layout"_s.arg(prefix)
                       : u"accelerator ascend910: the file does not tell ascend910 from "
                         u"ascend910b (no server lists two device IPs); pass --accelerator to "
                         u"choose"_s);
}

void setDevices(Server &server, const QHash<int, QString> &ips)
{
    QList<int> ids = ips.keys();
    std::sort(ids.begin(), ids.end());
    server.devices.clear();
    server.deviceIps.clear();
    for (int id : ids) {
        server.devices.push_back(id);
        server.deviceIps << ips.value(id);
    }
}

} // namespace cw
