// SPDX-License-Identifier: GPL-3.0-or-later
#include "logs/LogRing.h"

#include <chrono>
#include <utility>

namespace cw {

LogRing::LogRing(qsizetype maxLines, qint64 maxBytes)
    : m_maxLines(qMax<qsizetype>(1, maxLines)), m_maxBytes(qMax<qint64>(1, maxBytes))
{
}

qint64 LogRing::weight(const LogRecord &record)
{
    // The text dominates; the fixed part keeps empty lines from being free.
    return qint64(record.line.size()) * qint64(sizeof(QChar)) + qint64(sizeof(LogRecord));
}

bool LogRing::full() const
{
    return qsizetype(m_records.size()) >= m_maxLines || m_bytes >= m_maxBytes;
}

qint64 LogRing::append(LogRecord record)
{
    std::unique_lock lock(m_mutex);
    while (m_holding && !m_records.empty() && full() && m_readId < m_firstId)
        m_read.wait(lock);
    m_bytes += weight(record);
    m_records.push_back(std::move(record));
    // While holding, an unread record stays even if that puts the ring one record over: the
    // next append waits.
    while (m_records.size() > 1 &&
           (qsizetype(m_records.size()) > m_maxLines || m_bytes > m_maxBytes) &&
           (!m_holding || m_firstId <= m_readId)) {
        m_bytes -= weight(m_records.front());
        m_records.pop_front();
        ++m_firstId;
        ++m_dropped;
    }
    m_appended.notify_all();
    return m_firstId + qint64(m_records.size()) - 1;
}

void LogRing::setHolding(bool hold)
{
    const std::lock_guard lock(m_mutex);
    m_holding = hold;
    m_read.notify_all();
}

void LogRing::markRead(qint64 id)
{
    const std::lock_guard lock(m_mutex);
    m_readId = qMax(m_readId, id);
    m_read.notify_all();
}

bool LogRing::waitForRecords(qint64 afterId, int ms) const
{
    std::unique_lock lock(m_mutex);
    const auto newer = [&] { return m_firstId + qint64(m_records.size()) - 1 > afterId; };
    if (!newer()) {
        if (ms < 0)
            m_appended.wait(lock);
        else
            m_appended.wait_for(lock, std::chrono::milliseconds(ms));
    }
    return newer();
}

void LogRing::clear()
{
    const std::lock_guard lock(m_mutex);
    m_firstId += qint64(m_records.size());
    m_readId = m_firstId - 1;
    m_records.clear();
    m_bytes = 0;
    m_read.notify_all();
}

std::optional<LogRecord> LogRing::at(qint64 id) const
{
    const std::lock_guard lock(m_mutex);
    if (id < m_firstId || id >= m_firstId + qint64(m_records.size()))
        return std::nullopt;
    return m_records[size_t(id - m_firstId)];
}

std::vector<LogRecord> LogRing::since(qint64 afterId, qsizetype max, qint64 *firstIdOut) const
{
    const std::lock_guard lock(m_mutex);
    const qint64 from = qMax(afterId + 1, m_firstId);
    const qint64 end = m_firstId + qint64(m_records.size()); // one past the newest id
    std::vector<LogRecord> out;
    if (firstIdOut)
        *firstIdOut = from;
    if (from >= end || max <= 0)
        return out;
    const qint64 count = qMin<qint64>(end - from, max);
    out.reserve(size_t(count));
    const auto first = m_records.begin() + (from - m_firstId);
    out.assign(first, first + count);
    return out;
}

qint64 LogRing::firstId() const
{
    const std::lock_guard lock(m_mutex);
    return m_firstId;
}

qint64 LogRing::lastId() const
{
    const std::lock_guard lock(m_mutex);
    return m_firstId + qint64(m_records.size()) - 1;
}

qsizetype LogRing::size() const
{
    const std::lock_guard lock(m_mutex);
    return qsizetype(m_records.size());
}

qint64 LogRing::bytes() const
{
    const std::lock_guard lock(m_mutex);
    return m_bytes;
}

qint64 LogRing::dropped() const
{
    const std::lock_guard lock(m_mutex);
    return m_dropped;
}

} // namespace cw
