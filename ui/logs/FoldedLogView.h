// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "logs/LineFolding.h"

#include <QHash>
#include <QSet>
#include <QTreeWidget>

#include <vector>

namespace cw {

class LogStore;

// The log panel's folded view: a line that many ranks print alike is one row, "ranks 0-1023:
// Epoch done" (core/logs/LineFolding.h, as `logs --fold`), which opens (a click on its arrow, or
// the Right key) into each rank's line, "[server3/24] Epoch done". The store's lines are folded
// again when refresh() finds new ones; rows that were open stay open.
class FoldedLogView : public QTreeWidget {
    Q_OBJECT

public:
    // `store` outlives the view.
    explicit FoldedLogView(const LogStore *store, QWidget *parent = nullptr);

    // The lines of `rank` (-1: every rank) that contain `text` (case-insensitive), as the list
    // view's filter shows them.
    void setFilter(int rank, const QString &text);
    // Folds the store's lines again when some came or went since the last time (or `force`).
    void refresh(bool force = false);
    void setFollow(bool follow) { m_follow = follow; }

private:
    void fillChildren(QTreeWidgetItem *item);

    const LogStore *const m_store;
    int m_rank = -1;
    QString m_text;
    bool m_follow = true;
    QHash<int, QString> m_servers; // each rank's server, for the rows' children
    std::vector<FoldedLine> m_rows;
    QSet<qint64> m_open;   // the ring id of the first line of each open row
    qint64 m_firstId = -1; // the ring's oldest and newest ids when last folded
    qint64 m_lastId = -1;
};

} // namespace cw
