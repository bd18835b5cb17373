// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "container/ContainerFleet.h"

#include <QFutureWatcher>
#include <QObject>

#include <atomic>
#include <memory>

namespace cw {

// `container up`, `status` or `down` of a project on a worker thread (the libssh sessions live
// there, never on the GUI thread); the whole run comes back as one queued signal. cancel() sets
// the fleet's atomic flag, so running commands end within a moment.
class ContainerJob : public QObject {
    Q_OBJECT

public:
    enum class Action { Up, Status, Down };

    explicit ContainerJob(QObject *parent = nullptr);
    ~ContainerJob() override; // cancels; the worker finishes on its own copies

    bool start(Action action, const Project &project, const FleetOptions &options,
               const QString &journalPath);
    void cancel();
    bool isRunning() const { return m_watcher.isRunning(); }
    Action action() const { return m_action; }

Q_SIGNALS:
    void finished(const cw::ContainerRun &run, bool cancelled);

private:
    QFutureWatcher<ContainerRun> m_watcher;
    std::shared_ptr<std::atomic<bool>> m_cancel;
    Action m_action = Action::Status;
};

} // namespace cw
