#pragma once

// Internal to core/ssh: the libssh side of SshSession, shared by the files that implement it
// (SshSession.cpp: options and connect; SshHostKey.cpp; SshAuth.cpp; SshExec.cpp; SftpUpload.cpp).

#include "ssh/SshSession.h"
#include "ssh/SshWatchdog.h"

#include <libssh/callbacks.h>
#include <libssh/libssh.h>

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

    // Frees the libssh session (after stopping the watchdog: see SshWatchdog::stop).
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
    ssh_callbacks_struct callbacks{}; // session callbacks (passphrase prompts during connect)
    SshWatchdog watchdog;
};

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
