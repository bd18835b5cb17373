// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The part of an ssh config that decides which way a server is reached: Host blocks, Include,
// ProxyJump and ProxyCommand; and the Host aliases it names, for pickers. libssh still reads the
// whole config for every session (HostName, Port, User, IdentityFile, ...): this only finds the
// jump hosts, which SshSession connects itself so that every hop's host key is checked like a
// server's (libssh 0.10 would hand a ProxyJump to the OpenSSH client instead).
//
// Supported as OpenSSH does it: first value wins; Host patterns with `*`, `?` and `!`, matched
// case-insensitively against the name given (not the HostName); Include (globs, relative to
// ~/.ssh, conditional inside a Host block); `ProxyJump none`; ProxyJump and ProxyCommand share
// one slot. Match blocks are not evaluated here: one that sets ProxyJump or ProxyCommand before
// the host's own value makes route() fail with a message naming the line.

#include <QString>
#include <QStringList>

#include <vector>

namespace cw {

// One ProxyJump entry: [user@]host[:port] or ssh://[user@]host[:port].
struct SshJumpHop {
    QString host; // as written: an alias, a host name or an address
    int port = 0; // 0: the config's Port for that host, else 22
    QString user; // empty: the config's User for that host, else the local user

    QString toString() const; // "user@host:port" with only the parts that were given
    bool operator==(const SshJumpHop &) const = default;
};

// Parses a ProxyJump value ("a,b@c:2222"); "none" gives an empty list. On a bad entry returns
// an empty list and sets `error`.
std::vector<SshJumpHop> parseProxyJump(const QString &value, QString *error);

// How to reach one host: the jump hosts in the order they are connected. The first is connected
// directly (or through its own ProxyCommand, which libssh runs); each next one, and then the host
// itself, through a channel of the one before.
struct SshRoute {
    std::vector<SshJumpHop> hops;
    QString error; // the config asks for something this cannot do (see above), or a loop
};

class SshConfigHosts {
public:
    // Reads `file` (empty: ~/.ssh/config, then /etc/ssh/ssh_config, like libssh and ssh). A file
    // that does not exist reads as empty.
    static SshConfigHosts load(const QString &file);

    // The Host names without wildcards or negation, in file order, each once: what a user can
    // type as a server's host.
    QStringList aliases() const;

    // The jump hosts for `host` (an alias or name as a server's host says it).
    SshRoute route(const QString &host) const;

    // A problem met while reading (an Include nested too deep); route() reports it too.
    QString error() const { return m_error; }

    // Whether `host` matches a Host line's patterns (exposed for tests).
    static bool hostMatches(const QStringList &patterns, const QString &host);

private:
    struct Condition {
        bool match = false;   // a Match block: never evaluated here
        QStringList patterns; // a Host block's patterns
        QString where;        // "file:line" of the Host or Match line
    };
    struct Entry {
        std::vector<Condition> conditions; // all must hold (Include inside a block nests them)
        QString keyword;                   // lower case
        QString value;
        QString where; // "file:line"
    };

    void readFile(const QString &path, const std::vector<Condition> &outer, bool userConfig,
                  int depth);
    void readInclude(const QString &value, const std::vector<Condition> &outer, bool userConfig,
                     int depth, const QString &where);
    const Entry *firstProxyEntry(const QString &host, QString *error) const;

    std::vector<Entry> m_entries;
    QStringList m_aliases;
    QString m_error;
};

} // namespace cw
