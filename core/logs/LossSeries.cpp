// SPDX-License-Identifier: GPL-3.0-or-later
#include "logs/LossSeries.h"

#include <QMutexLocker>

namespace cw {

LossSeries::LossSeries(qsizetype maxPoints) : m_maxPoints(qMax<qsizetype>(2, maxPoints)) {}

void LossSeries::add(LossPoint point)
{
    QMutexLocker lock(&m_mutex);
    m_last = point;
    const qint64 index = m_added++;
    if (index % m_stride != 0)
        return;
    if (qsizetype(m_points.size()) >= m_maxPoints) {
        // Keep the points at even positions: they are exactly those at multiples of 2 * stride.
        size_t kept = 0;
        for (size_t i = 0; i < m_points.size(); i += 2)
            m_points[kept++] = m_points[i];
        m_points.resize(kept);
        m_stride *= 2;
        if (index % m_stride != 0)
            return;
    }
    m_points.push_back(point);
}

void LossSeries::dropFrom(int step)
{
    QMutexLocker lock(&m_mutex);
    while (!m_points.empty() && m_points.back().step >= step)
        m_points.pop_back();
}

std::vector<LossPoint> LossSeries::points() const
{
    QMutexLocker lock(&m_mutex);
    return m_points;
}

std::optional<LossPoint> LossSeries::last() const
{
    QMutexLocker lock(&m_mutex);
    return m_last;
}

qint64 LossSeries::added() const
{
    QMutexLocker lock(&m_mutex);
    return m_added;
}

qsizetype LossSeries::size() const
{
    QMutexLocker lock(&m_mutex);
    return qsizetype(m_points.size());
}

qint64 LossSeries::stride() const
{
    QMutexLocker lock(&m_mutex);
    return m_stride;
}

} // namespace cw
