// SPDX-License-Identifier: GPL-3.0-or-later
#include "logs/HostRequests.h"

#include <QMutexLocker>

namespace cw {

ExecResult HostRequests::failure(const QString &why)
{
    ExecResult result;
    result.error = SshError::make(SshError::Kind::Unreachable, why);
    return result;
}

std::future<ExecResult> HostRequests::add(QString command, int timeoutMs)
{
    HostRequest request{std::move(command), timeoutMs, {}};
    std::future<ExecResult> future = request.done.get_future();
    QMutexLocker lock(&m_mutex);
    if (!m_closed.isEmpty())
        request.done.set_value(failure(m_closed));
    else
        m_queue.push_back(std::move(request));
    return future;
}

std::optional<HostRequest> HostRequests::take()
{
    QMutexLocker lock(&m_mutex);
    if (m_queue.empty())
        return std::nullopt;
    HostRequest request = std::move(m_queue.front());
    m_queue.pop_front();
    return request;
}

bool HostRequests::pending() const
{
    QMutexLocker lock(&m_mutex);
    return !m_queue.empty();
}

void HostRequests::close(const QString &why)
{
    QMutexLocker lock(&m_mutex);
    m_closed = why;
    for (HostRequest &request : m_queue)
        request.done.set_value(failure(why));
    m_queue.clear();
}

} // namespace cw
