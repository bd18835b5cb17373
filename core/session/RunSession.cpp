// SPDX-License-Identifier: GPL-3.0-or-later
#include "session/RunSession.h"

#include "launch/DeviceRecord.h"
#include "launch/RemoteCommands.h"

#include <QDateTime>
#include <QFileInfo>

#include <future>

using namespace Qt::StringLiterals;

namespace cw {
namespace {

qint64 nowMs()
{
    return QDateTime::currentMSecsSinceEpoch();
}

// A following session writes the samples to the record this often (`status` at its end).
constexpr qint64 kDevicesSaveEveryMs = 30000;

std::vector<QString> projectServerNames(const Project &project)
{
    std::vector<QString> names;
    for (const Server &server : project.servers)
        names.push_back(server.name);
    return names;
}

std::vector<QString> recordServerNames(const RunRecord &record)
{
    std::vector<QString> names;
    for (const RunServer &server : record.servers)
        names.push_back(server.name);
    return names;
}

// Only the samples change in the file: what `stop` or another session wrote since this one
// read the record (its state, its failure) stays. Returns an error, or "".
QString saveRecordDevices(const RunRecord &record)
{
    if (!QFileInfo::exists(runRecordPath(record.projectPath, record.runId)))
        return {}; // a session over a record never saved (tests): nothing to update
    QString error;
    std::optional<RunRecord> onDisk = loadRunRecord(record.projectPath, record.runId, &error);
    if (!onDisk)
        return error;
    onDisk->devices = record.devices;
    return saveRunRecord(*onDisk);
}

} // namespace

// RunHosts over the followers' connections: the commands of one call run on every server at
// once, each on its follower's thread.
class RunSession::Hosts : public RunHosts {
public:
    explicit Hosts(RunSession &session) : m_session(session) {}

    std::vector<ExecResult> execOnServers(const std::vector<int> &indices,
                                          const CommandFor &commandFor, int timeoutMs) override
    {
        std::vector<std::future<ExecResult>> pending;
        for (const int index : indices) {
            pending.push_back(m_session.m_followers[size_t(index)]->execOnConnection(
                commandFor(m_session.m_project.servers[size_t(index)]), timeoutMs));
        }
        std::vector<ExecResult> results;
        for (std::future<ExecResult> &result : pending)
            results.push_back(result.get());
        return results;
    }

