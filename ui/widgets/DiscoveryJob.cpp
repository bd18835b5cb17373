// SPDX-License-Identifier: GPL-3.0-or-later
#include "DiscoveryJob.h"

#include <QtConcurrent/QtConcurrentRun>

namespace cw {

DiscoveryJob::DiscoveryJob(QObject *parent) : QObject(parent)
{
    connect(&m_watcher, &QFutureWatcherBase::finished, this, [this] {
        const bool cancelled = m_cancel && m_cancel->load();
        Q_EMIT finished(m_watcher.result(), cancelled);
    });
}

DiscoveryJob::~DiscoveryJob()
{
    // No wait: the worker owns copies of everything it reads and reaches us only through a
    // QPointer, and it may be waiting on a password dialog of the GUI thread.
    cancel();
}

bool DiscoveryJob::start(const Project &project, const std::vector<int> &indices,
                         const FleetOptions &options)
{
    if (isRunning())
        return false;
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    // The worker gets a project of just these servers; results are mapped back to the indices.
    Project subset = project;
    subset.servers.clear();
    for (int index : indices)
        subset.servers.push_back(project.servers.at(index));
    subset.launch.master.clear();
    QPointer<DiscoveryJob> self(this);
    auto cancel = m_cancel;
    m_watcher.setFuture(QtConcurrent::run([self, subset, indices, options, cancel] {
        // Each server's facts, kept by its own worker until that worker reports it.
        auto facts = std::make_shared<std::vector<std::optional<ServerFacts>>>(indices.size());
        DiscoveryFollowUp followUp;
        followUp.afterProbe = [facts](FleetTask &task, const ServerFacts &found) {
            (*facts)[size_t(task.serverIndex)] = found;
        };
        const FleetProgress report = [self, facts, indices](int done, int total,
                                                            const FleetResult &result) {
            // Called on a worker thread: hand it to the GUI thread as a queued call.
            ServerDiscovery discovery{result, std::nullopt};
            if (result.ok())
                discovery.facts = (*facts)[size_t(result.serverIndex)];
            discovery.connection.serverIndex = indices.at(result.serverIndex);
            if (QObject *context = self.data()) {
                QMetaObject::invokeMethod(
                    context,
                    [self, discovery, done, total] {
                        if (self)
                            Q_EMIT self->answered(discovery, done, total);
                    },
                    Qt::QueuedConnection);
            }
        };
        std::vector<ServerDiscovery> results =
            discoverFleet(subset, options, report, cancel.get(), followUp);
        for (ServerDiscovery &result : results)
            result.connection.serverIndex = indices.at(result.connection.serverIndex);
        return results;
    }));
    return true;
}

void DiscoveryJob::cancel()
{
    if (m_cancel)
        m_cancel->store(true);
}

} // namespace cw
