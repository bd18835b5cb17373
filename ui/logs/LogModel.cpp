// SPDX-License-Identifier: GPL-3.0-or-later
#include "LogModel.h"

#include "logs/LogStore.h"
#include "logs/RunLogSources.h"

#include <QColor>
#include <QFont>

using namespace Qt::StringLiterals;

namespace cw {

LogModel::LogModel(LogStore *store, QObject *parent) : QAbstractListModel(parent), m_store(store)
{
    m_base = m_store->ring().lastId();
    m_first = m_next = m_base + 1;
    m_timer.setInterval(100);
    connect(&m_timer, &QTimer::timeout, this, &LogModel::refresh);
    m_timer.start();
}

void LogModel::refresh()
{
    const LogRing &ring = m_store->ring();
    const qint64 first = ring.firstId(); // both only grow: a stale pair is caught next tick
    const qint64 last = ring.lastId();
    if (first > m_first) {
        const qint64 gone = std::min(first, m_next) - m_first;
        if (gone > 0) {
            beginRemoveRows({}, 0, int(gone) - 1);
            m_first += gone;
            endRemoveRows();
        }
        if (first > m_next) // dropped before they were ever shown
            m_first = m_next = first;
    }
    if (last >= m_next) {
        const int rows = rowCount();
        beginInsertRows({}, rows, rows + int(last - m_next));
        m_next = last + 1;
        endInsertRows();
    }
    const std::vector<RankSeen> ranks = m_store->ranks();
    for (; m_ranks < ranks.size(); ++m_ranks)
        Q_EMIT rankSeen(ranks[m_ranks].server, ranks[m_ranks].rank);
}

void LogModel::clear()
{
    beginResetModel();
    m_store->clear();
    m_base = m_store->ring().lastId();
    m_first = m_next = m_base + 1;
    m_ranks = 0;
    m_marked = -1;
    endResetModel();
}

void LogModel::markRank(int rank)
{
    m_marked = rank;
    if (rowCount() > 0)
        Q_EMIT dataChanged(index(0), index(rowCount() - 1), {Qt::BackgroundRole});
}

int LogModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_next - m_first);
}

QVariant LogModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    // Dropped by the ring since the last refresh: blank until that row goes too.
    const std::optional<LogRecord> line = m_store->ring().at(m_first + index.row());
    if (!line)
        return {};
    switch (role) {
    case Qt::DisplayRole:
        return logRecordText(*line);
    case ServerRole:
        return line->server;
    case RankRole:
        return line->rank;
    case TextRole:
        return line->line;
    case MarkRole:
        return line->isAttemptMark();
    case Qt::FontRole: {
        if (!line->isAttemptMark())
            return {};
        QFont bold;
        bold.setBold(true);
        return bold;
    }
    case Qt::BackgroundRole:
        if (line->isAttemptMark())
            return QColor(215, 230, 255);
        return line->rank == m_marked && m_marked >= 0 ? QVariant(QColor(255, 215, 215))
                                                       : QVariant();
    default:
        return {};
    }
}

} // namespace cw
