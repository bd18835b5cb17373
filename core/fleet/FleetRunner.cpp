// SPDX-License-Identifier: GPL-3.0-or-later
#include "fleet/FleetRunner.h"

#include <QElapsedTimer>

#include <algorithm>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <thread>

using namespace Qt::StringLiterals;

namespace cw {
namespace {

using Clock = std::chrono::steady_clock;

// One server's state shared between its worker and the deadline monitor.
struct Slot {
    std::atomic<bool> cancel{false};
    std::atomic<bool> expired{false};    // the monitor set `cancel` because time ran out
    std::atomic<Clock::rep> deadline{0}; // 0: not running
};

// Sets a running server's cancel flag when its deadline passes or the fleet is cancelled, so
// that a command in exec() returns at once instead of each worker polling the clock.
class DeadlineMonitor {
public:
    DeadlineMonitor(std::vector<Slot> &slots, const std::atomic<bool> *cancel)
        : m_slots(slots), m_cancel(cancel), m_thread([this] { run(); })
    {
    }
    ~DeadlineMonitor()
    {
        {
            std::lock_guard lock(m_mutex);
            m_stopping = true;
        }
        m_wake.notify_all();
        m_thread.join();
    }
    DeadlineMonitor(const DeadlineMonitor &) = delete;
    DeadlineMonitor &operator=(const DeadlineMonitor &) = delete;

private:
    void run()
    {
        std::unique_lock lock(m_mutex);
        while (!m_stopping) {
            const bool cancelled = m_cancel && m_cancel->load();
            const Clock::rep now = Clock::now().time_since_epoch().count();
            for (Slot &slot : m_slots) {
                const Clock::rep deadline = slot.deadline.load();
                if (deadline == 0 || slot.cancel.load())
                    continue;
                if (now >= deadline)
                    slot.expired.store(true);
                if (cancelled || now >= deadline)
                    slot.cancel.store(true);
            }
            // 20 ms is far below any useful timeout and costs nothing measurable.
            m_wake.wait_for(lock, std::chrono::milliseconds(20));
        }
    }

