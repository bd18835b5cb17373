// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "launch/DeviceSample.h"
#include "launch/RunStatus.h"
#include "model/Project.h"
#include "session/RunVerdicts.h"

#include <QWidget>

#include <vector>

class QLabel;
class QTableWidget;

namespace cw {

class LogStore;

// The run panel's speeds and verdicts: what `clusterwiz-cli top` shows, in the wizard. Above,
// the verdicts on the run so far (session/RunVerdicts.h: a straggler rank or server, an idle
// device, full memory, a temperature alarm, a health warning), each naming the server, device
// and rank with its numbers; then the median speed and the slowest rank; below, one row per rank
// that printed progress (logs/RankSpeed.h), slowest first until the user sorts by another
// column. Refreshed on every status round: the samples that round took go into a bounded history
// of the panel's own (the session keeps the run's), the speeds are read from the store.
class RankSpeedPanel : public QWidget {
    Q_OBJECT

public:
    // `store` outlives the panel.
    explicit RankSpeedPanel(const LogStore *store, QWidget *parent = nullptr);

    void setProject(const Project &project); // its ranks' servers; samples and verdicts go
    void applyPoll(const RunSnapshot &snapshot);
    // Speeds and verdicts again, as of `nowMs` (the clock of the store's lines).
    void refresh(qint64 nowMs);

    QTableWidget *table() const { return m_table; }
    QString summaryText() const;
    QStringList verdictLines() const; // the verdicts as shown, one a line
    const std::vector<RunVerdict> &verdicts() const { return m_verdicts; }

private:
    QString serverOfRank(int rank) const;
    void showVerdicts();
    void showSpeeds(const std::vector<RankSpeed> &speeds, qint64 nowMs);

    const LogStore *const m_store;
    std::vector<VerdictServer> m_servers;
    DeviceHistory m_history;
    std::vector<RunVerdict> m_verdicts;
    QLabel *m_verdictText;
    QLabel *m_summary;
    QTableWidget *m_table;
};

} // namespace cw
