// SPDX-License-Identifier: GPL-3.0-or-later
// Rank speeds from log lines; the formats and their sources are in RankSpeed.h and
// docs/observe.md.
#include "logs/RankSpeed.h"

#include <algorithm>
#include <cmath>

namespace cw {
namespace {

constexpr qsizetype kLongestLine = 4096; // a longer line is not a trainer's progress line
constexpr double kFastest = 1e6;         // steps or samples a second no trainer prints

bool isDigit(QChar c)
{
    return c >= u'0' && c <= u'9';
}

bool isWordChar(QChar c)
{
    return c.isLetterOrNumber() || c == u'_';
}

void skipSpaces(QStringView line, qsizetype &at)
{
    while (at < line.size() && (line[at] == u' ' || line[at] == u'\t'))
        ++at;
}

// A decimal number at `at` ("12", "4.98", "1.2e-3"); `at` moves past it.
std::optional<double> numberAt(QStringView line, qsizetype &at)
{
    const qsizetype start = at;
    qsizetype i = at;
    while (i < line.size() && isDigit(line[i]))
        ++i;
    if (i < line.size() && line[i] == u'.') {
        ++i;
        while (i < line.size() && isDigit(line[i]))
            ++i;
    }
    if (i == start || (i == start + 1 && line[start] == u'.'))
        return std::nullopt;
    if (i + 1 < line.size() && (line[i] == u'e' || line[i] == u'E') &&
        (isDigit(line[i + 1]) ||
         (i + 2 < line.size() && (line[i + 1] == u'-' || line[i + 1] == u'+') &&
          isDigit(line[i + 2])))) {
        i += 2;
        while (i < line.size() && isDigit(line[i]))
            ++i;
    }
    bool ok = false;
    const double value = line.mid(start, i - start).toDouble(&ok);
    if (!ok || !std::isfinite(value))
        return std::nullopt;
    at = i;
    return value;
}

// The number that ends just before `end` (spaces between allowed): "4.98" of "4.98it/s".
std::optional<double> numberBefore(QStringView line, qsizetype end)
{
    qsizetype i = end;
    while (i > 0 && line[i - 1] == u' ')
        --i;
    qsizetype start = i;
    while (start > 0 && (isDigit(line[start - 1]) || line[start - 1] == u'.'))
        --start;
    if (start == i || (start > 0 && isWordChar(line[start - 1])))
        return std::nullopt;
    qsizetype at = start;
    const std::optional<double> value = numberAt(line, at);
    return value && at == i ? value : std::nullopt;
}

std::optional<double> positiveRate(std::optional<double> value)
{
    if (!value || !(*value > 0) || *value > kFastest)
        return std::nullopt;
    return value;
}

// The last "<number>UNIT" in the line (tqdm redraws its bar on one line).
std::optional<double> lastNumberBefore(QStringView line, QStringView unit)
{
    for (qsizetype at = line.lastIndexOf(unit, -1, Qt::CaseInsensitive); at >= 0;
         at = at > 0 ? line.lastIndexOf(unit, at - 1, Qt::CaseInsensitive) : -1) {
        const qsizetype after = at + unit.size();
        if (after < line.size() && isWordChar(line[after]))
            continue;
        if (const std::optional<double> value = numberBefore(line, at))
            return value;
    }
    return std::nullopt;
}

// "KEY<quote?> <:|=> NUMBER", the first such: Trainer's dict, "per step time: 12.3".
std::optional<double> numberAfter(QStringView line, QStringView key)
{
    for (qsizetype at = line.indexOf(key, 0, Qt::CaseInsensitive); at >= 0;
         at = line.indexOf(key, at + 1, Qt::CaseInsensitive)) {
        if (at > 0 && isWordChar(line[at - 1]) && isWordChar(key[0]))
            continue;
        qsizetype i = at + key.size();
        if (i < line.size() && (line[i] == u'\'' || line[i] == u'"'))
            ++i;
        skipSpaces(line, i);
        if (i < line.size() && (line[i] == u':' || line[i] == u'='))
            ++i;
        skipSpaces(line, i);
        if (const std::optional<double> value = numberAt(line, i))
            return value;
    }
    return std::nullopt;
}

std::optional<qint64> wholeAt(QStringView line, qsizetype &at)
{
    const qsizetype start = at;
    qint64 value = 0;
    while (at < line.size() && isDigit(line[at]) && at - start < 15)
        value = value * 10 + (line[at++].unicode() - u'0');
    if (at == start || (at < line.size() && (isDigit(line[at]) || line[at] == u'.')))
        return std::nullopt; // none, too long, or not a whole number
    return value;
}

// "step: 10", "global_step=7", "iteration       10/    1000", "'step': 3".
std::optional<qint64> counterWord(QStringView line)
{
    static constexpr QStringView kWords[] = {u"global_step", u"iteration", u"step", u"iter"};
    for (qsizetype at = 0; at < line.size(); ++at) {
        if (at > 0 && isWordChar(line[at - 1]))
            continue;
        for (const QStringView word : kWords) {
            if (!line.mid(at).startsWith(word, Qt::CaseInsensitive))
                continue;
            qsizetype i = at + word.size();
            if (i < line.size() && isWordChar(line[i]))
                continue;
            if (i < line.size() && (line[i] == u'\'' || line[i] == u'"'))
                ++i;
            skipSpaces(line, i);
            if (i < line.size() && (line[i] == u':' || line[i] == u'='))
                ++i;
            else if (line.mid(i).startsWith(u"is ", Qt::CaseInsensitive))
                i += 3;
            skipSpaces(line, i);
            if (const std::optional<qint64> value = wholeAt(line, i))
                return value;
        }
    }
    return std::nullopt;
}

// tqdm's "| 50/1000 [" (the last bar on the line) and torch ImageNet's "][ 10/5005]".
std::optional<qint64> counterFraction(QStringView line)
{
    for (qsizetype at = line.lastIndexOf(u" ["); at > 0;
         at = at > 0 ? line.lastIndexOf(u" [", at - 1) : -1) {
        qsizetype start = at;
        if (start > 0 && line[start - 1] == u'?')
            --start;
        else
            while (start > 0 && isDigit(line[start - 1]))
                --start;
        if (start == at || start < 2 || line[start - 1] != u'/')
            continue;
        qsizetype first = start - 1;
        while (first > 0 && isDigit(line[first - 1]))
            --first;
        qsizetype i = first;
        if (first < start - 1 && (first == 0 || !isWordChar(line[first - 1])))
            return wholeAt(line, i);
    }
    const qsizetype bracket = line.indexOf(u"][");
    if (bracket >= 0) {
        qsizetype i = bracket + 2;
        skipSpaces(line, i);
        const std::optional<qint64> value = wholeAt(line, i);
        if (value && i < line.size() && line[i] == u'/')
            return value;
    }
    return std::nullopt;
}

} // namespace

RankProgress parseRankProgress(QStringView line)
{
    RankProgress progress;
    if (line.size() > kLongestLine || std::none_of(line.begin(), line.end(), isDigit))
        return progress;
    if (const auto perSecond = positiveRate(lastNumberBefore(line, u"it/s")))
        progress.stepsPerSecond = perSecond;
    else if (const auto perStep = positiveRate(lastNumberBefore(line, u"s/it")))
        progress.stepsPerSecond = 1 / *perStep;
    else if (const auto ms = positiveRate(numberAfter(line, u"per step time")))
        progress.stepsPerSecond = 1000 / *ms;
    else if (const auto iterationMs =
                 positiveRate(numberAfter(line, u"elapsed time per iteration (ms)")))
        progress.stepsPerSecond = 1000 / *iterationMs;
    else if (const auto train = positiveRate(numberAfter(line, u"train_steps_per_second")))
        progress.stepsPerSecond = train; // not eval_steps_per_second: evaluation's speed
    else if (const auto steps = positiveRate(numberAfter(line, u"steps_per_second")))
        progress.stepsPerSecond = steps;
    if (const auto train = positiveRate(numberAfter(line, u"train_samples_per_second")))
        progress.samplesPerSecond = train;
    else if (const auto samples = positiveRate(numberAfter(line, u"samples_per_second")))
        progress.samplesPerSecond = samples;
    else if (const auto slash = positiveRate(lastNumberBefore(line, u"samples/s")))
        progress.samplesPerSecond = slash;
    else if (const auto sec = positiveRate(lastNumberBefore(line, u"samples/sec")))
        progress.samplesPerSecond = sec;
    else if (const auto words = positiveRate(lastNumberBefore(line, u"samples per second")))
        progress.samplesPerSecond = words;
    progress.step = counterWord(line);
    if (!progress.step)
        progress.step = counterFraction(line);
    return progress;
}

RankSpeeds::Rank &RankSpeeds::rankFor(int rank)
{
    auto at = std::lower_bound(m_ranks.begin(), m_ranks.end(), rank,
                               [](const Rank &r, int value) { return r.rank < value; });
    if (at == m_ranks.end() || at->rank != rank) {
        at = m_ranks.insert(at, Rank{});
        at->rank = rank;
    }
    return *at;
}

void RankSpeeds::add(int rank, const RankProgress &progress, qint64 timeMs)
{
    if (progress.isEmpty() || rank < 0)
        return;
    Rank &r = rankFor(rank);
    if (r.firstMs == 0)
        r.firstMs = timeMs;
    bool moved = false;
    if (progress.stepsPerSecond) {
        r.rate = progress.stepsPerSecond;
        r.rateMs = timeMs;
        moved = true;
    }
    if (progress.samplesPerSecond) {
        r.samples = progress.samplesPerSecond;
        moved = true;
    }
    if (progress.step) {
        const qint64 step = *progress.step;
        if (r.lastStep < 0) {
            r.points.push_back({timeMs, 0});
        } else if (step != r.lastStep) {
            // Down: a counter that started again (a new epoch, a new attempt).
            r.progress += step > r.lastStep ? double(step - r.lastStep) : double(step);
            if (r.points.size() >= 2 &&
                timeMs - r.points[r.points.size() - 2].timeMs < kSpeedPointSpacingMs)
                r.points.back() = {timeMs, r.progress};
            else
                r.points.push_back({timeMs, r.progress});
            moved = true;
        }
        r.lastStep = step;
        // The window, and the newest point before it (the rate over a full window).
        while (r.points.size() > 2 && r.points[1].timeMs < timeMs - kSpeedWindowMs)
            r.points.pop_front();
    }
    if (moved) {
        r.movedMs = timeMs;
        ++r.updates;
    }
}

std::vector<RankSpeed> RankSpeeds::speeds(qint64 nowMs) const
{
    std::vector<RankSpeed> out;
    out.reserve(m_ranks.size());
    for (const Rank &r : m_ranks) {
        RankSpeed speed;
        speed.rank = r.rank;
        speed.lastStep = r.lastStep;
        speed.samplesPerSecond = r.samples;
        const qint64 last = std::max(r.movedMs, r.firstMs);
        speed.updatedMs = last;
        speed.updates = r.updates;
        if (r.rate && r.rateMs >= nowMs - kSpeedWindowMs) {
            speed.stepsPerSecond = r.rate;
        } else if (r.points.size() >= 2) {
            const Point &first = r.points.front();
            const Point &newest = r.points.back();
            if (newest.timeMs > first.timeMs) {
                speed.stepsPerSecond = (newest.progress - first.progress) * 1000.0 /
                                       double(newest.timeMs - first.timeMs);
                speed.fromCounter = true;
            }
        }
        // Stalled: nothing moved for three of its usual intervals, and for at least 30 s.
        const qint64 usual = r.updates > 1 ? (last - r.firstMs) / (r.updates - 1) : 0;
        if (speed.stepsPerSecond || r.lastStep >= 0) {
            if (nowMs - last > std::max(kSpeedStallMinMs, 3 * usual)) {
                speed.stalled = true;
                speed.stepsPerSecond = 0.0;
            }
        }
        out.push_back(speed);
    }
    return out;
}

qsizetype RankSpeeds::pointsHeld() const
{
    qsizetype held = 0;
    for (const Rank &r : m_ranks)
        held += qsizetype(r.points.size());
    return held;
}

ServerSpeed serverSpeed(const std::vector<RankSpeed> &speeds, int firstRank, int rankCount)
{
    ServerSpeed server;
    server.firstRank = firstRank;
    server.rankCount = rankCount;
    double sum = 0;
    const auto begin = std::lower_bound(speeds.begin(), speeds.end(), firstRank,
                                        [](const RankSpeed &s, int rank) { return s.rank < rank; });
    for (auto at = begin; at != speeds.end() && at->rank < firstRank + rankCount; ++at) {
        if (at->samplesPerSecond)
            server.samplesPerSecond = server.samplesPerSecond.value_or(0) + *at->samplesPerSecond;
        if (!at->stepsPerSecond)
            continue;
        sum += *at->stepsPerSecond;
        if (server.ranksKnown == 0 || *at->stepsPerSecond < server.slowestStepsPerSecond) {
            server.slowestRank = at->rank;
            server.slowestStepsPerSecond = *at->stepsPerSecond;
        }
        ++server.ranksKnown;
    }
    if (server.ranksKnown > 0)
        server.meanStepsPerSecond = sum / server.ranksKnown;
    return server;
}

} // namespace cw
