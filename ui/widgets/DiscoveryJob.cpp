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
        const FleetProgress report = [self](int done, int total, const FleetResult &result) {
            // Called on a worker thread: hand it to the GUI thread as a queued call.
            if (QObject *context = self.data()) {
                QMetaObject::invokeMethod(
                    context,
                    [self, done, total, name = result.serverName] {
                        if (self)
                            Q_EMIT self->progress(done, total, name);
                    },
                    Qt::QueuedConnection);
            }
        };
        std::vector<ServerDiscovery> results = discoverFleet(subset, options, report, cancel.get());
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
