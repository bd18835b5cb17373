#pragma once

#include <QChartView>
#include <QTimer>

#include <map>

class QLineSeries;
class QValueAxis;

namespace cw {

class LogStore;

// Training loss per rank as lines (Qt Charts): a view of the loss series the core LogStore keeps
// per rank (parsed from the lines as they arrive, bounded and evenly thinned there). A GUI-thread
// timer redraws the ranks whose series moved, one replace per rank and tick.
class LossChart : public QChartView {
    Q_OBJECT

public:
    // `store` outlives the chart.
    explicit LossChart(const LogStore *store, QWidget *parent = nullptr);

    void refresh(); // the timer calls it
    void clear();   // the series go; the store is the LogModel's to clear
    int seriesCount() const { return int(m_series.size()); }
    int pointCount(int rank) const;

private:
    QLineSeries *seriesFor(int rank);

    const LogStore *const m_store;
    QTimer m_timer;
    std::map<int, QLineSeries *> m_series;
    std::map<int, qint64> m_drawn; // per rank: the series' point count when last drawn
    QValueAxis *m_x;
    QValueAxis *m_y;
    double m_maxX = 10, m_minY = 0, m_maxY = 1; // an empty plot still shows whole steps
    bool m_empty = true;
};

} // namespace cw
