// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "RankGrid.h"
#include "RankStates.h"

#include <QTimer>
#include <QWidget>

#include <array>
#include <optional>

class QComboBox;
class QLabel;
class QSpinBox;

namespace cw {

class LogStore;

// The run panel's rank overview: a grid by server (rows) x device (columns) of every rank's
// state (running, finished, failed, no output for N s), ordered by server or failed first, with
// the count per state. A GUI-thread timer reads the lines that came into the LogStore since the
// last tick (the same store the log view reads; only each rank's last line is kept here); exit
// codes come from the run session's status rounds. A click on a cell reports its rank.
class RankOverview : public QWidget {
    Q_OBJECT

public:
    // `store` outlives the overview.
    explicit RankOverview(const LogStore *store, QWidget *parent = nullptr);

    void setProject(const Project &project); // the same ranks as shown: the states stay
    void clearRun();                         // a new run: lines and exit codes go
    void applyPoll(const RunSnapshot &snapshot);
    void applyRecord(const RunRecord &record);
    // A restarting run's new attempt: its servers (`project` narrowed to them), its number.
    void startAttempt(const Project &project, int attempt);
    // Reads what the store got since the last call and repaints; the timer calls it.
    void refresh();
    void refreshAt(qint64 nowMs); // the same, at a given time (tests: stale ranks)
    // A recorded run: every tick counts from `nowMs`, so no rank goes silent as time passes;
    // nullopt goes back to the clock.
    void freezeAt(std::optional<qint64> nowMs);

    const RankStates &states() const { return m_states; }
    RankGrid *grid() const { return m_grid; }
    QComboBox *orderBox() const { return m_order; }
    QSpinBox *staleBox() const { return m_stale; }
    QString countsText() const;

Q_SIGNALS:
    void rankClicked(int rank);
    // The ranks that failed or went silent, ascending; sent when that set changes.
    void problemRanksChanged(const QList<int> &ranks);

private:
    void showCounts();
    std::array<int, RankStates::Finished + 1> counts() const; // ranks per state

    const LogStore *const m_store;
    RankStates m_states;
    RankGrid *m_grid;
    QComboBox *m_order;
    QSpinBox *m_stale;
    QLabel *m_counts;
    QTimer m_timer;
    qint64 m_lastId = 0; // the store's last line read
    qint64 m_nowMs = 0;
    std::optional<qint64> m_frozenMs;
    QList<int> m_problems; // as last sent
};

} // namespace cw
