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
// thread). Each server's answer, and then the whole result, come back as queued signals, so a
// page shows a server (or asks about its host key) as soon as it has answered, whatever the
// others are waiting on; cancel() sets the fleet's atomic flag so running commands return at
// once.
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
    // One server finished (answered, failed, timed out or was cancelled); its project index.
    void answered(const cw::ServerDiscovery &result, int done, int total);
    void finished(const std::vector<cw::ServerDiscovery> &results, bool cancelled);

private:
    QFutureWatcher<std::vector<ServerDiscovery>> m_watcher;
    std::shared_ptr<std::atomic<bool>> m_cancel;
};

} // namespace cw
