// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// How fast each rank trains, from the lines its log prints (alongside the loss, LossParser.h),
// for the run panel, `top` and the straggler verdict (session/RunVerdicts.h). A hand-written
// scanner, no regular expression per line. Formats read (sources in docs/observe.md):
//
// Rates, read as they are printed:
// - tqdm (Hugging Face Trainer, many scripts): "| 50/1000 [00:10<03:10,  4.98it/s]" and, below
//   one step a second, "2.31s/it";
// - MindSpore TimeMonitor: "epoch time: 1234.567 ms, per step time: 12.345 ms";
// - Megatron-LM: "elapsed time per iteration (ms): 1147.6";
// - Hugging Face Trainer's metrics dict: "'train_steps_per_second': 1.2",
//   "'train_samples_per_second': 45.6";
// - throughput: "12.3 samples/s", "samples/sec", "samples per second" (samples, not steps).
// Counters, turned into a rate by the lines' arrival times:
// - a word step, global_step, iter, iteration or it, then "=", ":", "is" or spaces, then a
//   whole number ("step: 10" of MindSpore's LossMonitor, "iteration   10/ 1000" of Megatron);
// - tqdm's "N/M [" and torch's ImageNet example "Epoch: [0][ 10/5005]".
// A counter that goes down (MindSpore's LossMonitor counts steps within the epoch, a restarted
// attempt starts again) is a new start: the steps since count from there.

#include <QStringView>

#include <deque>
#include <optional>
#include <vector>

namespace cw {

struct RankProgress {
    std::optional<qint64> step;             // a counter the line prints
    std::optional<double> stepsPerSecond;   // a rate the line prints
    std::optional<double> samplesPerSecond; // throughput the line prints
    bool operator==(const RankProgress &) const = default;
    bool isEmpty() const { return !step && !stepsPerSecond && !samplesPerSecond; }
};

RankProgress parseRankProgress(QStringView line);

// Rates are taken over this window of a rank's lines.
inline constexpr qint64 kSpeedWindowMs = 60000;
// A rank whose counter or rate has not moved for this long, and for three of its usual
// intervals between updates, is stalled: its speed reads 0.
inline constexpr qint64 kSpeedStallMinMs = 30000;
// A rank's counter points are kept this far apart (a newer one within it replaces the newest),
// so a rank printing a thousand steps a second holds a few hundred points, not 60,000.
inline constexpr qint64 kSpeedPointSpacingMs = 250;

struct RankSpeed {
    int rank = -1;
    std::optional<double> stepsPerSecond = {}; // unset: its log printed nothing to tell by
    std::optional<double> samplesPerSecond = {};
    qint64 lastStep = -1;     // the newest counter it printed
    qint64 updatedMs = 0;     // when its counter or rate last moved
    bool stalled = false;     // nothing moved for long: stepsPerSecond is 0
    bool fromCounter = false; // the rate is the counter's, not one the line printed
    qint64 updates = 0;       // progress lines that moved its counter or rate
    bool operator==(const RankSpeed &) const = default;
};

// One tracker per run; not thread-safe (LogStore holds it under its lock).
class RankSpeeds {
public:
    // `timeMs`: the line's arrival (one clock for every rank).
    void add(int rank, const RankProgress &progress, qint64 timeMs);
    // Every rank that printed progress, by rank, as of `nowMs`.
    std::vector<RankSpeed> speeds(qint64 nowMs) const;
    void clear() { m_ranks.clear(); }
    // The counter points held over every rank (bounded: the window over kSpeedPointSpacingMs).
    qsizetype pointsHeld() const;

private:
    struct Point {
        qint64 timeMs = 0;
        double progress = 0; // steps since the first counter, across restarts of the counter
    };
    struct Rank {
        int rank = -1;
        std::deque<Point> points; // the window, plus the newest point before it
        qint64 lastStep = -1;
        double progress = 0;
        std::optional<double> rate; // the newest printed rate
        std::optional<double> samples;
        qint64 rateMs = 0;  // when it was printed
        qint64 movedMs = 0; // when the counter or rate last changed
        qint64 firstMs = 0; // the first progress line
        qint64 updates = 0; // progress lines that moved something
    };
    Rank &rankFor(int rank);
    std::vector<Rank> m_ranks; // sorted by rank
};

// One server's ranks together: their mean speed and the slowest of them.
struct ServerSpeed {
    int firstRank = 0;
    int rankCount = 0;
    int ranksKnown = 0; // ranks with a speed
    std::optional<double> meanStepsPerSecond = {};
    std::optional<double> samplesPerSecond = {}; // summed over its ranks
    int slowestRank = -1;
    double slowestStepsPerSecond = 0;
};
// `speeds` as RankSpeeds::speeds gives them; each server's ranks are firstRank .. + rankCount - 1.
ServerSpeed serverSpeed(const std::vector<RankSpeed> &speeds, int firstRank, int rankCount);

} // namespace cw
