// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>
#include <QTimer>

namespace cw {

class RankOverview;

// Tells the run panel when a running job looks hung (diagnose/Diagnosis.h, looksHung): no rank
// exited and every rank has been silent for hangAfterSeconds(), from what the rank overview
// knows of each rank (its last line's time, its exit code). Checks every 2 s while watching.
class HangWatch : public QObject {
    Q_OBJECT

public:
    // `ranks` outlives the watch.
    explicit HangWatch(const RankOverview *ranks, QObject *parent = nullptr);

    void start(qint64 startedMs); // a run is running since then
    void stop();                  // the run ended: not hung, and no signal
    bool isHung() const { return m_hung; }
    int hangAfterSeconds() const { return m_hangAfterS; }
    void setHangAfterSeconds(int seconds) { m_hangAfterS = seconds; }
    // One check at `nowMs` (the timer's: now); tests pass their own time.
    void check(qint64 nowMs);

Q_SIGNALS:
    void hungChanged(bool hung);

private:
    const RankOverview *const m_ranks;
    QTimer m_timer;
    qint64 m_startedMs = 0;
    int m_hangAfterS;
    bool m_hung = false;
};

} // namespace cw
