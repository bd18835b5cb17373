// SPDX-License-Identifier: GPL-3.0-or-later
// runPortTest (declared in PortTest.h): listeners on every server, the connects from every
// server, then the listeners stopped and checked gone on every server.
#include "doctor/PortTest.h"

#include <QRandomGenerator>

#include <optional>

using namespace Qt::StringLiterals;

namespace cw {
namespace {

// The listeners outlive the connects by this much at most; they are stopped once those end.
constexpr int kListenerSeconds = kPortConnectSeconds + 60;

QString newToken()
{
    return u"clusterwiz-doctor-%1"_s.arg(QRandomGenerator::global()->generate64(), 16, 16,
                                         QChar(u'0'));
}

struct ServerPorts {
    std::vector<PortTarget> targets;
    ListenerStart listener;
    bool reached = false;
    bool notReached = false; // never logged in (not a cancel): its pairs are not tested
    bool earlier = false;    // not reached by an earlier part: not contacted again
    QString error;
};

// What a cell that was not tested says about itself.
QString untestedEvidence(const HostPort &port)
{
    return u"%1 -> %2 port %3 (%4): %5"_s.arg(port.server, port.peerServer,
                                              QString::number(port.port), port.why, port.error);
}

// The cell of a's connect to `target` on b when `server` (one of the two) was never logged in to.
HostPort notReachedPort(const Project &project, int a, int b, const PortTarget &target,
                        const QString &server, const QString &reason)
{
    HostPort port;
    port.server = project.servers[size_t(a)].name;
    port.peerServer = project.servers[size_t(b)].name;
    port.port = target.port;
    port.why = target.why;
    port.notReached = server;
    port.error = notReachedText(server, reason);
    port.evidence = untestedEvidence(port);
    return port;
}

} // namespace

std::vector<HostPort> portsNotReached(const Project &project,
                                      const std::vector<ServerNotReached> &notReached)
{
    std::vector<HostPort> ports;
    const int n = int(project.servers.size());
    const auto reason = [&](int s) {
        const ServerNotReached *known = findNotReached(notReached, project.servers[size_t(s)].name);
        return known ? std::optional<QString>(known->reason) : std::nullopt;
    };
    for (int a = 0; a < n; ++a) {
        const std::optional<QString> from = reason(a);
        for (int b = 0; b < n; ++b) {
            const std::optional<QString> peer = a == b ? std::nullopt : reason(b);
            if (a == b || (!from && !peer))
                continue;
            const int missing = from ? a : b;
            for (const PortTarget &target : portTargets(project, b))
                ports.push_back(notReachedPort(project, a, b, target,
                                               project.servers[size_t(missing)].name,
                                               from ? *from : *peer));
        }
    }
    return ports;
}

std::vector<HostPort> runPortTest(const Project &project, const FleetOptions &options,
                                  QStringList &problems, std::vector<ServerNotReached> &notReached,
                                  const PortProgress &progress, const std::atomic<bool> *cancel)
{
    const int n = int(project.servers.size());
    const QString token = newToken();
    const QString &python = project.launch.python;
    std::vector<ServerPorts> servers(static_cast<size_t>(n));
    std::vector<int> all;
    for (int s = 0; s < n; ++s) {
        ServerPorts &server = servers[size_t(s)];
        server.targets = portTargets(project, s);
        // Another login would only wait for the same timeout again.
        if (const ServerNotReached *known =
                findNotReached(notReached, project.servers[size_t(s)].name)) {
            server.notReached = server.earlier = true;
            server.error = known->reason;
        } else {
            all.push_back(s);
        }
    }
    if (progress)
        progress(u"starting listeners on %1 servers"_s.arg(all.size()));
    runOnServers(
        project, all, options,
        [&](FleetTask &task) {
            ServerPorts &mine = servers[size_t(task.serverIndex)];
            std::vector<int> ports;
            for (const PortTarget &target : mine.targets) {
                if (target.listen)
                    ports.push_back(target.port);
            }
            mine.reached = true;
            if (ports.empty())
                return SshError{};
            const int expected = (int(all.size()) - 1) * int(ports.size());
            const ExecResult result = task.session.exec(
                portListenerCommand(python, token, ports, expected, kListenerSeconds),
                task.remainingMs(), &task.cancel);
            if (!result.error.isError())
                mine.listener = parsePortListener(QString::fromUtf8(result.out + result.err));
            else
                mine.listener.problem = result.error.message;
            return result.error;
        },
        [&](int, int, const FleetResult &result) {
            if (result.error.isError()) {
                ServerPorts &server = servers[size_t(result.serverIndex)];
                // `reached` is set once logged in: false here, the login itself failed.
                server.notReached =
                    !server.reached && result.error.kind != SshError::Kind::Cancelled;
                server.reached = false;
                server.error = result.error.message;
            }
        },
        cancel);

    // What each connecting server tries: every other server's ports, as bound there.
    struct Attempt {
        int peer;
        PortTarget target;
        ConnectTarget connect;
        QString note; // evidence about the listening side
    };
    std::vector<std::vector<Attempt>> attempts(static_cast<size_t>(n));
    for (int a = 0; a < n; ++a) {
        for (int b = 0; b < n; ++b) {
            if (a == b)
                continue;
            const ServerPorts &peer = servers[size_t(b)];
            for (const PortTarget &target : peer.targets) {
                Attempt attempt{b, target, {project.servers[size_t(b)].effectiveHostIp(), 0}, {}};
                if (peer.notReached) {
                    // Nothing to connect to on a server never logged in to.
                } else if (!target.listen) {
                    attempt.connect.port = target.port;
                    attempt.note = u"connected to what listens there"_s;
                } else if (const auto bound = peer.listener.bound.find(target.port);
                           bound != peer.listener.bound.end()) {
                    attempt.connect.port = bound->second;
                    attempt.target.port = bound->second;
                    attempt.note =
                        u"clusterwiz's listener on %1"_s.arg(project.servers[size_t(b)].name);
                } else if (const auto busy = peer.listener.busy.find(target.port);
                           busy != peer.listener.busy.end() && target.port != 0) {
                    attempt.connect.port = target.port;
                    attempt.note = u"in use on %1 (%2): connected to the process holding it"_s.arg(
                        project.servers[size_t(b)].name, busy->second);
                }
                attempts[size_t(a)].push_back(attempt);
            }
        }
    }
    std::vector<std::vector<QString>> outcomes(static_cast<size_t>(n));
    std::vector<QString> connectErrors(static_cast<size_t>(n));
    std::vector<int> connecting;
    for (int a = 0; a < n; ++a) {
        if (servers[size_t(a)].reached)
            connecting.push_back(a);
    }
    if (progress)
        progress(u"connecting from %1 servers"_s.arg(connecting.size()));
    runOnServers(
        project, connecting, options,
        [&](FleetTask &task) {
            std::vector<ConnectTarget> targets;
            for (const Attempt &attempt : attempts[size_t(task.serverIndex)]) {
                if (attempt.connect.port > 0)
                    targets.push_back(attempt.connect);
            }
            if (targets.empty())
                return SshError{};
            const ExecResult result = task.session.exec(portConnectCommand(python, targets),
                                                        task.remainingMs(), &task.cancel);
            if (result.error.isError()) {
                connectErrors[size_t(task.serverIndex)] = result.error.message;
                return result.error;
            }
            outcomes[size_t(task.serverIndex)] =
                parsePortConnect(QString::fromUtf8(result.out + result.err), targets);
            if (result.exitStatus != 0 && targets.size() > 0 && result.out.isEmpty())
                connectErrors[size_t(task.serverIndex)] =
                    QString::fromUtf8(result.err).trimmed().section(u'\n', -1).left(160);
            return SshError{};
        },
        {}, cancel);

    // The listeners go whatever happened above (no cancel flag: they must not be left behind).
    if (progress)
        progress(u"stopping the listeners"_s);
    std::vector<int> listening;
    for (int b = 0; b < n; ++b) {
        if (servers[size_t(b)].listener.pid)
            listening.push_back(b);
    }
    std::vector<QString> stopOutput(static_cast<size_t>(n));
    const auto stopped = runOnServers(project, listening, options, [&](FleetTask &task) {
        const ExecResult result = task.session.exec(
            portListenerStopCommand(*servers[size_t(task.serverIndex)].listener.pid, token),
            task.remainingMs());
        stopOutput[size_t(task.serverIndex)] = QString::fromUtf8(result.out);
        return result.error;
    });
    for (const FleetResult &result : stopped) {
        if (result.error.isError() || !listenerGone(stopOutput[size_t(result.serverIndex)]))
            problems << u"ports: the listener on %1 (pid %2) may be left: %3"_s.arg(
                result.serverName,
                QString::number(*servers[size_t(result.serverIndex)].listener.pid),
                result.error.isError() ? result.error.message
                                       : stopOutput[size_t(result.serverIndex)].trimmed());
    }

    std::vector<HostPort> ports;
    for (int a = 0; a < n; ++a) {
        const ServerPorts &from = servers[size_t(a)];
        // One not reached by an earlier part is in `problems` and `notReached` already.
        if (!from.reached && !from.earlier)
            problems << u"ports: %1 not reached: %2"_s.arg(project.servers[size_t(a)].name,
                                                           from.error);
        if (from.notReached && !from.earlier)
            notReached.push_back({project.servers[size_t(a)].name, from.error});
        size_t next = 0; // index into outcomes[a]: attempts with a port, in order
        for (const Attempt &attempt : attempts[size_t(a)]) {
            const ServerPorts &peer = servers[size_t(attempt.peer)];
            if (from.notReached || peer.notReached) {
                const int missing = from.notReached ? a : attempt.peer;
                ports.push_back(notReachedPort(project, a, attempt.peer, attempt.target,
                                               project.servers[size_t(missing)].name,
                                               from.notReached ? from.error : peer.error));
                continue;
            }
            HostPort port;
            port.server = project.servers[size_t(a)].name;
            port.peerServer = project.servers[size_t(attempt.peer)].name;
            port.port = attempt.target.port;
            port.why = attempt.target.why;
            const QString endpoint =
                attempt.connect.host + u':' + QString::number(attempt.connect.port);
            if (!from.reached) {
                port.error = u"not tested: %1 not reached"_s.arg(port.server);
            } else if (attempt.connect.port == 0) {
                port.error = !peer.reached ? u"not tested: %1 not reached"_s.arg(port.peerServer)
                                           : u"not tested: no listener on %1 (%2)"_s.arg(
                                                 port.peerServer,
                                                 peer.listener.busy.count(attempt.target.port)
                                                     ? peer.listener.busy.at(attempt.target.port)
                                                     : peer.listener.problem);
            } else if (next < outcomes[size_t(a)].size()) {
                port.error = outcomes[size_t(a)][next++];
                port.ok = port.error.isEmpty();
            } else {
                port.error = u"not tested: "_s + (connectErrors[size_t(a)].isEmpty()
                                                      ? u"cancelled"_s
                                                      : connectErrors[size_t(a)]);
            }
            port.evidence = u"%1 -> %2 (%3): %4; %5"_s.arg(
                port.server, endpoint, port.why, port.ok ? u"connected"_s : port.error,
                attempt.note.isEmpty() ? u"no listener"_s : attempt.note);
            if (!port.tested())
                port.evidence = untestedEvidence(port);
            else if (port.error == u"timed out"_s)
                port.evidence +=
                    u"; no answer within %1 s: a firewall drops it"_s.arg(kPortConnectSeconds);
            else if (port.error == u"refused"_s)
                port.evidence += u"; turned away: a firewall rejects it, or nothing listens"_s;
            ports.push_back(port);
        }
    }
    return ports;
}

} // namespace cw
