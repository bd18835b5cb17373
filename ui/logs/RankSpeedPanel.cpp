// SPDX-License-Identifier: GPL-3.0-or-later
#include "RankSpeedPanel.h"

#include "logs/LogStore.h"

#include <QDateTime>
#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <map>
#include <optional>

using namespace Qt::StringLiterals;

namespace cw {

namespace {

enum Column { RankColumn, ServerColumn, StepsColumn, SamplesColumn, StepColumn, NoteColumn };

// Sorts by the number it holds (Qt::UserRole), not by its text: "10.0" after "9.5". A row
// without the number sorts after every row with one.
class NumberItem : public QTableWidgetItem {
public:
    NumberItem(const QString &text, std::optional<double> value) : QTableWidgetItem(text)
    {
        if (value)
            setData(Qt::UserRole, *value);
        setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    }
    bool operator<(const QTableWidgetItem &other) const override
    {
        const QVariant value = data(Qt::UserRole);
        const QVariant otherValue = other.data(Qt::UserRole);
        if (!value.isValid() || !otherValue.isValid())
            return value.isValid() && !otherValue.isValid();
        return value.toDouble() < otherValue.toDouble();
    }
};

QString rate(const std::optional<double> &value)
{
    if (!value)
        return {};
    return QString::number(*value, 'f', *value < 10 ? 2 : 1);
}

} // namespace

RankSpeedPanel::RankSpeedPanel(const LogStore *store, QWidget *parent)
    : QWidget(parent), m_store(store), m_verdictText(new QLabel(this)), m_summary(new QLabel(this)),
      m_table(new QTableWidget(0, 6, this))
{
    setObjectName(u"rankSpeedPanel"_s);
    m_verdictText->setObjectName(u"verdicts"_s);
    m_verdictText->setWordWrap(true);
    m_verdictText->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_summary->setObjectName(u"speedSummary"_s);
    m_summary->setWordWrap(true);
    m_table->setObjectName(u"rankSpeeds"_s);
    m_table->setHorizontalHeaderLabels(
        {tr("Rank"), tr("Server"), tr("Steps/s"), tr("Samples/s"), tr("Last step"), tr("Note")});
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->verticalHeader()->hide();
    // One line a row: 1,024 ranks in as little height as the text needs.
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 4);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(StepsColumn, Qt::AscendingOrder); // the slowest first
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_verdictText);
    layout->addWidget(m_summary);
    layout->addWidget(m_table, 1);
    setProject(Project());
}

void RankSpeedPanel::setProject(const Project &project)
{
    m_servers = verdictServers(project);
    m_history = DeviceHistory(int(m_servers.size()));
    m_verdicts.clear();
    showVerdicts();
    showSpeeds({}, 0);
}

void RankSpeedPanel::applyPoll(const RunSnapshot &snapshot)
{
    for (size_t s = 0; s < snapshot.servers.size(); ++s) {
        if (snapshot.servers[s].devices)
            m_history.add(int(s), *snapshot.servers[s].devices);
    }
    refresh(QDateTime::currentMSecsSinceEpoch());
}

void RankSpeedPanel::refresh(qint64 nowMs)
{
    const std::vector<RankSpeed> speeds = m_store->rankSpeeds(nowMs);
    m_verdicts = evaluateVerdicts(m_servers, m_history, speeds);
    showVerdicts();
    showSpeeds(speeds, nowMs);
}

QString RankSpeedPanel::summaryText() const
{
    return m_summary->text();
}

QStringList RankSpeedPanel::verdictLines() const
{
    QStringList lines;
    for (const RunVerdict &verdict : m_verdicts)
        lines << verdict.text.translated();
    return lines;
}

QString RankSpeedPanel::serverOfRank(int rank) const
{
    for (const VerdictServer &server : m_servers) {
        if (rank >= server.firstRank && rank < server.firstRank + server.rankCount)
            return server.name;
    }
    return {};
}

