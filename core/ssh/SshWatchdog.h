// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Internal to core/ssh. A blocking libssh call (channel open, authentication, every SFTP request)
// waits on the socket with no limit of its own, so a dead TCP path (a server that lost power, a
// link that went down) would hang it. The watchdog is a thread that, when an armed deadline
// passes or a watched cancel flag is set, shuts the socket down: the blocked call then fails at
// once and the session is lost (the caller connects again). shutdown() only wakes the poll; the
// descriptor stays libssh's to close.

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

namespace cw {

class SshWatchdog {
public:
    SshWatchdog() = default;
    SshWatchdog(const SshWatchdog &) = delete;
    SshWatchdog &operator=(const SshWatchdog &) = delete;
    ~SshWatchdog() { stop(); }

    // Fires on `fd` after `timeoutMs` (<= 0: no deadline), or as soon as `*cancel` becomes true.
    // Re-arming replaces the previous deadline and clears fired().
    void arm(int fd, int timeoutMs, const std::atomic<bool> *cancel = nullptr);
    void disarm();
    // Stops the thread; call before the socket is closed so a late shutdown() cannot hit a
    // descriptor number that was reused.
    void stop();

    bool fired() const { return m_fired.load(); }
    bool firedByCancel() const { return m_firedByCancel.load(); }

private:
    void run();

    std::mutex m_mutex;
    std::condition_variable m_wake;
    std::thread m_thread;
    bool m_stopping = false;
    bool m_armed = false;
    int m_fd = -1;
    bool m_hasDeadline = false;
    std::chrono::steady_clock::time_point m_deadline;
    const std::atomic<bool> *m_cancel = nullptr;
    std::atomic<bool> m_fired{false};
    std::atomic<bool> m_firedByCancel{false};
};

// Arms for one scope.
class SshWatchdogScope {
public:
    SshWatchdogScope(SshWatchdog &watchdog, int fd, int timeoutMs,
                     const std::atomic<bool> *cancel = nullptr)
        : m_watchdog(watchdog)
    {
        m_watchdog.arm(fd, timeoutMs, cancel);
    }
    ~SshWatchdogScope() { m_watchdog.disarm(); }
    SshWatchdogScope(const SshWatchdogScope &) = delete;
    SshWatchdogScope &operator=(const SshWatchdogScope &) = delete;

private:
    SshWatchdog &m_watchdog;
};

} // namespace cw
