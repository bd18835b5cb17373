// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "discover/Discovery.h"

#include <QFutureWatcher>
#include <QObject>
#include <QPointer>

#include <atomic>
#include <memory>

namespace cw {

// Discovery of some servers on a worker thread (libssh sessions live there, never on the GUI
// thread). Progress and the result come back as queued signals; cancel() sets the fleet's atomic
// flag so running commands return at once.
class DiscoveryJob : public QObject {
    Q_OBJECT

public:
    explicit DiscoveryJob(QObject *parent = nullptr);
    ~DiscoveryJob() override; // cancels; the worker finishes on its own copies

    // `indices` into project.servers; results keep the project's server indices.
    bool start(const Project &project, const std::vector<int> &indices,
               const FleetOptions &options);
    void cancel();
    bool isRunning() const { return m_watcher.isRunning(); }

Q_SIGNALS:
    void progress(int done, int total, const QString &serverName);
    void finished(const std::vector<cw::ServerDiscovery> &results, bool cancelled);

private:
    QFutureWatcher<std::vector<ServerDiscovery>> m_watcher;
    std::shared_ptr<std::atomic<bool>> m_cancel;
};

} // namespace cw
