// SPDX-License-Identifier: GPL-3.0-or-later
#include "logs/LogStore.h"

#include "logs/LossParser.h"
#include "logs/RankSpeed.h"

#include <QMutexLocker>

namespace cw {

LogStore::LogStore(qsizetype maxLines, qint64 maxBytes, qsizetype lossPoints)
    : m_ring(maxLines, maxBytes), m_lossPoints(lossPoints)
{
}

void LogStore::append(const LogRecord &record)
{
    if (record.isAttemptMark()) {
        m_ring.append(record);
        return;
    }
    const std::optional<LossPoint> loss = parseLoss(record.line); // outside every lock
    const RankProgress progress = parseRankProgress(record.line);
    {
        QMutexLocker lock(&m_mutex);
        m_speeds.add(record.rank, progress, record.timeMs);
        // A set, not a scan of m_ranks: 1,024 ranks at tens of thousands of lines a second.
        if (m_seen.insert(record.rank).second)
            m_ranks.push_back({record.server, record.rank});
        if (loss) {
            int &next = m_nextX[record.rank];
            const int x = loss->step >= 0 ? loss->step : next;
            next = x + 1;
            std::unique_ptr<LossSeries> &series = m_loss[record.rank];
            if (!series)
                series = std::make_unique<LossSeries>(m_lossPoints);
            int &attempt = m_lossAttempt[record.rank];
            if (record.attempt > attempt) {
                series->dropFrom(x);
                attempt = record.attempt;
            }
            series->add({x, loss->loss});
            m_bands.add(x, loss->loss);
        }
    }
    m_ring.append(record); // may wait for a reader: no lock of ours held
}

void LogStore::clear()
{
    m_ring.clear();
    QMutexLocker lock(&m_mutex);
    m_loss.clear();
    m_nextX.clear();
    m_lossAttempt.clear();
    m_ranks.clear();
    m_seen.clear();
    m_bands.clear();
    m_speeds.clear();
}

std::vector<RankSpeed> LogStore::rankSpeeds(qint64 nowMs) const
{
    QMutexLocker lock(&m_mutex);
    return m_speeds.speeds(nowMs);
}

std::vector<RankSeen> LogStore::ranks() const
{
    QMutexLocker lock(&m_mutex);
    return m_ranks;
}

std::vector<LossPoint> LogStore::loss(int rank) const
{
    QMutexLocker lock(&m_mutex);
    const auto it = m_loss.find(rank);
    return it == m_loss.end() ? std::vector<LossPoint>{} : it->second->points();
}

qint64 LogStore::lossAdded(int rank) const
{
    QMutexLocker lock(&m_mutex);
    const auto it = m_loss.find(rank);
    return it == m_loss.end() ? 0 : it->second->added();
}

std::vector<LossBucket> LogStore::lossBands() const
{
    QMutexLocker lock(&m_mutex);
    return m_bands.buckets();
}

qint64 LogStore::lossBandsAdded() const
{
    QMutexLocker lock(&m_mutex);
    return m_bands.added();
}

qint64 LogStore::lossPointsHeld() const
{
    QMutexLocker lock(&m_mutex);
    qint64 held = 0;
    for (const auto &[rank, series] : m_loss)
        held += series->size();
    return held;
}

} // namespace cw
