// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What the core asks of one server: run a command, stream one, upload a file. SshSession is the
// real one (libssh); tests put an in-memory host behind the same interface
// (tests/support/FakeRemote.h) so that launch, stop, status, fix, undo and the log follower get
// fast tests without root or sshd, beside the real-sshd cluster tests.
//
// Threads: a host is used by one thread at a time; only the cancel flags may be touched from
// other threads. Deadlines: `timeoutMs` <= 0 means no limit; a cancel returns at once.

#include "ssh/HostKeyPolicy.h"
#include "ssh/SshTypes.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QString>

#include <atomic>
#include <functional>
#include <memory>
#include <optional>

namespace cw {

// Receives a streaming command's output in arrival order, on the host's thread; one of the two
// views may be empty.
using SshDataSink = std::function<void(QByteArrayView out, QByteArrayView err)>;

class RemoteHost {
public:
    virtual ~RemoteHost() = default;

    // Runs `command` through the remote user's shell and collects stdout and stderr apart;
    // `stdinData` is written to its stdin, then EOF.
    virtual ExecResult exec(const QString &command, int timeoutMs,
                            const std::atomic<bool> *cancel = nullptr,
                            const QByteArray &stdinData = {}) = 0;

    // Like exec() but hands output to `onData` as it arrives; no byte for `idleTimeoutMs` ends
    // the call with timedOut (<= 0: wait until EOF or cancel).
    virtual ExecResult execStreaming(const QString &command, const SshDataSink &onData,
                                     int idleTimeoutMs,
                                     const std::atomic<bool> *cancel = nullptr) = 0;

    // Writes `data` to `remotePath` with permission bits `mode`, never showing a partial file
    // under the final name. The folder must exist.
    virtual SshError upload(const QByteArray &data, const QString &remotePath, int mode,
                            int timeoutMs, const std::atomic<bool> *cancel = nullptr) = 0;

    // "host:port" (or "alias (host:port)") for messages.
    virtual QString endpoint() const = 0;
};

struct SshCredentials {
    // Asked when a private key to be tried is encrypted; `key` names it (its file, or libssh's
    // prompt for a default key). nullopt skips that key.
    std::function<std::optional<QByteArray>(const QString &key)> passphrase;
    // Asked at most once, after every key failed, when the server offers password login;
    // `account` is "user@host:port". nullopt skips password login.
    std::function<std::optional<QByteArray>(const QString &account)> password;
};

enum class SshAuthMethod { None, Agent, IdentityFile, DefaultKeys, Password };
QString sshAuthMethodName(SshAuthMethod method); // "none", "agent", "identity-file", ...

// A connection attempt: the host when it worked, and what was learned on the way either way.
struct RemoteConnection {
    std::unique_ptr<RemoteHost> host; // null when `error` is set
    SshError error;
    HostKeyInfo hostKey; // what the server presented (type empty when never reached)
    SshAuthMethod authMethod = SshAuthMethod::None;
    QString endpoint; // empty when the target never resolved
};

// Opens connections to servers. The default (sshConnector()) is libssh; a fleet, a log follower
// and everything built on them take another through FleetOptions::connector.
class RemoteConnector {
public:
    virtual ~RemoteConnector() = default;
    // `policy` null refuses unknown host keys. Callable from several threads at once.
    virtual RemoteConnection connect(const SshTarget &target, HostKeyPolicy *policy,
                                     const SshCredentials &credentials) = 0;
    // The same, ending within a moment of `*cancel` becoming true, even while the server has not
    // answered yet (Kind::Cancelled). Connectors whose connect cannot hang need not override it.
    virtual RemoteConnection connectCancellable(const SshTarget &target, HostKeyPolicy *policy,
                                                const SshCredentials &credentials,
                                                const std::atomic<bool> *cancel)
    {
        (void)cancel;
        return connect(target, policy, credentials);
    }
};

// The libssh connector (SshSession::connect behind RemoteConnector).
std::shared_ptr<RemoteConnector> sshConnector();

} // namespace cw
