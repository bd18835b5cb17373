// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Commands waiting for a log follower's connection (RemoteLogFollower::execOnConnection): any
// thread adds one and gets a future; the follower's thread takes them one at a time between two
// streams and runs them on its host. Once closed (the follow ended) every waiting and every new
// request fails at once, so no caller waits on a connection that is gone.

#include "ssh/SshTypes.h"

#include <QMutex>
#include <QString>

#include <deque>
#include <future>
#include <optional>

namespace cw {

struct HostRequest {
    QString command;
    int timeoutMs = 0;
    std::promise<ExecResult> done;
};

class HostRequests {
public:
    std::future<ExecResult> add(QString command, int timeoutMs);
    std::optional<HostRequest> take(); // the oldest waiting request
    bool pending() const;
    // Fails what waits and everything added later with `why`.
    void close(const QString &why);

    static ExecResult failure(const QString &why);

private:
    mutable QMutex m_mutex;
    std::deque<HostRequest> m_queue;
    QString m_closed; // why, once closed
};

} // namespace cw
