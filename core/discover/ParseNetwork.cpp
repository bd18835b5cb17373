// SPDX-License-Identifier: GPL-3.0-or-later
// Parsers for `ip -o addr` and the port owners (`ss -tulnp`, discover/FactCommands.h).
#include "discover/ProbeParsers.h"

#include "discover/ProbeText.h"

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

// "[::]:22", "0.0.0.0:2024", "127.0.0.53%lo:53", "*:80", "[fe80::1]%eth0:546": address, scope
// interface and port; nullopt when there is no port.
struct Endpoint {
    QString address;
    QString interface;
    int port = 0;
};

std::optional<Endpoint> parseEndpoint(const QString &text)
{
    const qsizetype colon = text.lastIndexOf(u':');
    if (colon <= 0)
        return std::nullopt;
    bool ok = false;
    const int port = text.mid(colon + 1).toInt(&ok);
    if (!ok || port < 0 || port > 65535)
        return std::nullopt;
    Endpoint endpoint;
    endpoint.port = port;
    QString address = text.left(colon);
    const qsizetype percent = address.indexOf(u'%');
    if (percent >= 0) {
        endpoint.interface = address.mid(percent + 1);
        address.truncate(percent);
    }
    if (address.startsWith(u'[') && address.endsWith(u']'))
        address = address.mid(1, address.size() - 2);
    else if (address.startsWith(u'[') && address.contains(u']'))
        address = address.mid(1, address.indexOf(u']') - 1);
    endpoint.address = address;
    return endpoint;
}

// users:(("sshd",pid=812,fd=3),("sshd",pid=813,fd=3)) -> {"sshd"}
QStringList processNames(const QString &text)
{
    static const QRegularExpression name(u"\\(\"([^\"]*)\""_s);
    QStringList names;
    auto it = name.globalMatch(text);
    while (it.hasNext()) {
        const QString found = it.next().captured(1);
        if (!names.contains(found))
            names << found;
    }
    return names;
}

} // namespace

std::vector<Nic> parseIpAddr(const QString &text, QString *problem)
{
    // "2: eth0    inet 10.0.0.5/24 brd 10.0.0.255 scope global eth0\       valid_lft ..."
    static const QRegularExpression line(
        u"^\\s*(\\d+):\\s+([^\\s@]+)(?:@\\S*)?\\s+(inet6?)\\s+([0-9A-Fa-f.:]+)(?:/(\\d+))?(.*)$"_s);
    static const QRegularExpression peer(u"\\bpeer\\s+[0-9A-Fa-f.:]+/(\\d+)"_s);
    static const QRegularExpression scope(u"\\bscope\\s+(\\S+)"_s);
    std::vector<Nic> nics;
    bool unknown = false;
    for (const QString &row : probeLines(text)) {
        if (row.trimmed().isEmpty())
            continue;
        const auto match = line.match(row);
        if (!match.hasMatch()) {
            unknown = true;
            continue;
        }
        NicAddress address;
        address.family = match.captured(3);
        address.address = match.captured(4);
        const QString rest = match.captured(6);
        QString prefix = match.captured(5);
        if (prefix.isEmpty()) {
            const auto peerMatch = peer.match(rest);
            prefix = peerMatch.hasMatch() ? peerMatch.captured(1)
                                          : (address.family == u"inet"_s ? u"32"_s : u"128"_s);
        }
        address.prefix = prefix.toInt();
        const int limit = address.family == u"inet"_s ? 32 : 128;
        if (address.prefix > limit) {
            unknown = true;
            continue;
        }
        if (const auto scopeMatch = scope.match(rest); scopeMatch.hasMatch())
            address.scope = scopeMatch.captured(1);
        const QString name = match.captured(2);
        auto nic =
            std::find_if(nics.begin(), nics.end(), [&](const Nic &n) { return n.name == name; });
        if (nic == nics.end()) {
            nics.push_back({match.captured(1).toInt(), name, {}});
            nic = std::prev(nics.end());
        }
        nic->addresses.push_back(address);
    }
    if (unknown && nics.empty())
        report(problem, text);
    return nics;
}

ReservedPortsFacts parseReservedPorts(const QString &text, QString *problem)
{
    ReservedPortsFacts ports;
    const QStringList lines = probeLines(text);
    // The reserved list may be an empty line; the range line is two numbers.
    const QString range = lines.isEmpty() ? QString() : lines.back().simplified();
    const QString reserved = lines.size() >= 2 ? lines.front().trimmed() : QString();
    const QStringList bounds = range.split(u' ');
    bool firstOk = false;
    bool lastOk = false;
    if (bounds.size() == 2) {
        ports.ephemeral = {bounds[0].toInt(&firstOk), bounds[1].toInt(&lastOk)};
    }
    std::optional<std::vector<PortSpan>> spans =
        reserved.isEmpty() ? std::vector<PortSpan>{} : parsePortList(reserved);
    if (!firstOk || !lastOk || !spans || lines.size() > 2) {
        report(problem, text);
        ports.error = unrecognisedOutput(text);
        return ports;
    }
    ports.reserved = *spans;
    ports.read = true;
    return ports;
}

std::vector<ListeningPort> parsePortOwners(const QString &text, QString *problem)
{
    static const QStringList states = {u"LISTEN"_s, u"UNCONN"_s, u"ESTAB"_s};
    std::vector<ListeningPort> ports;
    bool header = false;
    bool unknown = false;
    for (const QString &line : probeLines(text)) {
        const QStringList words = line.simplified().split(u' ', Qt::SkipEmptyParts);
        if (words.isEmpty())
            continue;
        if (words[0] == u"Netid"_s || words[0] == u"State"_s) {
            header = true;
            continue;
        }
        // With both -t and -u, ss prints a Netid column; with one of them it may not.
        qsizetype at = 0;
        QString proto;
        if (words[0] == u"tcp"_s || words[0] == u"udp"_s) {
            proto = words[0];
            at = 1;
        }
        if (words.size() < at + 5 || !states.contains(words[at])) {
            unknown = true;
            continue;
        }
        const auto local = parseEndpoint(words[at + 3]);
        if (!local) {
            unknown = true;
            continue;
        }
        if (proto.isEmpty())
            proto = words[at] == u"UNCONN"_s ? u"udp"_s : u"tcp"_s;
        ListeningPort port;
        port.proto = proto;
        port.address = local->address;
        port.interface = local->interface;
        port.port = local->port;
        port.processes = processNames(words.mid(at + 5).join(u' '));
        ports.push_back(port);
    }
    if (unknown && (ports.empty() || !header))
        report(problem, text);
    return ports;
}

} // namespace cw
