// SPDX-License-Identifier: GPL-3.0-or-later
#include "ssh/SshWatchdog.h"

#include <sys/socket.h>

namespace cw {

namespace {
// How often a watched cancel flag is looked at: a cancelled upload stops within this.
constexpr std::chrono::milliseconds cancelPoll{50};
} // namespace

void SshWatchdog::arm(int fd, int timeoutMs, const std::atomic<bool> *cancel)
{
    std::unique_lock<std::mutex> lock(m_mutex);
    if (!m_thread.joinable()) {
        m_stopping = false;
        m_thread = std::thread([this] { run(); });
    }
    m_armed = fd >= 0;
    m_fd = fd;
    m_hasDeadline = timeoutMs > 0;
    m_deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeoutMs);
    m_cancel = cancel;
    m_fired = false;
    m_firedByCancel = false;
    lock.unlock();
    m_wake.notify_all();
}

void SshWatchdog::disarm()
{
    {
        const std::lock_guard<std::mutex> lock(m_mutex);
        m_armed = false;
        m_cancel = nullptr;
    }
    m_wake.notify_all();
}

void SshWatchdog::stop()
{
    {
        const std::lock_guard<std::mutex> lock(m_mutex);
        m_stopping = true;
        m_armed = false;
    }
    m_wake.notify_all();
    if (m_thread.joinable())
        m_thread.join();
}

void SshWatchdog::run()
{
    std::unique_lock<std::mutex> lock(m_mutex);
    while (!m_stopping) {
        if (!m_armed) {
            m_wake.wait(lock);
            continue;
        }
        auto until = m_hasDeadline ? m_deadline : std::chrono::steady_clock::time_point::max();
        if (m_cancel)
            until = std::min(until, std::chrono::steady_clock::now() + cancelPoll);
        if (until == std::chrono::steady_clock::time_point::max())
            m_wake.wait(lock);
        else
            m_wake.wait_until(lock, until);
        if (!m_armed || m_stopping)
            continue;
        const bool cancelled = m_cancel && m_cancel->load();
        const bool expired = m_hasDeadline && std::chrono::steady_clock::now() >= m_deadline;
        if (cancelled || expired) {
            // Marked first: the blocked call wakes the moment the socket shuts down (at once for a
            // jump chain's socket pair) and asks fired() for its error. Held under the mutex, so
            // disarm()/stop() never return while this runs.
            m_firedByCancel = cancelled;
            m_fired = true;
            ::shutdown(m_fd, SHUT_RDWR);
            m_armed = false;
        }
    }
}

} // namespace cw
