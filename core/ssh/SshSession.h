// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// One SSH connection to one server (libssh 0.10 behind a pimpl: no libssh type here).
//
// Threads: a session is used by one thread at a time (libssh's rule); different sessions may be
// used on different threads at once. Only the cancel flags may be touched from other threads.
//
// Order of connect(): TCP connect and key exchange (SshTarget::connectTimeoutMs), TCP keepalive on
// the socket, host-key check against known_hosts (a Changed/Other key is refused, an Unknown one
// goes to the HostKeyPolicy), then authentication: ssh-agent (when SSH_AUTH_SOCK is set), the
// target's identity file, the default keys (~/.ssh/id_* and the config's IdentityFile), and a
// password last. Secrets come from SshCredentials callbacks, are used for this one connection,
// wiped after use and never stored or logged.
//
// Jump hosts: with the ssh config read, the target's ProxyJump hosts (docs/ssh.md) are connected
// first, each through the one before it and each checked and authenticated in the same order,
// under one connect budget; the session then runs over the last hop's channel and disconnect()
// closes every hop.

#include "ssh/HostKeyPolicy.h"
#include "ssh/RemoteHost.h"
#include "ssh/SshTypes.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QString>

#include <atomic>
#include <memory>

namespace cw {

class SshSessionPrivate;

class SshSession : public RemoteHost {
public:
    SshSession();
    ~SshSession() override; // disconnects
    SshSession(SshSession &&) noexcept;
    SshSession &operator=(SshSession &&) noexcept;
    SshSession(const SshSession &) = delete;
    SshSession &operator=(const SshSession &) = delete;

    // Connects, checks the host key and authenticates; a connected session is disconnected first.
    // `policy` null refuses unknown keys. Returns Kind::None on success. Setting `*cancel` ends a
    // connect that waits for the server (a port that accepts TCP but never answers) at once,
    // with Kind::Cancelled.
    SshError connect(const SshTarget &target, HostKeyPolicy *policy = nullptr,
                     const SshCredentials &credentials = {},
                     const std::atomic<bool> *cancel = nullptr);
    void disconnect();
    bool isConnected() const;

    const SshTarget &target() const;
    // Valid after connect() got as far as the key exchange; when it stopped at a jump host, that
    // host's key (HostKeyInfo::jumpHost names it).
    const HostKeyInfo &hostKey() const;
    SshAuthMethod authMethod() const;  // which method logged in
    QString endpoint() const override; // "host:port" (or "alias (host:port)") for messages
    QString user() const;              // the user that logged in

    // Handles what the server sent while the session sat idle (its keepalive probes get their
    // answers) without waiting, and says whether the connection is still up; a lost one is
    // closed. Call it every few seconds on a session kept open between commands.
    bool keepAlive();

    // Runs `command` through the remote user's shell and collects stdout and stderr apart.
    // `timeoutMs` <= 0: no limit. `stdinData` is written to the command's stdin, then EOF (an
    // empty one sends EOF at once). On timeout or cancel the call returns at once: the channel is
    // asked to deliver TERM (OpenSSH refuses that for root logins) and closed, and the remote
    // process (and what it started) may live on: the caller kills the remote process group itself
    // (jobs run under setsid, pgid recorded). The session stays usable unless the connection
    // itself was lost (a step that got no answer in time drops it: Kind::Timeout).
    ExecResult exec(const QString &command, int timeoutMs,
                    const std::atomic<bool> *cancel = nullptr,
                    const QByteArray &stdinData = {}) override;

    // Like exec() but hands output to `onData` as it arrives (log tails). `idleTimeoutMs`: no byte
    // for that long ends the call with timedOut (<= 0: wait until EOF or cancel).
    ExecResult execStreaming(const QString &command, const SshDataSink &onData, int idleTimeoutMs,
                             const std::atomic<bool> *cancel = nullptr) override;

    // Writes `data` to `remotePath` with permission bits `mode` (e.g. 0755): SFTP into a
    // temporary name in the same folder, chmod, then `mv -f` over the final name, so the final
    // name never shows a partial file. `timeoutMs` bounds the whole upload (a dead TCP path cannot
    // hang it; the connection is then dropped and the error is Kind::Timeout). The folder must
    // exist. A cancel drops the connection too (SFTP has no way to abort one request).
    SshError upload(const QByteArray &data, const QString &remotePath, int mode, int timeoutMs,
                    const std::atomic<bool> *cancel = nullptr) override;

private:
    SshError connectWithin(const SshTarget &target, HostKeyPolicy *policy,
                           const SshCredentials &credentials);

    std::unique_ptr<SshSessionPrivate> d;
};

} // namespace cw
