// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Internal to core/ssh: the libssh side of SshSession, shared by the files that implement it
// (SshSession.cpp: options and connect; SshHostKey.cpp; SshAuth.cpp; SshExec.cpp; SftpUpload.cpp).

#include "ssh/SshConfigHosts.h"
#include "ssh/SshSession.h"
#include "ssh/SshTunnel.h"
#include "ssh/SshWatchdog.h"

#include <libssh/callbacks.h>
#include <libssh/libssh.h>

#include <functional>
#include <vector>

namespace cw {

struct ExecOptions {
    int timeoutMs = 0;     // whole command; <= 0: none
    int idleTimeoutMs = 0; // no output for this long; <= 0: none
    const std::atomic<bool> *cancel = nullptr;
    QByteArray stdinData;
    const SshDataSink *sink = nullptr; // null: collect into ExecResult::out/err
};

class SshSessionPrivate {
public:
    ~SshSessionPrivate() { close(); }

    // Frees the libssh session (after stopping the watchdog: see SshWatchdog::stop), then the jump
    // hosts' tunnels it ran through, nearest first.
    void close();
    int fd() const { return session ? int(ssh_get_fd(session)) : -1; }

    // The error for a libssh call that failed: Timeout when the watchdog fired, Cancelled when it
    // fired for a cancel flag, Unreachable when the connection is gone, else `kind`.
    SshError failure(SshError::Kind kind, const QString &what) const;
    QString libsshError() const;

    ssh_session session = nullptr;
    bool connected = false;
    SshTarget target;
    HostKeyInfo hostKey;
    SshAuthMethod authMethod = SshAuthMethod::None;
    QString endpoint;
    QString user;
    QString host; // effective host name (after ssh config), lower case as libssh keeps it
    int port = 22;
    QString via;               // the jump hosts ("bastion", "a, b") for messages; empty when direct
    int stepTimeoutMs = 10000; // limit of each connect step: the target's, or less in a jump chain
    std::vector<std::unique_ptr<SshTunnel>> tunnels; // the jump chain, outermost first
    ssh_callbacks_struct callbacks{}; // session callbacks (passphrase prompts during connect)
    SshWatchdog watchdog;
    // The caller's cancel flag while connect() runs (null otherwise): the watchdog watches it
    // during the key exchange and authentication.
    const std::atomic<bool> *connectCancel = nullptr;
};

// Opens the connection a session runs over once its options named the effective host and port
// (after the ssh config): a jump host's channel there. Sets `fd` (libssh closes it).
using SshPathOpener = std::function<SshError(const QString &host, int port, int *fd)>;

// SshSession.cpp: one connect on a fresh `d`: options (and the ssh config), TCP connect or `via`,
// key exchange, host key, authentication. Closes `d` on failure.
SshError connectSession(SshSessionPrivate &d, const SshTarget &target, HostKeyPolicy *policy,
                        const SshCredentials &credentials, const SshPathOpener *via);

// SshJump.cpp: connects `d` to `target` through the jump hosts `hops` (SshConfigHosts::route),
// each one verified and authenticated like a server; the tunnels end up in d.tunnels.
SshError connectThroughJumps(SshSessionPrivate &d, const SshTarget &target,
                             const std::vector<SshJumpHop> &hops, HostKeyPolicy *policy,
                             const SshCredentials &credentials);

// SshHostKey.cpp: fills d.hostKey; refuses Changed/Other keys, asks `policy` about Unknown ones
// (null: refuse) and records accepted ones in known_hosts.
SshError checkHostKey(SshSessionPrivate &d, HostKeyPolicy *policy);

// SshAuth.cpp: tries the methods in order; Kind::None when one logged in.
SshError authenticate(SshSessionPrivate &d, const SshCredentials &credentials);

// SshExec.cpp: one command on a new channel.
ExecResult runCommand(SshSessionPrivate &d, const QString &command, const ExecOptions &options);

// SftpUpload.cpp.
SshError uploadFile(SshSessionPrivate &d, const QByteArray &data, const QString &remotePath,
                    int mode, int timeoutMs, const std::atomic<bool> *cancel);

// Overwrites a secret's bytes before it is released.
void wipeSecret(QByteArray &secret);

} // namespace cw
