// SPDX-License-Identifier: GPL-3.0-or-later
#include "doctor/LinkTest.h"

#include "discover/ProbeText.h"
#include "programs/ServerPrograms.h"
#include "shell/ShellQuote.h"

#include <QRegularExpression>

#include <algorithm>
#include <map>
#include <optional>

using namespace Qt::StringLiterals;

namespace cw {
namespace {

// What the tool printed is shown in a cell's evidence: enough to read, never a flood.
constexpr qsizetype kEvidenceChars = 1200;

// The tool's text for a cell's evidence: bounded, control characters (an escape sequence) shown
// as '?', lines kept.
QString evidenceText(const QString &text)
{
    QString clean = text.left(kEvidenceChars);
    for (QChar &c : clean) {
        if ((c.unicode() < 0x20 && c != u'\n' && c != u'\t') || c.unicode() == 0x7f)
            c = u'?';
    }
    return clean;
}

} // namespace

PingOutcome parsePingOutput(const QString &output, int exitStatus)
{
    static const QRegularExpression stats(
        u"(\\d+)\\s+packets?\\s+transmitted,\\s*(\\d+)\\s+received,\\s*([0-9]+(?:\\.[0-9]+)?)%\\s*packet\\s+loss"_s);
    static const QRegularExpression timeoutLine(u"recv time out seq\\s*[=:]\\s*\\d+"_s);
    PingOutcome outcome;
    const QRegularExpressionMatch match = stats.match(output.left(65536));
    if (match.hasMatch()) {
        bool sentOk = false, receivedOk = false, lossOk = false;
        const qint64 sent = match.captured(1).left(9).toLongLong(&sentOk);
        const qint64 received = match.captured(2).left(9).toLongLong(&receivedOk);
        const double loss = match.captured(3).left(12).toDouble(&lossOk);
        if (sentOk && receivedOk && lossOk) {
            outcome.lossPct = loss;
            outcome.ok = exitStatus == 0 && sent > 0 && received == sent && loss == 0;
            outcome.summary = u"%1 of %2 received, %3% loss"_s.arg(
                QString::number(received), QString::number(sent), match.captured(3));
        }
    }
    const qsizetype timeouts = output.left(65536).count(timeoutLine);
    if (timeouts > 0)
        outcome.summary += (outcome.summary.isEmpty() ? QString() : u"; "_s) +
                           u"%1 \"recv time out\" line(s)"_s.arg(timeouts);
    if (exitStatus == 124 || exitStatus == 137) {
        outcome.ok = false;
        outcome.summary = u"no answer within %1 s"_s.arg(kPingLimitSeconds);
    } else if (!match.hasMatch()) {
        outcome.ok = false;
        const QString first = firstLineOf(output);
        if (timeouts == 0)
            outcome.summary = first.isEmpty() ? u"no output (exit status %1)"_s.arg(exitStatus)
                                              : u"unrecognised output: %1 (exit status %2)"_s.arg(
                                                    first, QString::number(exitStatus));
    } else if (!outcome.ok && exitStatus != 0 && outcome.lossPct == 0) {
        outcome.summary += u" but exit status %1"_s.arg(exitStatus);
    }
    return outcome;
}

PingOutcome parseHccsPingOutput(const QString &output, int exitStatus)
{
    static const QRegularExpression stats(
        u"^(\\d{1,9}) packets transmitted, (\\d{1,9}) received, ([0-9]{1,3}\\.[0-9]{2})% packets loss$"_s);
    static const QRegularExpression average(u"^average time (\\d{1,12}\\.\\d{3})us$"_s);
    PingOutcome outcome;
    std::optional<qint64> sent, received;
    QString averageUs;
    QStringList bad; // failed packets, by the tool's own words
    int good = 0;
    const QStringList lines = output.left(65536).split(u'\n');
    for (const QString &raw : lines) {
        const QString line = raw.endsWith(u'\r') ? raw.chopped(1) : raw;
        if (line == u"This pkt ping success!")
            ++good;
        else if (line == u"This pkt send fail!" || line == u"This pkt check recv msg fail!" ||
                 line == u"This pkt ping not start to send!")
            bad << line;
        else if (const auto m = stats.match(line); m.hasMatch()) {
            sent = m.captured(1).toLongLong();
            received = m.captured(2).toLongLong();
            outcome.lossPct = m.captured(3).toDouble();
        } else if (const auto a = average.match(line); a.hasMatch())
            averageUs = a.captured(1);
    }
    if (exitStatus == 124 || exitStatus == 137) {
        outcome.summary = u"no answer within %1 s"_s.arg(kPingLimitSeconds);
        return outcome;
    }
    if (!sent) {
        const QString first = firstLineOf(output);
        outcome.summary = first.isEmpty() ? u"no output (exit status %1)"_s.arg(exitStatus)
                                          : u"unrecognised output: %1 (exit status %2)"_s.arg(
                                                first, QString::number(exitStatus));
        return outcome;
    }
    outcome.ok = exitStatus == 0 && *sent > 0 && *received == *sent && outcome.lossPct == 0 &&
                 bad.isEmpty() && good == *sent;
    outcome.summary =
        u"%1 of %2 received, %3% loss"_s.arg(QString::number(*received), QString::number(*sent),
                                             QString::number(outcome.lossPct, 'f', 2));
    if (outcome.ok && !averageUs.isEmpty())
        outcome.summary += u", average %1 us"_s.arg(averageUs);
    if (!bad.isEmpty()) {
        bad.removeDuplicates();
        outcome.summary += u"; "_s + bad.join(u" "_s);
    } else if (!outcome.ok && good != *sent && *received == *sent) {
        outcome.summary +=
            u"; %1 of %2 packets said \"This pkt ping success!\""_s.arg(good).arg(*sent);
    }
    if (exitStatus != 0)
        outcome.summary += u" (exit status %1)"_s.arg(exitStatus);
    return outcome;
}

QString linkTestScript(const std::vector<LinkProbe> &probes)
{
    // resources/server/link-test-ping.sh defines cw_ping: each ping's block, lines of output
    // prefixed with "| " so that nothing the tool prints can pass for a marker. "busy":
    // hccn_tool refuses a device another call is using; retried twice.
    QString script = programText(program::link_test_ping_sh);
    // One background subshell per device, its output in a file of its own (parallel writers
    // to one pipe would interleave), shown in device order once every device is done.
    std::map<int, QStringList> byDevice;
    for (size_t k = 0; k < probes.size(); ++k) {
        const LinkProbe &probe = probes[k];
        byDevice[probe.device] << u"    cw_ping %1 %2 %3%4\n"_s.arg(
            QString::number(probe.device), shellQuote(probe.peerIp), QString::number(k),
            probe.kind == LinkKind::HccsPing ? u" hccs"_s : QString());
    }
    for (const auto &[device, calls] : byDevice) {
        script += u"(\n"_s + calls.join(QString()) + u") >\"$cw_dir/%1\" 2>&1 &\n"_s.arg(device);
    }
    script += u"wait\nfor f in \"$cw_dir\"/*; do [ -f \"$f\" ] && cat \"$f\"; done\nexit 0\n"_s;
    return script;
}

std::vector<DeviceLink> parseLinkTestOutput(const QString &output,
                                            const std::vector<LinkProbe> &probes,
                                            const QStringList &names)
{
    std::vector<DeviceLink> links(probes.size());
    for (size_t k = 0; k < probes.size(); ++k) {
        const LinkProbe &probe = probes[k];
        DeviceLink &link = links[k];
        link.server = names.value(probe.server);
        link.device = probe.device;
        link.peerServer = names.value(probe.peerServer);
        link.peerDevice = probe.peerDevice;
        link.peerIp = probe.peerIp;
        link.hccs = probe.kind == LinkKind::HccsPing;
        link.evidence = u"no result: the server's script did not report this ping"_s;
    }
    if (output.contains(u"@@nohccn"_s)) {
        for (DeviceLink &link : links)
            link.evidence =
                u"hccn_tool is not on the server (PATH, /usr/local/Ascend/driver/tools)"_s;
        return links;
    }
    std::map<qsizetype, QString> texts;
    qsizetype current = -1;
    for (const QString &raw : output.split(u'\n')) {
        const QString line = raw.endsWith(u'\r') ? raw.chopped(1) : raw;
        if (line.startsWith(u"@@ping "_s)) {
            bool ok = false;
            const qsizetype index = line.mid(7).trimmed().toLongLong(&ok);
            current = ok && index >= 0 && index < qsizetype(probes.size()) ? index : -1;
            if (current >= 0)
                texts[current].clear();
        } else if (line.startsWith(u"| "_s) || line == u"|"_s) {
            if (current >= 0 && texts[current].size() < 8000)
                texts[current] += line.mid(2) + u'\n';
        } else if (line.startsWith(u"@@rc "_s)) {
            const QStringList words = line.mid(5).split(u' ', Qt::SkipEmptyParts);
            bool indexOk = false, rcOk = false;
            const qsizetype index = words.value(0).toLongLong(&indexOk);
            const int rc = words.value(1).toInt(&rcOk);
            if (!indexOk || !rcOk || index < 0 || index >= qsizetype(probes.size()))
                continue;
            const QString text = texts[index].trimmed();
            DeviceLink &link = links[size_t(index)];
            const PingOutcome outcome =
                link.hccs ? parseHccsPingOutput(text, rc) : parsePingOutput(text, rc);
            link.ok = outcome.ok;
            link.lossPct = outcome.lossPct;
            link.evidence = u"hccn_tool -i %1 %2 -g address %3: %4\n%5"_s.arg(
                QString::number(link.device), link.hccs ? u"-hccs_ping"_s : u"-ping"_s, link.peerIp,
                outcome.summary, evidenceText(text));
            current = -1;
        }
    }
    return links;
}

std::vector<DeviceLink> runLinkTest(const Project &project, const LinkPlan &plan,
                                    const FleetOptions &options, QStringList &problems,
                                    std::vector<ServerNotReached> &notReached,
                                    const LinkProgress &progress, const std::atomic<bool> *cancel)
{
    const int n = int(project.servers.size());
    QStringList names;
    for (const Server &server : project.servers)
        names << server.name;
    std::vector<std::vector<LinkProbe>> perServer(static_cast<size_t>(n));
    for (const LinkProbe &probe : plan.probes)
        perServer[size_t(probe.server)].push_back(probe);
    std::vector<int> indices;
    for (int s = 0; s < n; ++s) {
        if (!perServer[size_t(s)].empty())
            indices.push_back(s);
    }
    std::vector<std::vector<DeviceLink>> results(static_cast<size_t>(n));
    std::vector<char> loggedIn(static_cast<size_t>(n), 0); // each worker its own slot
    FleetOptions fleet = options;
    // Every server at once, whatever --jobs says: the cost model (and its 5 minutes at 128
    // servers) assumes it, and each connection only waits on its server's pings.
    fleet.jobs = std::max(options.jobs, int(indices.size()));
    // Each server's time: the connect and the longest device's pings, each up to its limit.
    fleet.timeoutMs =
        options.timeoutMs + plan.mostPingsPerDevice() * (kPingLimitSeconds + 3) * 1000;
    const auto fleetResults = runOnServers(
        project, indices, fleet,
        [&](FleetTask &task) {
            const auto &probes = perServer[size_t(task.serverIndex)];
            loggedIn[size_t(task.serverIndex)] = 1;
            const ExecResult result = task.session.exec(shellScriptCommand(linkTestScript(probes)),
                                                        task.remainingMs(), &task.cancel);
            if (!result.error.isError())
                results[size_t(task.serverIndex)] =
                    parseLinkTestOutput(QString::fromUtf8(result.out), probes, names);
            return result.error;
        },
        // The worker that filled results[s] calls this once it is done: no other writer.
        [&](int done, int total, const FleetResult &result) {
            const int s = result.serverIndex;
            if (result.error.isError()) {
                // Its cells say why they were not tested; not reached, they are not its
                // devices' failures.
                const bool reached =
                    loggedIn[size_t(s)] || result.error.kind == SshError::Kind::Cancelled;
                results[size_t(s)] = parseLinkTestOutput(QString(), perServer[size_t(s)], names);
                for (DeviceLink &link : results[size_t(s)]) {
                    link.evidence = reached
                                        ? u"not tested: "_s + result.error.message
                                        : notReachedText(result.serverName, result.error.message);
                    link.notReached = reached ? QString() : result.serverName;
                }
            }
            if (progress)
                progress(done, total, result.serverName, results[size_t(s)]);
        },
        cancel);
    std::vector<DeviceLink> links;
    for (const FleetResult &result : fleetResults) {
        if (result.error.isError()) {
            problems << u"links: %1 not tested: %2"_s.arg(result.serverName, result.error.message);
            const auto &cells = results[size_t(result.serverIndex)];
            if (!cells.empty() && !cells.front().tested() &&
                !findNotReached(notReached, result.serverName))
                notReached.push_back({result.serverName, result.error.message});
        }
        for (DeviceLink &link : results[size_t(result.serverIndex)])
            links.push_back(std::move(link));
    }
    return links;
}

} // namespace cw
