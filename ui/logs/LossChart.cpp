// SPDX-License-Identifier: GPL-3.0-or-later
#include "LossChart.h"

#include "logs/LogStore.h"

#include <QAreaSeries>
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

void LossChart::grow(double step, double low, double high)
{
    m_maxX = std::max(m_maxX, step);
    m_minY = m_empty ? low : std::min(m_minY, low);
    m_maxY = m_empty ? high : std::max(m_maxY, high);
    m_empty = false;
}

bool LossChart::drawRank(int rank)
{
    const qint64 added = m_store->lossAdded(rank);
    qint64 &drawn = m_drawn[rank];
    if (added == drawn && m_series.count(rank))
        return false;
    drawn = added;
    QList<QPointF> points;
    for (const LossPoint &point : m_store->loss(rank)) {
        points.append(QPointF(double(point.step), point.loss));
        grow(double(point.step), point.loss, point.loss);
    }
    // One replace per rank and tick: a redraw per point would cost more than the output.
    seriesFor(rank)->replace(points);
    return true;
}

bool LossChart::drawBand()
{
    const qint64 added = m_store->lossBandsAdded();
    if (added == m_bandDrawn)
        return false;
    m_bandDrawn = added;
    if (!m_band) {
        m_mean = new QLineSeries(this);
        m_low = new QLineSeries(this);
        m_high = new QLineSeries(this);
        m_band = new QAreaSeries(m_high, m_low);
        m_band->setParent(this);
        m_band->setName(tr("min-max of all ranks"));
        m_band->setColor(QColor(120, 150, 220, 70));
        m_band->setBorderColor(Qt::transparent);
        m_mean->setName(tr("mean of all ranks"));
        m_mean->setColor(QColor(30, 60, 160));
        for (QAbstractSeries *series :
             {static_cast<QAbstractSeries *>(m_band), static_cast<QAbstractSeries *>(m_mean)}) {
            chart()->addSeries(series);
            series->attachAxis(m_x);
            series->attachAxis(m_y);
        }
    }
    QList<QPointF> mean, low, high;
    for (const LossBucket &bucket : m_store->lossBands()) {
        const double x = double(bucket.firstStep);
        mean.append({x, bucket.mean});
        low.append({x, bucket.min});
        high.append({x, bucket.max});
        grow(x, bucket.min, bucket.max);
    }
    m_mean->replace(mean);
    m_low->replace(low);
    m_high->replace(high);
    return true;
}

void LossChart::refresh()
{
    bool moved = false;
    const std::vector<RankSeen> ranks = m_store->ranks();
    const bool all = ranks.size() <= size_t(kAllRanks);
    if (!all && m_series.size() > m_selected.size())
        pruneRanks();
    if (ranks.size() > 1)
        moved = drawBand() || moved;
    for (const RankSeen &seen : ranks) {
        if (all || m_selected.count(seen.rank))
            moved = drawRank(seen.rank) || moved;
    }
    if (!moved)
        return;
    m_x->setRange(0, m_maxX);
    m_x->applyNiceNumbers();
    const double margin = std::max(1e-6, (m_maxY - m_minY) * 0.05);
    m_y->setRange(std::max(0.0, m_minY - margin), m_maxY + margin);
}

void LossChart::pruneRanks()
{
    // Past kAllRanks ranks only the selected keep a line: the first ranks to print drew theirs
    // while the job still looked small.
    for (auto it = m_series.begin(); it != m_series.end();) {
        if (m_selected.count(it->first)) {
            ++it;
            continue;
        }
        chart()->removeSeries(it->second);
        delete it->second;
        m_drawn.erase(it->first);
        it = m_series.erase(it);
    }
}

void LossChart::setSelectedRanks(const std::set<int> &ranks)
{
    m_selected = ranks;
    if (m_store->ranks().size() > size_t(kAllRanks))
        pruneRanks();
    refresh();
}

void LossChart::clear()
{
    for (auto &[rank, series] : m_series) {
        chart()->removeSeries(series);
        delete series;
    }
    m_series.clear();
    m_drawn.clear();
    if (m_band) { // kept, emptied: the area series and its edges stay paired
        m_mean->clear();
        m_low->clear();
        m_high->clear();
    }
    m_bandDrawn = 0;
    m_selected.clear();
    m_empty = true;
    m_maxX = 10;
}

int LossChart::pointCount(int rank) const
{
    const auto it = m_series.find(rank);
    return it == m_series.end() ? 0 : int(it->second->count());
}

int LossChart::bandPointCount() const
{
    return m_mean ? int(m_mean->count()) : 0;
}

} // namespace cw
