#pragma once

#include <QChartView>

#include <map>
#include <vector>

class QLineSeries;
class QValueAxis;

namespace cw {

struct ChartPoint {
    int rank = 0;
    qint64 step = 0;
    double loss = 0;
};

// Training loss per rank as lines (Qt Charts). Fed with points the core parsed from the logs;
// keeps the newest kMaxPoints per rank so a long job does not grow it without end.
class LossChart : public QChartView {
    Q_OBJECT

public:
    static constexpr int kMaxPoints = 5000;

    explicit LossChart(QWidget *parent = nullptr);

    void addPoints(const std::vector<ChartPoint> &points);
    void clear();
    int seriesCount() const { return int(m_series.size()); }
    int pointCount(int rank) const;

private:
    QLineSeries *seriesFor(int rank);

    std::map<int, QLineSeries *> m_series;
    QValueAxis *m_x;
    QValueAxis *m_y;
    double m_maxX = 10, m_minY = 0, m_maxY = 1; // an empty plot still shows whole steps
    bool m_empty = true;
};

} // namespace cw
