#include "LossChart.h"

#include "logs/LogStore.h"

#include <QChart>
#include <QLineSeries>
#include <QValueAxis>

using namespace Qt::StringLiterals;

namespace cw {

LossChart::LossChart(const LogStore *store, QWidget *parent)
    : QChartView(new QChart, parent), m_store(store), m_x(new QValueAxis(this)),
      m_y(new QValueAxis(this))
{
    setObjectName(u"lossChart"_s);
    setRenderHint(QPainter::Antialiasing);
    chart()->setTitle(tr("Training loss"));
    chart()->legend()->setAlignment(Qt::AlignRight);
    m_x->setTitleText(tr("step"));
    m_y->setTitleText(tr("loss"));
    m_x->setLabelFormat(u"%.0f"_s);
    m_y->setLabelFormat(u"%.3g"_s);
    setMinimumSize(320, 200);
    chart()->setMargins(QMargins(4, 4, 4, 4));
    chart()->addAxis(m_x, Qt::AlignBottom);
    chart()->addAxis(m_y, Qt::AlignLeft);
    m_x->setRange(0, m_maxX);
    m_x->setTickCount(6); // 0, 2, 4 ... for the empty plot; nice numbers once points come
    m_y->setRange(0, 1);
    m_timer.setInterval(250);
    connect(&m_timer, &QTimer::timeout, this, &LossChart::refresh);
    m_timer.start();
}

QLineSeries *LossChart::seriesFor(int rank)
{
    QLineSeries *&series = m_series[rank];
    if (!series) {
        series = new QLineSeries(this);
        series->setName(tr("rank %1").arg(rank));
        chart()->addSeries(series);
        series->attachAxis(m_x);
        series->attachAxis(m_y);
    }
    return series;
}

void LossChart::refresh()
{
    bool moved = false;
    for (const RankSeen &seen : m_store->ranks()) {
        const qint64 added = m_store->lossAdded(seen.rank);
        qint64 &drawn = m_drawn[seen.rank];
        if (added == drawn)
            continue;
        drawn = added;
        QList<QPointF> points;
        for (const LossPoint &point : m_store->loss(seen.rank)) {
            points.append(QPointF(double(point.step), point.loss));
            m_maxX = std::max(m_maxX, double(point.step));
            m_minY = m_empty ? point.loss : std::min(m_minY, point.loss);
            m_maxY = m_empty ? point.loss : std::max(m_maxY, point.loss);
            m_empty = false;
        }
        // One replace per rank and tick: a redraw per point would cost more than the output.
        seriesFor(seen.rank)->replace(points);
        moved = true;
    }
    if (!moved)
        return;
    m_x->setRange(0, m_maxX);
    m_x->applyNiceNumbers();
    const double margin = std::max(1e-6, (m_maxY - m_minY) * 0.05);
    m_y->setRange(std::max(0.0, m_minY - margin), m_maxY + margin);
}

void LossChart::clear()
{
    for (auto &[rank, series] : m_series) {
        chart()->removeSeries(series);
        delete series;
    }
    m_series.clear();
    m_drawn.clear();
    m_empty = true;
    m_maxX = 10;
}

int LossChart::pointCount(int rank) const
{
    const auto it = m_series.find(rank);
    return it == m_series.end() ? 0 : int(it->second->count());
}

} // namespace cw
