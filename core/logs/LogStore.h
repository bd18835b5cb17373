// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The one bounded store of a followed run's logs: every line in a LogRing (ids for readers) and
// the training loss of each rank in a LossSeries, parsed from the lines as they come in. A run
// session appends from its follower threads; `launch --follow` and `logs --follow` print from
// the ring (holding: a slow terminal makes the followers wait), the GUI's LogModel and LossChart
// read it by id and by rank on a GUI-thread timer (the oldest lines go).
//
// Bounds (memory stays flat however long the run): the ring holds at most `maxLines` lines
// (100,000) and `maxBytes` of text (32 MiB), the oldest go; each rank's loss series at most
// `lossPoints` points (2,000: 16 bytes each, evenly thinned once full, so 1,024 ranks hold at most
// 2,048,000 points, about 31 MiB); the bands of every rank together at most 2,000 buckets.
//
// Thread-safe, like the ring and the series it holds.

#include "logs/LogRing.h"
#include "logs/LossBands.h"
#include "logs/LossSeries.h"
#include "logs/RankSpeed.h"

#include <QMutex>

#include <map>
#include <memory>
#include <set>
#include <vector>

namespace cw {

struct RankSeen {
    QString server;
    int rank = -1;
};

class LogStore {
public:
    explicit LogStore(qsizetype maxLines = 100'000, qint64 maxBytes = 32 * 1024 * 1024,
                      qsizetype lossPoints = 2000);

    // The line into the ring (waiting there while it holds and is full), its loss, if any, into
    // its rank's series: x is the line's step, or for a line that names none the next x after
    // that rank's last point. The first loss of a later attempt (a restarted job, resumed from
    // its checkpoint) replaces that rank's points from its step on. An attempt's mark goes into
    // the ring only.
    void append(const LogRecord &record);
    // Every line, loss point and rank gone; ids go on. No reader may be behind, no writer on.
    void clear();

    LogRing &ring() { return m_ring; }
    const LogRing &ring() const { return m_ring; }

    std::vector<RankSeen> ranks() const; // in the order they were first seen
    // The loss curve of `rank` (thinned evenly once long), and how many points it was ever given
    // (a reader redraws when that moved).
    std::vector<LossPoint> loss(int rank) const;
    qint64 lossAdded(int rank) const;
    // Every rank's loss bucketed by step (mean, min, max), and how many points it was given.
    std::vector<LossBucket> lossBands() const;
    qint64 lossBandsAdded() const;
    // Each rank's speed from its progress lines (logs/RankSpeed.h), as of `nowMs` (the clock of
    // the records' timeMs).
    std::vector<RankSpeed> rankSpeeds(qint64 nowMs) const;
    qint64 lossPointsHeld() const; // over every rank's series: at most ranks x lossPoints
    qsizetype lossPointsPerRank() const { return m_lossPoints; }

private:
    LogRing m_ring;
    const qsizetype m_lossPoints;
    mutable QMutex m_mutex; // guards the maps and the ranks
    std::map<int, std::unique_ptr<LossSeries>> m_loss;
    LossBands m_bands;
    RankSpeeds m_speeds;
    std::map<int, int> m_nextX;       // per rank: the x of a loss line that names no step
    std::map<int, int> m_lossAttempt; // per rank: the attempt of its last loss point
    std::vector<RankSeen> m_ranks;
    std::set<int> m_seen; // the ranks of m_ranks
};

} // namespace cw
