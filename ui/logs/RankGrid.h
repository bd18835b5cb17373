// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "RankStates.h"

#include <QWidget>

namespace cw {

// The rank overview's picture: one row per server, one cell per device (its position in the
// server's devices numbered above the columns), each cell coloured by its rank's state
// (RankStates). Painted by hand, only the rows in the exposed rectangle, so 128 x 8 cells
// repaint in well under a frame. Hover shows the rank, server, device and last
// line; a click reports the rank.
class RankGrid : public QWidget {
    Q_OBJECT

public:
    enum class Order { ByServer, FailedFirst, OnlyProblems };

    explicit RankGrid(const RankStates *states, QWidget *parent = nullptr);

    // Re-sorts the rows (the failed-first orders depend on the states) and repaints.
    void relayout(qint64 nowMs);
    void setOrder(Order order);
    Order order() const { return m_order; }

    int rowCount() const { return int(m_rows.size()); }
    int serverOfRow(int row) const;
    int cellCount() const;               // cells drawn: the ranks of the shown rows
    int rankAt(const QPoint &pos) const; // -1 off the cells
    QRect cellRect(int row, int slot) const;
    static QColor colour(RankStates::State state);

    QSize sizeHint() const override;

Q_SIGNALS:
    void rankClicked(int rank);

protected:
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    bool event(QEvent *event) override;

private:
    int labelWidth() const;

    const RankStates *const m_states;
    std::vector<int> m_rows; // server index per shown row
    Order m_order = Order::ByServer;
    qint64 m_nowMs = 0;
};

} // namespace cw
