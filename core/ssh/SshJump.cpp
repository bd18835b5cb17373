// SPDX-License-Identifier: GPL-3.0-or-later
// SshSession::connect through jump hosts (ProxyJump), done here rather than by libssh 0.10, which
// would run the OpenSSH client as a ProxyCommand and leave the jump hosts' keys unchecked by us.
// Each hop is a full session: its own ssh config (HostName, Port, User, IdentityFile), its key
// checked against the same known_hosts and HostKeyPolicy as a server's (under its own host and
// port), then authentication. The next session runs over a direct-tcpip channel of the hop
// before it (SshTunnel).
#include "ssh/SshSessionPrivate.h"

#include <QDeadlineTimer>
#include <QStringList>

using namespace Qt::StringLiterals;

namespace cw {

namespace {

// A jump host is connected as `ssh` connects one: its own config entries decide key and user;
// the server's identity file is the server's.
SshTarget hopTarget(const SshJumpHop &hop, const SshTarget &server)
{
    SshTarget target;
    target.host = hop.host;
    target.port = hop.port;
    target.user = hop.user;
    target.knownHostsFile = server.knownHostsFile;
    target.connectTimeoutMs = server.connectTimeoutMs;
    target.parseSshConfig = true;
    target.sshConfigFile = server.sshConfigFile;
    return target;
}

} // namespace

SshError connectThroughJumps(SshSessionPrivate &d, const SshTarget &target,
                             const std::vector<SshJumpHop> &hops, HostKeyPolicy *policy,
                             const SshCredentials &credentials)
{
    // The whole chain has the budget of one direct connect (two steps: key exchange and
    // authentication), so a fleet's per-server limit holds however many hops there are.
    const QDeadlineTimer deadline(2 * qint64(target.connectTimeoutMs));
    const auto stepMs = [&] {
        return int(
            qBound(qint64(1), deadline.remainingTime() / 2, qint64(target.connectTimeoutMs)));
    };
    QStringList names;
    for (const SshJumpHop &hop : hops)
        names << hop.toString();

    std::vector<std::unique_ptr<SshTunnel>> tunnels;
    std::unique_ptr<SshSessionPrivate>
        previous; // the last hop connected, until it carries a tunnel
    const SshPathOpener throughPrevious = [&](const QString &host, int port, int *fd) {
        SshError error;
        std::unique_ptr<SshTunnel> tunnel =
            SshTunnel::open(std::move(previous), host, port, stepMs(), &error);
        if (!tunnel)
            return error;
        *fd = tunnel->takeSocket();
        tunnels.push_back(std::move(tunnel));
        return SshError{};
    };
    const auto tearDown = [&] {
        previous.reset();
        while (!tunnels.empty())
            tunnels.pop_back();
    };

    for (size_t i = 0; i < hops.size(); ++i) {
        auto hop = std::make_unique<SshSessionPrivate>();
        hop->stepTimeoutMs = stepMs();
        hop->connectCancel = d.connectCancel;
        hop->via = names.mid(0, qsizetype(i)).join(u", "_s);
        SshError error = connectSession(*hop, hopTarget(hops[i], target), policy, credentials,
                                        i == 0 ? nullptr : &throughPrevious);
        if (error.isError()) {
            tearDown();
            // What the user must act on is this hop's key (GUI trust dialog, CLI message).
            d.target = target;
            d.hostKey = hop->hostKey;
            d.hostKey.jumpHost = hops[i].host;
            d.endpoint = sshEndpoint(target.host, target.port) + u" via "_s + names.join(u", "_s);
            error.message =
                u"jump host %1 for %2: %3"_s.arg(names[qsizetype(i)], target.host, error.message);
            return error;
        }
        hop->connectCancel = nullptr; // the caller's flag lives only as long as connect()
        previous = std::move(hop);
    }

    d.via = names.join(u", "_s);
    d.stepTimeoutMs = stepMs();
    SshError error = connectSession(d, target, policy, credentials, &throughPrevious);
    d.stepTimeoutMs = target.connectTimeoutMs;
    if (error.isError()) {
        tearDown();
        return error;
    }
    d.tunnels = std::move(tunnels);
    return {};
}

} // namespace cw
