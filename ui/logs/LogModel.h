// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QAbstractListModel>
#include <QTimer>

namespace cw {

class LogStore;

// The lines of a running job for the views: a thin view over the core LogStore that the run
// session feeds (qBittorrent's logger and log model split). A GUI-thread timer asks the store's
// ring for what came since the last id it saw and what it dropped, and turns that into one
// insert and one remove per tick; rows read their record from the ring by id. So a job printing
// thousands of lines a second costs the GUI a few model updates a second, and the one bound is
// the store's.
class LogModel : public QAbstractListModel {
    Q_OBJECT

public:
    // MarkRole: the line marks where an attempt of a restarting run begins.
    enum Role { ServerRole = Qt::UserRole + 1, RankRole, TextRole, MarkRole };

    // `store` outlives the model.
    explicit LogModel(LogStore *store, QObject *parent = nullptr);

    void refresh(); // GUI thread; the timer calls it
    void clear();   // a new run: the store is emptied too (no writer may be on)
    LogStore *store() const { return m_store; }
    qint64 dropped() const { return m_first - 1 - m_base; } // since clear(), as of refresh()
    qint64 received() const { return m_next - 1 - m_base; }
    void setInterval(int ms) { m_timer.setInterval(ms); }
    // Marks every line of `rank` (the rank that failed first) with a red background; -1: none.
    void markRank(int rank);
    int markedRank() const { return m_marked; }

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;

Q_SIGNALS:
    void rankSeen(const QString &server, int rank);

private:
    LogStore *const m_store;
    QTimer m_timer;
    qint64 m_base = 0;  // the ring's last id at clear()
    qint64 m_first = 1; // the id of row 0
    qint64 m_next = 1;  // the id after the last row
    size_t m_ranks = 0; // ranks of the store announced so far
    int m_marked = -1;
};

} // namespace cw
