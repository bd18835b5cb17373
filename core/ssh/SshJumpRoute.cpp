// SPDX-License-Identifier: GPL-3.0-or-later
// SshConfigHosts::route and the ProxyJump syntax: which jump hosts lie between this machine and a
// server, in the order they are connected.
#include "ssh/SshConfigHosts.h"

#include "rules/ValueRules.h"

using namespace Qt::StringLiterals;

namespace cw {

namespace {

constexpr int kMaxHops = 8; // a longer chain is a mistake in the config, not a network

// One "[user@]host[:port]" (or with "ssh://" before it); IPv6 addresses in brackets.
SshJumpHop parseHop(QString text, QString *error)
{
    SshJumpHop hop;
    const QString original = text;
    if (text.startsWith(u"ssh://"_s, Qt::CaseInsensitive))
        text = text.mid(6);
    if (text.endsWith(u'/'))
        text.chop(1);
    if (const qsizetype at = text.lastIndexOf(u'@'); at >= 0) {
        hop.user = text.left(at);
        text = text.mid(at + 1);
        if (const QString p = userProblem(hop.user); !p.isEmpty()) {
            *error = u"jump host \"%1\": user %2"_s.arg(original, p);
            return {};
        }
    }
    QString port;
    if (text.startsWith(u'[')) {
        const qsizetype close = text.indexOf(u']');
        if (close < 0 || (close + 1 < text.size() && text[close + 1] != u':')) {
            *error = u"jump host \"%1\" has an unclosed '['"_s.arg(original);
            return {};
        }
        hop.host = text.mid(1, close - 1);
        port = text.mid(close + 2);
    } else if (text.count(u':') == 1) {
        hop.host = text.section(u':', 0, 0);
        port = text.section(u':', 1);
    } else {
        hop.host = text; // a bare IPv6 address, or no port
    }
    if (const QString p = sshHostProblem(hop.host); !p.isEmpty()) {
        *error = u"jump host \"%1\": host %2"_s.arg(original, p);
        return {};
    }
    if (!port.isEmpty()) {
        bool ok = false;
        hop.port = port.toInt(&ok);
        if (!ok || !portProblem(hop.port).isEmpty()) {
            *error = u"jump host \"%1\": \"%2\" is not a port"_s.arg(original, port);
            return {};
        }
    }
    return hop;
}

} // namespace

std::vector<SshJumpHop> parseProxyJump(const QString &value, QString *error)
{
    const QString text = value.trimmed();
    if (text.isEmpty()) {
        *error = u"ProxyJump has no value"_s;
        return {};
    }
    if (text.compare(u"none"_s, Qt::CaseInsensitive) == 0)
        return {};
    std::vector<SshJumpHop> hops;
    for (const QString &entry : text.split(u',')) {
        SshJumpHop hop = parseHop(entry.trimmed(), error);
        if (!error->isEmpty())
            return {};
        hops.push_back(hop);
    }
    return hops;
}

const SshConfigHosts::Entry *SshConfigHosts::firstProxyEntry(const QString &host,
                                                             QString *error) const
{
    for (const Entry &entry : m_entries) {
        if (entry.keyword != u"proxyjump"_s && entry.keyword != u"proxycommand"_s)
            continue;
        const Condition *match = nullptr;
        bool applies = true;
        for (const Condition &condition : entry.conditions) {
            if (condition.match)
                match = &condition;
            else if (!hostMatches(condition.patterns, host))
                applies = false;
        }
        if (!applies)
            continue;
        if (match) {
            // Whether it applies depends on criteria only ssh evaluates: guessing could route
            // around the bastion the user meant, or skip host-key checks we must do.
            *error = u"%1: %2 inside a Match block (%3) is not supported for jump hosts; set it "
                     "in a Host block instead"_s.arg(
                         entry.where,
                         entry.keyword == u"proxyjump"_s ? u"ProxyJump"_s : u"ProxyCommand"_s,
                         match->where);
            return nullptr;
        }
        return &entry;
    }
    return nullptr;
}

SshRoute SshConfigHosts::route(const QString &host) const
{
    SshRoute route;
    if (!m_error.isEmpty()) {
        route.error = m_error;
        return route;
    }
    // OpenSSH: for "ProxyJump a,b" the first hop is reached by a's own config (its ProxyJump
    // too); b and the host are reached through the hop before them.
    std::vector<std::vector<SshJumpHop>> layers; // layers[0]: the host's own ProxyJump
    QStringList seen;
    QString current = host;
    QString hostLine; // where the host's own ProxyJump is, for messages
    for (;;) {
        seen << current;
        QString error;
        const Entry *entry = firstProxyEntry(current, &error);
        if (!error.isEmpty()) {
            route.error = error;
            return route;
        }
        if (!entry || entry->keyword == u"proxycommand"_s)
            break; // libssh runs a ProxyCommand itself
        std::vector<SshJumpHop> hops = parseProxyJump(entry->value, &error);
        if (!error.isEmpty()) {
            route.error = entry->where + u": "_s + error;
            return route;
        }
        if (hops.empty())
            break; // ProxyJump none
        current = hops.front().host;
        layers.push_back(std::move(hops));
        if (hostLine.isEmpty())
            hostLine = entry->where;
        if (seen.contains(current, Qt::CaseInsensitive)) {
            route.error =
                u"%1: ProxyJump loop: %2 -> %3"_s.arg(entry->where, seen.join(u" -> "_s), current);
            return route;
        }
    }
    for (auto layer = layers.rbegin(); layer != layers.rend(); ++layer)
        route.hops.insert(route.hops.end(), layer->begin(), layer->end());
    if (int(route.hops.size()) > kMaxHops) {
        route.error = u"%1: %2 needs %3 jump hosts; at most %4 are supported"_s.arg(hostLine, host)
                          .arg(route.hops.size())
                          .arg(kMaxHops);
        route.hops.clear();
    }
    return route;
}

} // namespace cw
