// SPDX-License-Identifier: GPL-3.0-or-later
#include "RankGrid.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace cw {

namespace {
constexpr int kCell = 14; // a cell's side, px, with a 2 px gap
constexpr int kGap = 2;
constexpr int kHeader = 14; // the device slots' numbers above the columns
} // namespace

RankGrid::RankGrid(const RankStates *states, QWidget *parent) : QWidget(parent), m_states(states)
{
    setObjectName(u"rankGrid"_s);
    setMouseTracking(true);
    setAttribute(Qt::WA_OpaquePaintEvent);
}

QColor RankGrid::colour(RankStates::State state)
{
    switch (state) {
    case RankStates::Failed:
        return {214, 39, 40};
    case RankStates::Stale:
        return {255, 170, 30};
    case RankStates::Running:
        return {60, 170, 75};
    case RankStates::Waiting:
        return {200, 200, 200};
    case RankStates::Finished:
        return {70, 110, 200};
    }
    return Qt::gray;
}

int RankGrid::labelWidth() const
{
    return fontMetrics().horizontalAdvance(u"server-000"_s) + 8;
}

void RankGrid::relayout(qint64 nowMs)
{
    m_nowMs = nowMs;
    // Per server its worst state: the failed-first orders sort by it, the filter keeps problems.
    std::vector<std::pair<int, int>> keyed; // (worst state, server)
    for (int s = 0; s < m_states->serverCount(); ++s) {
        int worst = RankStates::Finished;
        for (int k = 0; const RankStates::Cell *cell = m_states->cellAt(s, k); ++k)
            worst = std::min(worst, int(m_states->state(cell->rank, nowMs)));
        if (m_order == Order::OnlyProblems && worst > RankStates::Stale)
            continue;
        keyed.emplace_back(m_order == Order::ByServer ? 0 : worst, s);
    }
    std::stable_sort(keyed.begin(), keyed.end(),
                     [](const auto &a, const auto &b) { return a.first < b.first; });
    std::vector<int> rows;
    rows.reserve(keyed.size());
    for (const auto &[worst, server] : keyed)
        rows.push_back(server);
    if (rows != m_rows) {
        m_rows = std::move(rows);
        updateGeometry();
        resize(sizeHint());
    }
    update();
}

void RankGrid::setOrder(Order order)
{
    m_order = order;
    relayout(m_nowMs);
}

int RankGrid::serverOfRow(int row) const
{
    return row >= 0 && size_t(row) < m_rows.size() ? m_rows[size_t(row)] : -1;
}

int RankGrid::cellCount() const
{
    int cells = 0;
    for (int server : m_rows)
        for (int k = 0; m_states->cellAt(server, k); ++k)
            ++cells;
    return cells;
}

QSize RankGrid::sizeHint() const
{
    return {labelWidth() + std::max(1, m_states->widestServer()) * (kCell + kGap) + kGap,
            kHeader + std::max(1, rowCount()) * (kCell + kGap) + kGap};
}

QRect RankGrid::cellRect(int row, int slot) const
{
    return {labelWidth() + kGap + slot * (kCell + kGap), kHeader + kGap + row * (kCell + kGap),
            kCell, kCell};
}

int RankGrid::rankAt(const QPoint &pos) const
{
    const int x = pos.x() - labelWidth() - kGap;
    const int y = pos.y() - kHeader - kGap;
    if (x < 0 || y < 0 || x % (kCell + kGap) >= kCell || y % (kCell + kGap) >= kCell)
        return -1;
    const RankStates::Cell *cell =
        m_states->cellAt(serverOfRow(y / (kCell + kGap)), x / (kCell + kGap));
    return cell ? cell->rank : -1;
}

void RankGrid::paintEvent(QPaintEvent *event)
{
    QPainter painter(this);
    painter.fillRect(event->rect(), palette().color(QPalette::Base));
    const int first = std::max(0, (event->rect().top() - kHeader - kGap) / (kCell + kGap));
    const int last = std::min(rowCount() - 1, (event->rect().bottom() - kHeader) / (kCell + kGap));
    const int labelW = labelWidth();
    painter.setPen(palette().color(QPalette::Text));
    QFont small = font();
    small.setPointSizeF(font().pointSizeF() * 0.8);
    painter.setFont(small);
    for (int slot = 0; slot < m_states->widestServer(); ++slot)
        painter.drawText(QRect(cellRect(0, slot).left() - 2, 0, kCell + 4, kHeader),
                         Qt::AlignCenter, QString::number(slot));
    painter.setFont(font());
    for (int row = first; row <= last; ++row) {
        const int server = m_rows[size_t(row)];
        const QRect label(0, kHeader + kGap + row * (kCell + kGap), labelW - 4, kCell);
        painter.drawText(label, Qt::AlignRight | Qt::AlignVCenter,
                         painter.fontMetrics().elidedText(m_states->serverName(server),
                                                          Qt::ElideMiddle, label.width()));
        for (int k = 0; const RankStates::Cell *cell = m_states->cellAt(server, k); ++k)
            painter.fillRect(cellRect(row, k), colour(m_states->state(cell->rank, m_nowMs)));
    }
}

void RankGrid::mousePressEvent(QMouseEvent *event)
{
    const int rank = rankAt(event->position().toPoint());
    if (rank >= 0 && event->button() == Qt::LeftButton)
        Q_EMIT rankClicked(rank);
    QWidget::mousePressEvent(event);
}

bool RankGrid::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const int rank = rankAt(help->pos());
        if (rank >= 0)
            QToolTip::showText(help->globalPos(), m_states->toolTip(rank, m_nowMs), this);
        else
            QToolTip::hideText();
        return true;
    }
    return QWidget::event(event);
}

} // namespace cw
