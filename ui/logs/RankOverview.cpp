// SPDX-License-Identifier: GPL-3.0-or-later
#include "RankOverview.h"

#include "logs/LogStore.h"
#include "widgets/LegendText.h"

#include <QComboBox>
#include <QDateTime>
#include <QHBoxLayout>
#include <QLabel>
#include <QScrollArea>
#include <QSpinBox>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace cw {

RankOverview::RankOverview(const LogStore *store, QWidget *parent)
    : QWidget(parent), m_store(store), m_grid(new RankGrid(&m_states, this)),
      m_order(new QComboBox(this)), m_stale(new QSpinBox(this)), m_counts(new QLabel(this))
{
    setObjectName(u"rankOverview"_s);
    m_order->setObjectName(u"rankOrder"_s);
    m_order->addItem(tr("By server"), int(RankGrid::Order::ByServer));
    m_order->addItem(tr("Failed first"), int(RankGrid::Order::FailedFirst));
    m_order->addItem(tr("Only failed or no output"), int(RankGrid::Order::OnlyProblems));
    m_stale->setObjectName(u"staleSeconds"_s);
    m_stale->setRange(5, 3600);
    m_stale->setValue(m_states.staleSeconds());
    m_stale->setPrefix(tr("no output after "));
    m_stale->setSuffix(tr(" s"));
    m_stale->setToolTip(
        tr("A running rank with no output for this long is shown as \"no output\"."));
    m_counts->setObjectName(u"rankCounts"_s);
    m_counts->setWordWrap(true);
    m_counts->setTextFormat(Qt::RichText);

    auto *bar = new QHBoxLayout;
    bar->addWidget(m_order);
    bar->addWidget(m_stale);
    bar->addStretch();
    auto *scroll = new QScrollArea(this);
    scroll->setWidget(m_grid);
    scroll->setWidgetResizable(false);
    scroll->setBackgroundRole(QPalette::Base);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(bar);
    layout->addWidget(m_counts);
    layout->addWidget(scroll, 1);

    connect(m_order, &QComboBox::currentIndexChanged, this,
            [this] { m_grid->setOrder(RankGrid::Order(m_order->currentData().toInt())); });
    connect(m_stale, &QSpinBox::valueChanged, this, [this](int seconds) {
        m_states.setStaleSeconds(seconds);
        refresh();
    });
    connect(m_grid, &RankGrid::rankClicked, this, &RankOverview::rankClicked);
    m_timer.setInterval(500);
    connect(&m_timer, &QTimer::timeout, this, &RankOverview::refresh);
    m_timer.start();
}

void RankOverview::setProject(const Project &project)
{
    if (m_states.setProject(project))
        m_lastId = m_store->ring().lastId();
    refresh();
}

void RankOverview::clearRun()
{
    m_states.clearRun();
    m_lastId = m_store->ring().lastId();
    refresh();
}

void RankOverview::applyPoll(const RunSnapshot &snapshot)
{
    if (m_states.applyPoll(snapshot))
        refresh();
}

void RankOverview::applyRecord(const RunRecord &record)
{
    if (m_states.applyRecord(record))
        refresh();
}

void RankOverview::refresh()
{
    refreshAt(m_frozenMs.value_or(QDateTime::currentMSecsSinceEpoch()));
}

void RankOverview::freezeAt(std::optional<qint64> nowMs)
{
    m_frozenMs = nowMs;
    refresh();
}

void RankOverview::startAttempt(const Project &project, int attempt)
{
    setProject(project);
    clearRun();
    m_states.setAttempt(attempt);
}

void RankOverview::refreshAt(qint64 nowMs)
{
    m_nowMs = nowMs;
    // Only each rank's last line matters: lines the ring dropped before this tick are skipped.
    const LogRing &ring = m_store->ring();
    if (ring.lastId() > m_lastId) {
        qint64 first = 0;
        const std::vector<LogRecord> records = ring.since(m_lastId, ring.maxLines(), &first);
        m_states.absorb(records);
        m_lastId = records.empty() ? ring.lastId() : first + qint64(records.size()) - 1;
    } else if (ring.lastId() < m_lastId) {
        m_lastId = ring.lastId(); // cleared
    }
    m_grid->relayout(nowMs);
    showCounts();
    QList<int> problems;
    for (int rank = 0; rank < m_states.rankCount(); ++rank) {
        const RankStates::State state = m_states.state(rank, nowMs);
        if (m_states.cell(rank) && (state == RankStates::Failed || state == RankStates::Stale))
            problems << rank;
    }
    if (problems != m_problems) {
        m_problems = problems;
        Q_EMIT problemRanksChanged(problems);
    }
}

std::array<int, RankStates::Finished + 1> RankOverview::counts() const
{
    std::array<int, RankStates::Finished + 1> counts{};
    for (int rank = 0; rank < m_states.rankCount(); ++rank)
        if (m_states.cell(rank))
            ++counts[size_t(m_states.state(rank, m_nowMs))];
    return counts;
}

QString RankOverview::countsText() const
{
    const auto counts = this->counts();
    QStringList parts;
    for (int s = RankStates::Failed; s <= RankStates::Finished; ++s)
        if (counts[size_t(s)])
            parts << tr("%1 %2")
                         .arg(counts[size_t(s)])
                         .arg(RankStates::stateName(RankStates::State(s)));
    return parts.isEmpty() ? tr("No ranks.") : parts.join(u", "_s);
}

void RankOverview::showCounts()
{
    // The counts double as the legend: a square of each state's colour before its count.
    const auto counts = this->counts();
    QStringList parts;
    for (int s = RankStates::Failed; s <= RankStates::Finished; ++s)
        if (counts[size_t(s)])
            parts << u"<span style=\"color:%1\">&#9632;</span>&nbsp;%2"_s.arg(
                RankGrid::colour(RankStates::State(s)).name(),
                unbreakableHtml(tr("%1 %2")
                                    .arg(counts[size_t(s)])
                                    .arg(RankStates::stateName(RankStates::State(s)))));
    m_counts->setText(parts.isEmpty() ? tr("No ranks.") : parts.join(u"&nbsp; "_s));
}

} // namespace cw
