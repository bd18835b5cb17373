// SPDX-License-Identifier: GPL-3.0-or-later
// Connecting to the fake fleet: the server found by host and port, its refusals on demand, its
// host key against the policy, and a FakeHost for a login that worked.
#include "FakeRemote.h"

#include "FakeRemoteHost.h"

#include <algorithm>

using namespace cw;
using namespace Qt::StringLiterals;

namespace cwtest {

HostKeyInfo FakeServer::hostKeyInfo(HostKeyInfo::State state) const
{
    HostKeyInfo key;
    key.state = state;
    key.type = u"ssh-ed25519"_s;
    key.fingerprint = fingerprint();
    key.knownHostsName = m_port == 22 ? m_host : u"[%1]:%2"_s.arg(m_host).arg(m_port);
    key.knownHostsLine = key.knownHostsName + u" ssh-ed25519 AAAAfake"_s + m_name;
    return key;
}

RemoteConnection FakeServer::connect(const SshTarget &target, HostKeyPolicy *policy)
{
    RemoteConnection connection;
    connection.endpoint = endpoint();
    std::unique_lock lock(m_mutex);
    ++m_connectAttempts;
    SshError::Kind refusal = SshError::Kind::None;
    if (m_refusalsLeft != 0) {
        refusal = m_refusal;
        if (m_refusalsLeft > 0)
            --m_refusalsLeft;
    }
    HostKeyInfo::State keyState = m_hostKeyState;
    if (refusal == SshError::Kind::HostKeyChanged)
        keyState = HostKeyInfo::State::Changed;
    if (refusal == SshError::Kind::HostKeyUnknown)
        keyState = HostKeyInfo::State::Unknown;
    if (refusal == SshError::Kind::Unreachable || refusal == SshError::Kind::Timeout) {
        connection.error = SshError::make(
            refusal, refusal == SshError::Kind::Timeout
                         ? u"cannot connect to %1: timed out"_s.arg(connection.endpoint)
                         : u"cannot connect to %1: connection refused"_s.arg(connection.endpoint));
        return connection;
    }
    connection.hostKey = hostKeyInfo(keyState);
    if (keyState == HostKeyInfo::State::Changed || keyState == HostKeyInfo::State::Other) {
        connection.error =
            SshError::make(SshError::Kind::HostKeyChanged,
                           u"the host key of %1 has changed (it now presents %2): refused"_s.arg(
                               connection.endpoint, fingerprint()));
        return connection;
    }
    if (keyState == HostKeyInfo::State::Unknown) {
        // The policy may block (the GUI asks a person): never under the server's lock.
        lock.unlock();
        const bool accepted = refusal == SshError::Kind::None && policy &&
                              policy->acceptUnknownKey(target, connection.hostKey);
        lock.lock();
        if (!accepted) {
            connection.error = SshError::make(SshError::Kind::HostKeyUnknown,
                                              u"%1 presented an unknown host key %2: refused"_s.arg(
                                                  connection.endpoint, fingerprint()));
            return connection;
        }
        connection.hostKey.recorded = true;
        m_hostKeyState = HostKeyInfo::State::Known;
    }
    if (refusal == SshError::Kind::AuthFailed) {
        connection.error = SshError::make(
            refusal, u"%1: every authentication method was refused"_s.arg(connection.endpoint));
        return connection;
    }
    ++m_logins;
    connection.authMethod =
        target.identityFile.isEmpty() ? SshAuthMethod::DefaultKeys : SshAuthMethod::IdentityFile;
    auto dropped = std::make_shared<std::atomic<bool>>(false);
    m_openConnections.push_back(dropped);
    connection.host = std::make_unique<FakeHost>(*this, m_fleet.nextConnection(), dropped);
    return connection;
}

FakeServer &FakeFleet::add(const QString &name, const QString &host, int port)
{
    m_servers.push_back(std::make_unique<FakeServer>(*this, name, host, port));
    return *m_servers.back();
}

FakeServer &FakeFleet::server(const QString &name) const
{
    for (const auto &server : m_servers) {
        if (server->name() == name)
            return *server;
    }
    qFatal("no fake server %s", qPrintable(name));
}

RemoteConnection FakeFleet::connect(const SshTarget &target, HostKeyPolicy *policy,
                                    const SshCredentials &)
{
    const int port = target.port > 0 ? target.port : 22;
    for (const auto &server : m_servers) {
        if (server->host() == target.host && server->port() == port)
            return server->connect(target, policy);
    }
    RemoteConnection connection;
    connection.endpoint = sshEndpoint(target.host, port);
    connection.error = SshError::make(
        SshError::Kind::Unreachable,
        u"cannot connect to %1: no such host in the fake fleet"_s.arg(connection.endpoint));
    return connection;
}

std::vector<FakeEvent> FakeFleet::events() const
{
    std::vector<FakeEvent> all;
    for (const auto &server : m_servers) {
        const std::vector<FakeEvent> mine = server->events();
        all.insert(all.end(), mine.begin(), mine.end());
    }
    std::sort(all.begin(), all.end(),
              [](const FakeEvent &a, const FakeEvent &b) { return a.sequence < b.sequence; });
    return all;
}

} // namespace cwtest
