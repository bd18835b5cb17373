// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The loss of every rank together, for the run panel's mean line and min-max band: the points of
// all ranks bucketed by step, min/max/sum/count per bucket. Memory is bounded: at most
// `maxBuckets` buckets (2,000 by default, 32 bytes each) however long the run and however many
// ranks; when a step falls past the last bucket, neighbouring buckets are merged in pairs and the
// bucket width (in steps) doubles, so older steps end up merged into wider buckets.
//
// Not thread-safe: LogStore holds it under its own mutex.

#include <QtGlobal>

#include <vector>

namespace cw {

struct LossBucket {
    int firstStep = 0; // the bucket covers firstStep .. firstStep + width - 1
    double min = 0;
    double max = 0;
    double mean = 0;
    qint64 count = 0; // points in it, of every rank
};

class LossBands {
public:
    explicit LossBands(int maxBuckets = 2000);

    void add(int step, double loss); // step >= 0; a negative step counts as 0
    void clear();

    std::vector<LossBucket> buckets() const; // the non-empty ones, by step
    int width() const { return m_width; }    // steps per bucket: 1, 2, 4, ...
    qint64 added() const { return m_added; }
    int maxBuckets() const { return m_maxBuckets; }
    int bucketsHeld() const { return int(m_buckets.size()); }

private:
    struct Sum {
        double min = 0, max = 0, sum = 0;
        qint64 count = 0;
    };
    void mergePairs();

    const int m_maxBuckets;
    std::vector<Sum> m_buckets; // index = step / m_width
    int m_width = 1;
    qint64 m_added = 0;
};

} // namespace cw
