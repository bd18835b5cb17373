// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The loss curve of one rank, bounded: at most `maxPoints` points. When full, every second point
// is dropped and from then on only every second new point is kept (the stride doubles each time),
// so a long run keeps an evenly thinned curve over its whole length in fixed memory. The newest
// point is always available through last(). Thread-safe like LogRing.

#include "logs/LossParser.h"

#include <QMutex>

#include <vector>

namespace cw {

class LossSeries {
public:
    explicit LossSeries(qsizetype maxPoints = 4096);

    void add(LossPoint point);
    // Forgets the points at `step` and after: a restarted job that resumed from an earlier
    // checkpoint trains those steps again, and its curve goes on from there.
    void dropFrom(int step);
    std::vector<LossPoint> points() const;
    std::optional<LossPoint> last() const;
    qint64 added() const;   // points ever added
    qsizetype size() const; // points held: at most maxPoints
    qint64 stride() const;  // 1, 2, 4, ...: one kept point per this many added

private:
    mutable QMutex m_mutex;
    std::vector<LossPoint> m_points;
    std::optional<LossPoint> m_last;
    qint64 m_added = 0;
    qint64 m_stride = 1;
    const qsizetype m_maxPoints;
};

} // namespace cw
