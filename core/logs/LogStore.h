#pragma once

// The one bounded store of a followed run's logs: every line in a LogRing (ids for readers) and
// the training loss of each rank in a LossSeries, parsed from the lines as they come in. A run
// session appends from its follower threads; `launch --follow` and `logs --follow` print from
// the ring (holding: a slow terminal makes the followers wait), the GUI's LogModel and LossChart
// read it by id and by rank on a GUI-thread timer (the oldest lines go).
//
// Thread-safe, like the ring and the series it holds.

#include "logs/LogRing.h"
#include "logs/LossSeries.h"

#include <QMutex>

#include <map>
#include <memory>
#include <vector>

namespace cw {

struct RankSeen {
    QString server;
    int rank = -1;
};

class LogStore {
public:
    explicit LogStore(qsizetype maxLines = 100'000, qint64 maxBytes = 32 * 1024 * 1024,
                      qsizetype lossPoints = 4096);

    // The line into the ring (waiting there while it holds and is full), its loss, if any, into
    // its rank's series: x is the line's step, or for a line that names none the next x after
    // that rank's last point.
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

private:
    LogRing m_ring;
    const qsizetype m_lossPoints;
    mutable QMutex m_mutex; // guards the maps and the ranks
    std::map<int, std::unique_ptr<LossSeries>> m_loss;
    std::map<int, int> m_nextX; // per rank: the x of a loss line that names no step
    std::vector<RankSeen> m_ranks;
};

} // namespace cw