void RankSpeedPanel::showVerdicts()
{
    const QStringList lines = verdictLines();
    if (lines.isEmpty()) {
        m_verdictText->setStyleSheet({});
        m_verdictText->setText(tr("No verdict: no straggler, idle device, full memory, "
                                  "temperature alarm or health warning in what the run has "
                                  "shown so far."));
        return;
    }
    m_verdictText->setStyleSheet(u"color: #b00020;"_s);
    m_verdictText->setText(lines.join(u'\n'));
}

void RankSpeedPanel::showSpeeds(const std::vector<RankSpeed> &speeds, qint64 nowMs)
{
    // The straggler verdicts that name a rank, for its row's note.
    std::map<int, const RunVerdict *> stragglers;
    for (const RunVerdict &verdict : m_verdicts) {
        if (verdict.kind == VerdictKind::Straggler && verdict.rank >= 0)
            stragglers[verdict.rank] = &verdict;
    }
    m_table->setSortingEnabled(false); // rows in as they are, sorted once at the end
    m_table->setRowCount(int(speeds.size()));
    int printing = 0; // ranks with a rate
    const RankSpeed *slowest = nullptr;
    for (int row = 0; row < int(speeds.size()); ++row) {
        const RankSpeed &speed = speeds[size_t(row)];
        QString note;
        if (speed.stalled)
            note = tr("stalled: no progress for %1 s").arg((nowMs - speed.updatedMs) / 1000);
        else if (const auto found = stragglers.find(speed.rank); found != stragglers.end())
            note = tr("straggler: %1% below the median of %2 steps/s")
                       .arg(qRound((1 - found->second->value / found->second->reference) * 100))
                       .arg(rate(found->second->reference));
        auto *rankItem = new NumberItem(QString::number(speed.rank), speed.rank);
        auto *steps = new NumberItem(rate(speed.stepsPerSecond), speed.stepsPerSecond);
        steps->setToolTip(speed.fromCounter ? tr("From its step counter over the last minute.")
                                            : tr("The rate its log prints."));
        m_table->setItem(row, RankColumn, rankItem);
        m_table->setItem(row, ServerColumn, new QTableWidgetItem(serverOfRank(speed.rank)));
        m_table->setItem(row, StepsColumn, steps);
        m_table->setItem(row, SamplesColumn,
                         new NumberItem(rate(speed.samplesPerSecond), speed.samplesPerSecond));
        const std::optional<double> step =
            speed.lastStep >= 0 ? std::optional<double>(double(speed.lastStep)) : std::nullopt;
        m_table->setItem(row, StepColumn,
                         new NumberItem(step ? QString::number(speed.lastStep) : QString(), step));
        m_table->setItem(row, NoteColumn, new QTableWidgetItem(note));
        if (speed.stepsPerSecond) {
            ++printing;
            if (!slowest || *speed.stepsPerSecond < *slowest->stepsPerSecond)
                slowest = &speed;
        }
    }
    m_table->setSortingEnabled(true);
    if (!slowest && !speeds.empty()) {
        // Lines that arrived together (a finished run's logs read at once) give no rate.
        m_summary->setText(tr("Ranks printed their progress (%1), but no speed can be told from "
                              "it yet: a step counter needs lines that arrive some time apart.")
                               .arg(QString::number(speeds.size())));
        return;
    }
    if (!slowest) {
        m_summary->setText(tr("No rank has printed its progress yet: the speeds come from the "
                              "step counters and rates the trainers print (tqdm, MindSpore, "
                              "Megatron, Hugging Face)."));
        return;
    }
    // The median the straggler verdicts compare with, so that the two say the same number.
    const std::optional<double> middle = rankSpeedMedian(speeds);
    const QString median =
        middle ? tr("median %1 steps/s").arg(rate(middle))
               : tr("no median yet (a rank needs %1 progress lines)").arg(kStragglerMinUpdates);
    m_summary->setText(tr("Ranks printing their progress: %1; %2; the slowest is rank %3 (%4) at "
                          "%5 steps/s.")
                           .arg(QString::number(printing), median, QString::number(slowest->rank),
                                serverOfRank(slowest->rank), rate(slowest->stepsPerSecond)));
}

} // namespace cw
