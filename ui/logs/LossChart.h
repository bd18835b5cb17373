// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QChartView>
#include <QTimer>

#include <map>
#include <set>

class QAreaSeries;
class QLineSeries;
class QValueAxis;

namespace cw {

class LogStore;

// Training loss (Qt Charts), a view of what the core LogStore keeps (parsed from the lines as they
// arrive, bounded there): the mean over every rank with a min-max band (the store's LossBands: at
// most 2,000 buckets by step, older steps merged into wider buckets), plus a line per rank for a
// small job (up to kAllRanks ranks) or for the ranks the user selected (a click in the rank
// overview). Each series thus holds at most ~2,000 points (the store's per-rank bound), so a
// redraw costs the same at step 100 and at step 1,000,000. A GUI-thread timer redraws what moved.
class LossChart : public QChartView {
    Q_OBJECT

public:
    static constexpr int kAllRanks = 8; // up to this many ranks, every rank gets its line

    // `store` outlives the chart.
    explicit LossChart(const LogStore *store, QWidget *parent = nullptr);

    void refresh(); // the timer calls it
    void clear();   // the series go; the store is the LogModel's to clear
    // The ranks drawn on their own beside the band (replacing the previous selection).
    void setSelectedRanks(const std::set<int> &ranks);
    int seriesCount() const { return int(m_series.size()); } // per-rank lines
    int pointCount(int rank) const;
    int bandPointCount() const; // points of the mean line (= buckets); 0 while not shown

private:
    QLineSeries *seriesFor(int rank);
    bool drawRank(int rank);
    void pruneRanks(); // drops the lines of ranks not selected
    bool drawBand();
    void grow(double step, double low, double high);

    const LogStore *const m_store;
    QTimer m_timer;
    std::map<int, QLineSeries *> m_series;
    std::map<int, qint64> m_drawn; // per rank: the series' point count when last drawn
    std::set<int> m_selected;
    QLineSeries *m_mean = nullptr;
    QLineSeries *m_low = nullptr;
    QLineSeries *m_high = nullptr;
    QAreaSeries *m_band = nullptr;
    qint64 m_bandDrawn = 0;
    QValueAxis *m_x;
    QValueAxis *m_y;
    double m_maxX = 10, m_minY = 0, m_maxY = 1; // an empty plot still shows whole steps
    bool m_empty = true;
};

} // namespace cw
