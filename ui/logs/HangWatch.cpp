// SPDX-License-Identifier: GPL-3.0-or-later
#include "HangWatch.h"

#include "RankOverview.h"
#include "diagnose/Diagnosis.h"

#include <QDateTime>

namespace cw {

HangWatch::HangWatch(const RankOverview *ranks, QObject *parent)
    : QObject(parent), m_ranks(ranks), m_hangAfterS(kDefaultHangAfterS)
{
    m_timer.setInterval(2000);
    connect(&m_timer, &QTimer::timeout, this,
            [this] { check(QDateTime::currentMSecsSinceEpoch()); });
}

void HangWatch::start(qint64 startedMs)
{
    m_startedMs = startedMs;
    if (!m_timer.isActive())
        m_timer.start();
}

void HangWatch::stop()
{
    m_timer.stop();
    m_hung = false; // no signal: the run's final state says what happened
}

void HangWatch::check(qint64 nowMs)
{
    const RankStates &states = m_ranks->states();
    std::vector<RankActivity> ranks;
    for (int rank = 0; rank < states.rankCount(); ++rank) {
        if (const RankStates::Cell *cell = states.cell(rank); cell && cell->rank >= 0)
            ranks.push_back({cell->exitCode >= 0, cell->lastMs});
    }
    const bool hung = looksHung(ranks, m_startedMs, nowMs, m_hangAfterS);
    if (hung != m_hung) {
        m_hung = hung;
        Q_EMIT hungChanged(hung);
    }
}

} // namespace cw
