#include "LogModel.h"

#include <QColor>
#include <QMutexLocker>

using namespace Qt::StringLiterals;

namespace cw {

LogModel::LogModel(int cap, QObject *parent) : QAbstractListModel(parent), m_cap(std::max(cap, 1))
{
    m_timer.setInterval(100);
    connect(&m_timer, &QTimer::timeout, this, &LogModel::flush);
    m_timer.start();
}

void LogModel::append(std::vector<LogLine> lines)
{
    QMutexLocker lock(&m_mutex);
    if (m_pending.empty())
        m_pending = std::move(lines);
    else
        m_pending.insert(m_pending.end(), std::make_move_iterator(lines.begin()),
                         std::make_move_iterator(lines.end()));
    // A producer far ahead of the GUI must not grow this buffer without limit either.
    if (m_pending.size() > size_t(m_cap) * 2) {
        const size_t excess = m_pending.size() - size_t(m_cap);
        m_pending.erase(m_pending.begin(), m_pending.begin() + qsizetype(excess));
        m_droppedPending += qint64(excess);
    }
}

void LogModel::flush()
{
    std::vector<LogLine> batch;
    {
        QMutexLocker lock(&m_mutex);
        batch.swap(m_pending);
        // Lines the producer side dropped count as received and dropped, on this thread only.
        m_dropped += m_droppedPending;
        m_received += m_droppedPending;
        m_droppedPending = 0;
    }
    if (batch.empty())
        return;
    m_received += qint64(batch.size());
    if (batch.size() > size_t(m_cap)) {
        const size_t excess = batch.size() - size_t(m_cap);
        batch.erase(batch.begin(), batch.begin() + qsizetype(excess));
        m_dropped += qint64(excess);
    }
    for (const LogLine &line : batch) {
        if (!m_ranks.contains(line.rank)) {
            m_ranks.insert(line.rank);
            Q_EMIT rankSeen(line.server, line.rank);
        }
    }
    const qsizetype overflow = qsizetype(m_lines.size() + batch.size()) - m_cap;
    if (overflow > 0) {
        beginRemoveRows({}, 0, int(overflow) - 1);
        m_lines.erase(m_lines.begin(), m_lines.begin() + overflow);
        m_dropped += overflow;
        endRemoveRows();
    }
    const int first = int(m_lines.size());
    beginInsertRows({}, first, first + int(batch.size()) - 1);
    for (LogLine &line : batch)
        m_lines.push_back(std::move(line));
    endInsertRows();
}

void LogModel::clear()
{
    {
        QMutexLocker lock(&m_mutex);
        m_pending.clear();
    }
    beginResetModel();
    m_lines.clear();
    m_ranks.clear();
    m_marked = -1;
    endResetModel();
}

void LogModel::markRank(int rank)
{
    m_marked = rank;
    if (!m_lines.empty())
        Q_EMIT dataChanged(index(0), index(int(m_lines.size()) - 1), {Qt::BackgroundRole});
}

int LogModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_lines.size());
}

QVariant LogModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || size_t(index.row()) >= m_lines.size())
        return {};
    const LogLine &line = m_lines[size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        return u"[%1/%2] %3"_s.arg(line.server).arg(line.rank).arg(line.text);
    case ServerRole:
        return line.server;
    case RankRole:
        return line.rank;
    case TextRole:
        return line.text;
    case Qt::BackgroundRole:
        return line.rank == m_marked && m_marked >= 0 ? QVariant(QColor(255, 215, 215))
                                                      : QVariant();
    default:
        return {};
    }
}

} // namespace cw
