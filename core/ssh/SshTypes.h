// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Plain values of the SSH layer: what to connect to, what the server's host key is, what went
// wrong and what a remote command returned. No libssh type appears here (core links it PRIVATE).

#include <QByteArray>
#include <QString>

namespace cw {

// One server to connect to. `host` is an address, a host name or a ~/.ssh/config alias; with the
// config read, its ProxyJump hosts are connected first (SshConfigHosts, SshJump.cpp).
struct SshTarget {
    QString host;
    int port = 0;                 // 0: the ssh config's Port for this host, else 22
    QString user;                 // empty: the ssh config's User, else the local user
    QString identityFile;         // tried after the agent and before the default keys; "~/" expands
    QString knownHostsFile;       // empty: ~/.ssh/known_hosts
    int connectTimeoutMs = 10000; // TCP connect + key exchange, and again for authentication
    // Reads the ssh config (Host aliases, HostName, User, Port, IdentityFile, ProxyJump,
    // ProxyCommand). Host-key checking is never taken from it: a `StrictHostKeyChecking no` or
    // `UserKnownHostsFile /dev/null` there is overridden, so an unknown key still goes to the
    // HostKeyPolicy.
    bool parseSshConfig = true;
    // The config file to read; empty: ~/.ssh/config and /etc/ssh/ssh_config. A path is read alone.
    QString sshConfigFile;
};

// The key a server presented and what known_hosts says about it.
struct HostKeyInfo {
    enum class State {
        Known,   // known_hosts holds this key for this host
        Unknown, // no entry for this host (also: no known_hosts file at all)
        Changed, // known_hosts holds a different key of the same type: always refused
        Other,   // known_hosts holds only keys of another type: refused like Changed
    };
    State state = State::Unknown;
    QString type;           // "ssh-ed25519", "ecdsa-sha2-nistp256", "ssh-rsa"
    QString fingerprint;    // "SHA256:..." as `ssh-keygen -l` prints it
    QString knownHostsName; // "host", or "[host]:port" when the port is not 22
    QString knownHostsLine; // "NAME TYPE BASE64": the line that was or would be recorded
    bool recorded = false;  // true when this connection added the line to known_hosts
    // The jump host (as ProxyJump names it) this key belongs to, when the connection stopped at
    // one on the way; empty for the server's own key.
    QString jumpHost;
};

QString hostKeyStateName(HostKeyInfo::State state); // "known", "unknown", "changed", "other"

struct SshError {
    enum class Kind {
        None,
        InvalidTarget,  // a host, user or path that must not reach libssh or a shell
        Unreachable,    // no TCP connection or key exchange, or the connection was lost
        Timeout,        // a step or a command ran past its time limit
        HostKeyUnknown, // the HostKeyPolicy did not accept a new key
        HostKeyChanged, // known_hosts holds another key for this server (also State::Other)
        AuthFailed,     // every authentication method was refused
        Protocol,       // the server or libssh failed a request (channel, known_hosts file)
        Cancelled,      // the caller's cancel flag was set
        Sftp,           // an SFTP step failed (open, write, chmod) or the final rename did
    };
    Kind kind = Kind::None;
    // One line for the user, naming "host:port" and, for host keys, the SHA256 fingerprint.
    // Never contains a password or passphrase.
    QString message;

    bool isError() const { return kind != Kind::None; }
    static SshError make(Kind kind, const QString &message) { return SshError{kind, message}; }
};

QString sshErrorKindName(SshError::Kind kind); // "unreachable", "host-key-changed", ...

struct ExecResult {
    int exitStatus = -1; // the remote command's exit status; -1 when none was received
    QString exitSignal;  // "TERM", "KILL", ... when the command died of a signal
    QByteArray out;      // stdout (empty for execStreaming: the sink got it)
    QByteArray err;      // stderr, kept apart from stdout
    bool timedOut = false;
    bool cancelled = false;
    SshError error; // None when the command ran to its end (whatever its exit status)

    bool ok() const { return !error.isError() && exitStatus == 0; }
};

// "host:port" for messages; IPv6 addresses in brackets.
QString sshEndpoint(const QString &host, int port);

// "~/x" -> "<home>/x"; any other path unchanged. libssh and open() do not expand "~".
QString expandHomePath(const QString &path);

} // namespace cw