    int fleetTimeoutMs() const override { return m_session.m_options.fleet.timeoutMs; }

private:
    RunSession &m_session;
};

RunSession::RunSession(Project project, RunRecord record, const RunLogSelection &logs,
                       RunSessionOptions options, LogStore *store, RunSessionEvents events)
    : m_project(std::move(project)), m_record(std::move(record)), m_options(std::move(options)),
      m_store(store), m_events(std::move(events)), m_policy(fleetHostKeyPolicy(m_options.fleet)),
      m_hosts(std::make_unique<Hosts>(*this)),
      m_rounds(int(m_project.servers.size()), nowMs(), m_options.intervalMs / 2),
      m_deviceHistory(reorderDeviceHistory(m_record.devices, recordServerNames(m_record),
                                           projectServerNames(m_project))),
      m_selection(logs)
{
    for (const ServerLogSources &selected : logs.servers)
        m_attemptsFollowed = std::max(m_attemptsFollowed, selected.attempt);
    for (int index = 0; index < int(m_project.servers.size()); ++index) {
        const Server &server = m_project.servers[size_t(index)];
        RemoteLogFollowerOptions follower =
            logFollowerOptions(m_project, index, m_options.fleet, m_policy.get());
        follower.status = {pollCommand(m_project, m_record, server), m_options.intervalMs};
        follower.giveUpMs = m_options.giveUpMs;
        QList<LogSource> sources; // a restarting run's attempts one after the other
        for (const ServerLogSources &selected : logs.servers) {
            if (selected.serverIndex == index && !m_options.once)
                sources += selected.sources;
        }
        auto followerPtr = std::make_unique<RemoteLogFollower>(
            std::move(follower), sources,
            [this](const LogRecord &line) {
                if (m_store)
                    m_store->append(line);
            },
            [this](const QString &message) {
                if (m_events.message)
                    m_events.message(message);
            });
        followerPtr->setReportSink([this, index](const QByteArray &report) {
            {
                const std::lock_guard lock(m_mutex);
                m_rounds.report(index, parseServerPoll(report), nowMs());
            }
            m_wake.notify_all();
        });
        followerPtr->setLinkSink([this, index](bool up, const QString &why) {
            {
                const std::lock_guard lock(m_mutex);
                if (up)
                    m_rounds.linkUp(index, nowMs());
                else
                    m_rounds.linkDown(index, why, nowMs());
            }
            m_wake.notify_all();
        });
        m_followers.push_back(std::move(followerPtr));
    }
}

RunSession::~RunSession()
{
    cancel();
    for (const auto &follower : m_followers)
        follower->wait(); // before the rounds and the mutex their sinks use go
}

void RunSession::stop()
{
    m_stop = true;
    m_wake.notify_all();
}

void RunSession::cancel()
{
    m_cancel = true;
    for (const auto &follower : m_followers)
        follower->cancel();
    m_wake.notify_all();
}

// The attempts a restarting run had when the session began (their logs are in the selection):
// marked before their lines come in.
void RunSession::markKnownAttempts()
{
    if (m_options.once)
        return;
    for (const RunAttempt &attempt : m_record.attempts) {
        if (attempt.number > m_attemptsFollowed || attempt.state == u"not-started")
            continue;
        if (m_store)
            m_store->append(LogRecord{QString(), -1, attemptMarkText(m_record, attempt), nowMs(), 0,
                                      attempt.number});
        if (m_events.attemptStarted)
            m_events.attemptStarted(m_record, attempt);
    }
}

// The attempts the record knows of and the session does not follow yet: their logs are added
// to the followers of their servers, and their mark goes into the store first.
void RunSession::followNewAttempts()
{
    if (m_options.once)
        return;
    for (const RunAttempt &attempt : m_record.attempts) {
        if (attempt.number <= m_attemptsFollowed)
            continue;
        m_attemptsFollowed = attempt.number;
        if (m_store)
            m_store->append(LogRecord{QString(), -1, attemptMarkText(m_record, attempt), nowMs(), 0,
                                      attempt.number});
        for (const ServerLogSources &server :
             attemptLogSources(m_project, m_record, attempt.number, m_selection))
            m_followers[size_t(server.serverIndex)]->addSources(server.sources);
        if (m_events.attemptStarted)
            m_events.attemptStarted(m_record, attempt);
    }
}

void RunSession::changed(const RunSnapshot &snapshot)
{
    if (m_events.polled)
        m_events.polled(snapshot);
    if (snapshot.state != m_shown && m_events.stateChanged)
        m_events.stateChanged(m_record, snapshot);
    m_shown = snapshot.state;
}

RunSnapshot RunSession::run()
{
    RunSnapshot snapshot;
    if (isFinal(m_record.state)) {
        // Nothing to watch: the record says how it ended; a follow still reads the logs whole.
        snapshot.state = m_record.state;
        snapshot.failure = m_record.failure;
        snapshot.ranksExpected = m_project.totalDevices();
        changed(snapshot);
        if (m_options.once)
            return snapshot;
        markKnownAttempts();
        for (const auto &follower : m_followers)
            follower->start();
        finish(true);
        return snapshot;
    }
    markKnownAttempts();
    for (const auto &follower : m_followers)
        follower->start();
    snapshot = watch();
    finish(!m_cancel.load() && !m_options.once && isFinal(m_record.state));
    return snapshot;
}

RunSnapshot RunSession::watch()
{
    RunSnapshot snapshot;
    std::unique_lock lock(m_mutex);
    for (;;) {
        if (m_cancel.load())
            return snapshot;
        if (m_stop.load()) {
            lock.unlock();
            return stopByUser();
        }
        std::optional<std::vector<ServerPoll>> round = m_rounds.take(nowMs());
        if (!round) {
            m_wake.wait_for(lock, std::chrono::milliseconds(50));
            continue;
        }
        lock.unlock();
        {
            const std::lock_guard history(m_historyMutex);
            for (size_t server = 0; server < round->size(); ++server) {
                if ((*round)[server].devices) {
                    m_deviceHistory.add(int(server), *(*round)[server].devices);
                    m_devicesUnsaved = true;
                }
            }
        }
        snapshot = evaluatePolls(m_project, m_record, *round, *m_hosts);
        applySnapshot(m_project, m_record, snapshot, *m_hosts);
        if (m_devicesUnsaved && (m_options.once || isFinal(m_record.state) ||
                                 nowMs() - m_devicesSavedMs >= kDevicesSaveEveryMs)) {
            m_devicesSavedMs = nowMs();
            m_devicesUnsaved = false;
            {
                const std::lock_guard history(m_historyMutex);
                m_record.devices = reorderDeviceHistory(
                    m_deviceHistory, projectServerNames(m_project), recordServerNames(m_record));
            }
            if (const QString error = saveRecordDevices(m_record); !error.isEmpty())
                snapshot.note += (snapshot.note.isEmpty() ? QString() : u"; "_s) + error;
        }
        followNewAttempts();
        changed(snapshot);
        if (isFinal(m_record.state) || m_options.once)
            return snapshot;
        lock.lock();
    }
}

DeviceHistory RunSession::deviceHistory() const
{
    const std::lock_guard lock(m_historyMutex);
    return m_deviceHistory;
}

std::vector<RunVerdict> RunSession::verdicts() const
{
    return evaluateVerdicts(verdictServers(m_project), deviceHistory(),
                            m_store ? m_store->rankSpeeds(nowMs()) : std::vector<RankSpeed>());
}

RunSnapshot RunSession::stopByUser()
{
    const StopResult stop = stopRunByUserOn(m_project, m_record, *m_hosts);
    RunSnapshot snapshot;
    snapshot.state = m_record.state;
    snapshot.failure = m_record.failure;
    snapshot.ranksExpected = m_project.totalDevices();
    snapshot.alive = stop.left;
    changed(snapshot);
    if (m_events.stopped)
        m_events.stopped(stop);
    return snapshot;
}

void RunSession::finish(bool drain)
{
    for (const auto &follower : m_followers) {
        if (drain)
            follower->stop();
        else
            follower->cancel();
    }
    for (const auto &follower : m_followers) {
        const SshError error = follower->wait();
        if (error.isError() && error.kind != SshError::Kind::Cancelled)
            m_errors << error.message; // "server: message"
    }
}

} // namespace cw
