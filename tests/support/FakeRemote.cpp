// SPDX-License-Identifier: GPL-3.0-or-later
// The fake fleet's servers: scripted answers, files, processes and the record of what happened.
#include "FakeRemote.h"

#include <algorithm>

using namespace cw;
using namespace Qt::StringLiterals;

namespace cwtest {

FakeMatch FakeMatch::exact(const QString &text)
{
    FakeMatch match;
    match.m_kind = Kind::Exact;
    match.m_text = text;
    return match;
}

FakeMatch FakeMatch::prefix(const QString &start)
{
    FakeMatch match;
    match.m_kind = Kind::Prefix;
    match.m_text = start;
    return match;
}

FakeMatch FakeMatch::regex(const QString &pattern)
{
    FakeMatch match;
    match.m_kind = Kind::Regex;
    match.m_regex = QRegularExpression(pattern, QRegularExpression::DotMatchesEverythingOption);
    return match;
}

FakeMatch FakeMatch::any()
{
    return prefix(QString());
}

bool FakeMatch::matches(const QString &text) const
{
    switch (m_kind) {
    case Kind::Exact:
        return text == m_text;
    case Kind::Prefix:
        return text.startsWith(m_text);
    case Kind::Regex:
        return m_regex.match(text).hasMatch();
    }
    return false;
}

FakeServer::FakeServer(FakeFleet &fleet, QString name, QString host, int port)
    : m_fleet(fleet), m_name(std::move(name)), m_host(std::move(host)), m_port(port)
{
}

QString FakeServer::endpoint() const
{
    return sshEndpoint(m_host, m_port);
}

void FakeServer::on(const FakeMatch &match, const FakeAnswer &answer)
{
    on(match, [answer](FakeCall &) { return answer; });
}

void FakeServer::on(const FakeMatch &match, FakeHandler handler)
{
    std::lock_guard lock(m_mutex);
    m_rules.push_back(Rule{match, std::move(handler)});
}

void FakeServer::refuseConnections(SshError::Kind kind, int times)
{
    std::lock_guard lock(m_mutex);
    m_refusal = kind;
    m_refusalsLeft = times;
}

void FakeServer::allowConnections()
{
    refuseConnections(SshError::Kind::None, 0);
}

void FakeServer::setHostKeyState(HostKeyInfo::State state)
{
    std::lock_guard lock(m_mutex);
    m_hostKeyState = state;
}

QString FakeServer::fingerprint() const
{
    return u"SHA256:fake-"_s + m_name;
}

void FakeServer::failUploads(const FakeMatch &path, const QString &why)
{
    std::lock_guard lock(m_mutex);
    m_uploadFailures.push_back(UploadFailure{path, why});
}

void FakeServer::dropConnections()
{
    std::lock_guard lock(m_mutex);
    for (const auto &dropped : m_openConnections)
        dropped->store(true);
}

std::vector<FakeEvent> FakeServer::events() const
{
    std::lock_guard lock(m_mutex);
    return m_events;
}

QStringList FakeServer::commands() const
{
    std::lock_guard lock(m_mutex);
    QStringList commands;
    for (const FakeEvent &event : m_events) {
        if (event.kind != FakeEvent::Kind::Upload)
            commands << event.command;
    }
    return commands;
}

QStringList FakeServer::unanswered() const
{
    std::lock_guard lock(m_mutex);
    return m_unanswered;
}

int FakeServer::logins() const
{
    std::lock_guard lock(m_mutex);
    return m_logins;
}

int FakeServer::connectAttempts() const
{
    std::lock_guard lock(m_mutex);
    return m_connectAttempts;
}

std::optional<FakeFile> FakeServer::file(const QString &path) const
{
    std::lock_guard lock(m_mutex);
    const auto found = m_files.find(path);
    return found == m_files.end() ? std::nullopt : std::optional<FakeFile>(found->second);
}

void FakeServer::writeFile(const QString &path, const QByteArray &data, int mode)
{
    std::lock_guard lock(m_mutex);
    m_files[path] = FakeFile{data, mode};
}

void FakeServer::appendFile(const QString &path, const QByteArray &data)
{
    std::lock_guard lock(m_mutex);
    m_files[path].data += data;
}

QStringList FakeServer::filePaths() const
{
    std::lock_guard lock(m_mutex);
    QStringList paths;
    for (const auto &[path, file] : m_files)
        paths << path;
    return paths;
}

int FakeServer::startProcess(const QString &command)
{
    std::lock_guard lock(m_mutex);
    m_processes.push_back(FakeProcess{++m_nextPid, command, true});
    return m_nextPid;
}

int FakeServer::endProcesses(const std::function<bool(const FakeProcess &)> &which)
{
    std::lock_guard lock(m_mutex);
    int ended = 0;
    for (FakeProcess &process : m_processes) {
        if (process.alive && which(process)) {
            process.alive = false;
            ++ended;
        }
    }
    return ended;
}

int FakeServer::aliveProcesses() const
{
    std::lock_guard lock(m_mutex);
    return int(std::count_if(m_processes.begin(), m_processes.end(),
                             [](const FakeProcess &process) { return process.alive; }));
}

std::vector<FakeProcess> FakeServer::processes() const
{
    std::lock_guard lock(m_mutex);
    return m_processes;
}

FakeHandler FakeServer::handlerFor(const QString &command)
{
    std::lock_guard lock(m_mutex);
    for (auto rule = m_rules.rbegin(); rule != m_rules.rend(); ++rule) {
        if (rule->match.matches(command))
            return rule->handler;
    }
    m_unanswered << command;
    const QString name = m_name;
    return [name](FakeCall &call) {
        return FakeAnswer{{},
                          u"fake server %1: nothing scripted for: %2\n"_s
                              .arg(name, call.command().section(u'\n', 0, 0))
                              .toUtf8(),
                          127};
    };
}

std::optional<QString> FakeServer::uploadFailure(const QString &path) const
{
    std::lock_guard lock(m_mutex);
    for (auto failure = m_uploadFailures.rbegin(); failure != m_uploadFailures.rend(); ++failure) {
        if (failure->path.matches(path))
            return failure->why;
    }
    return std::nullopt;
}

void FakeServer::record(FakeEvent event)
{
    event.server = m_name;
    std::lock_guard lock(m_mutex);
    event.sequence = m_fleet.nextSequence(); // under the lock: per-server order is fleet order
    m_events.push_back(std::move(event));
}

} // namespace cwtest