    std::vector<Slot> &m_slots;
    const std::atomic<bool> *m_cancel;
    std::mutex m_mutex;
    std::condition_variable m_wake;
    bool m_stopping = false;
    std::thread m_thread; // last: started once everything above exists
};

QString secondsText(int ms)
{
    return ms % 1000 == 0 ? QString::number(ms / 1000) : QString::number(ms / 1000.0, 'f', 1);
}

FleetResult runOne(const Project &project, int index, const FleetOptions &options,
                   HostKeyPolicy *policy, const FleetWork &work, Slot &slot,
                   const std::atomic<bool> *cancel)
{
    const Server &server = project.servers[size_t(index)];
    QElapsedTimer timer;
    timer.start();
    const Clock::time_point deadline = Clock::now() + std::chrono::milliseconds(options.timeoutMs);
    slot.deadline.store(deadline.time_since_epoch().count());

    FleetResult result;
    result.serverIndex = index;
    result.serverName = server.name;
    result.endpoint = sshEndpoint(server.host, server.port);
    if (cancel && cancel->load()) {
        result.error =
            SshError::make(SshError::Kind::Cancelled, result.endpoint + u": cancelled"_s);
        return result;
    }

    // The server's cancel flag (its deadline, or the fleet's cancel) reaches a connect that
    // waits for an answer, too.
    RemoteConnection connection = fleetConnector(options)->connectCancellable(
        fleetTarget(server, options), policy, options.credentials, &slot.cancel);
    SshError error = connection.error;
    result.hostKey = connection.hostKey;
    result.authMethod = connection.authMethod;
    if (!connection.endpoint.isEmpty())
        result.endpoint = connection.endpoint;
    if (!error.isError()) {
        if (slot.cancel.load()) {
            error = SshError::make(SshError::Kind::Cancelled, result.endpoint + u": cancelled"_s);
        } else {
            FleetTask task{*connection.host, index, server, slot.cancel, deadline};
            try {
                error = work(task);
            } catch (const std::exception &e) {
                // A worker thread must never let an exception escape (std::terminate).
                error =
                    SshError::make(SshError::Kind::Protocol,
                                   result.endpoint + u": "_s + QString::fromLocal8Bit(e.what()));
            }
        }
    }
    // A cancel or command timeout caused by this server's deadline reads as the server's timeout.
    const bool timeUp = slot.expired.load() || Clock::now() >= deadline;
    if (error.isError() && timeUp &&
        (error.kind == SshError::Kind::Cancelled || error.kind == SshError::Kind::Timeout) &&
        !(cancel && cancel->load())) {
        error = SshError::make(
            SshError::Kind::Timeout,
            u"%1: no result within %2 s"_s.arg(result.endpoint, secondsText(options.timeoutMs)));
    }
    slot.deadline.store(0);
    connection.host.reset(); // disconnects
    result.error = error;
    result.elapsedMs = timer.elapsed();
    return result;
}

} // namespace

int FleetTask::remainingMs() const
{
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    return int(std::clamp<long long>(left, 1, 24LL * 3600 * 1000));
}

std::shared_ptr<HostKeyPolicy> fleetHostKeyPolicy(const FleetOptions &options)
{
    if (options.hostKeyPolicy)
        return options.hostKeyPolicy;
    if (options.acceptNew)
        return std::make_shared<AcceptNewHostKeys>();
    return std::make_shared<RejectUnknownHostKeys>();
}

SshTarget fleetTarget(const Server &server, const FleetOptions &options)
{
    SshTarget target;
    target.host = server.host;
    // 22 is the project's default: it leaves the port to the ssh config (Port), as `ssh alias`
    // does; any other port is the user's explicit choice and wins over the config.
    target.port = server.port == 22 ? 0 : server.port;
    target.user = server.user;
    target.identityFile =
        options.identityFile.isEmpty() ? server.identityFile : options.identityFile;
    target.knownHostsFile = options.knownHostsFile;
    // connect() may spend this limit twice (key exchange, then authentication): half of the
    // server's overall limit keeps connect inside it.
    target.connectTimeoutMs = std::max(500, options.timeoutMs / 2);
    target.parseSshConfig = options.parseSshConfig;
    target.sshConfigFile = options.sshConfigFile;
    return target;
}

std::shared_ptr<RemoteConnector> fleetConnector(const FleetOptions &options)
{
    return options.connector ? options.connector : sshConnector();
}

std::vector<FleetResult> runOnFleet(const Project &project, const FleetOptions &options,
                                    const FleetWork &work, const FleetProgress &progress,
                                    const std::atomic<bool> *cancel)
{
    std::vector<int> indices(project.servers.size());
    for (size_t i = 0; i < indices.size(); ++i)
        indices[i] = int(i);
    return runOnServers(project, indices, options, work, progress, cancel);
}

std::vector<FleetResult> runOnServers(const Project &project, const std::vector<int> &indices,
                                      const FleetOptions &options, const FleetWork &work,
                                      const FleetProgress &progress,
                                      const std::atomic<bool> *cancel)
{
    const int total = int(indices.size());
    std::vector<FleetResult> results(static_cast<size_t>(total));
    if (total == 0)
        return results;

    const std::shared_ptr<HostKeyPolicy> policy = fleetHostKeyPolicy(options);
    std::vector<Slot> slots(static_cast<size_t>(total));
    std::atomic<int> next{0};
    std::mutex progressMutex;
    int done = 0;

    DeadlineMonitor monitor(slots, cancel);
    auto worker = [&] {
        for (int k = next++; k < total; k = next++) {
            const int index = indices[size_t(k)];
            FleetResult result;
            if (index < 0 || index >= int(project.servers.size())) {
                result.serverIndex = index;
                result.error = SshError::make(SshError::Kind::InvalidTarget,
                                              u"no server #%1 in the project"_s.arg(index));
            } else {
                result =
                    runOne(project, index, options, policy.get(), work, slots[size_t(k)], cancel);
            }
            std::lock_guard lock(progressMutex);
            results[size_t(k)] = result;
            ++done;
            if (progress)
                progress(done, total, result);
        }
    };
    const int threads = std::clamp(options.jobs, 1, total);
    std::vector<std::thread> pool;
    pool.reserve(size_t(threads));
    for (int i = 0; i < threads; ++i)
        pool.emplace_back(worker);
    for (std::thread &thread : pool)
        thread.join();
    return results;
}

} // namespace cw
