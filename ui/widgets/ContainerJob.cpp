// SPDX-License-Identifier: GPL-3.0-or-later
#include "ContainerJob.h"

#include <QtConcurrent/QtConcurrentRun>

namespace cw {

ContainerJob::ContainerJob(QObject *parent) : QObject(parent)
{
    connect(&m_watcher, &QFutureWatcherBase::finished, this, [this] {
        const bool cancelled = m_cancel && m_cancel->load();
        Q_EMIT finished(m_watcher.result(), cancelled);
    });
}

ContainerJob::~ContainerJob()
{
    // No wait: the worker may be waiting on a passphrase dialog of the GUI thread.
    cancel();
}

bool ContainerJob::start(Action action, const Project &project, const FleetOptions &options,
                         const QString &journalPath)
{
    if (isRunning())
        return false;
    m_action = action;
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    // The worker owns copies of what it reads.
    m_watcher.setFuture(
        QtConcurrent::run([action, project, options, journalPath, cancel = m_cancel] {
            switch (action) {
            case Action::Up:
                return containerUp(project, options, journalPath, cancel.get());
            case Action::Down:
                return containerDown(project, options, journalPath, cancel.get());
            case Action::Status:
                break;
            }
            return containerStatus(project, options, journalPath, cancel.get());
        }));
    return true;
}

void ContainerJob::cancel()
{
    if (m_cancel)
        m_cancel->store(true);
}

} // namespace cw
