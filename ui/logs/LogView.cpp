// SPDX-License-Identifier: GPL-3.0-or-later
#include "LogView.h"

#include "FoldedLogView.h"
#include "LogFilterModel.h"
#include "LogModel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QSignalBlocker>
#include <QStackedWidget>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>
#include <vector>

using namespace Qt::StringLiterals;

namespace cw {

LogView::LogView(LogModel *model, QWidget *parent)
    : QWidget(parent), m_model(model), m_filter(new LogFilterModel(this)),
      m_rank(new QComboBox(this)), m_filterText(new QLineEdit(this)), m_search(new QLineEdit(this)),
      m_follow(new QCheckBox(tr("Follo&w"), this)), m_fold(new QCheckBox(tr("F&old"), this)),
      m_list(new QListView(this)), m_folded(new FoldedLogView(model->store(), this)),
      m_views(new QStackedWidget(this))
{
    m_filter->setSourceModel(m_model);
    m_list->setModel(m_filter);
    // Uniform rows let the view lay out 100,000 lines without measuring each one.
    m_list->setUniformItemSizes(true);
    m_list->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_list->setObjectName(u"logList"_s);
    m_rank->setObjectName(u"rank"_s);
    m_rank->addItem(tr("All ranks"), -1);
    // As wide as its longest entry ("server12/103 — failed first"), never cut off.
    m_rank->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_filterText->setObjectName(u"filter"_s);
    m_filterText->setPlaceholderText(tr("Show only lines containing…"));
    m_filterText->setClearButtonEnabled(true);
    m_search->setObjectName(u"search"_s);
    m_search->setPlaceholderText(tr("Search (Enter: next)"));
    m_follow->setObjectName(u"follow"_s);
    m_follow->setChecked(true);
    m_fold->setObjectName(u"fold"_s);
    m_fold->setToolTip(tr("Show a line that many ranks print alike once, as \"ranks 0-1023: "
                          "line\"; open the row for each rank's."));
    m_views->addWidget(m_list);
    m_views->addWidget(m_folded);

    auto *bar = new QHBoxLayout;
    bar->addWidget(m_rank);
    bar->addWidget(m_filterText, 2);
    bar->addWidget(m_search, 1);
    bar->addWidget(m_follow);
    bar->addWidget(m_fold);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(bar);
    layout->addWidget(m_views, 1);

    connect(m_model, &LogModel::rankSeen, this, [this](const QString &server, int rank) {
        m_rank->addItem(u"%1/%2"_s.arg(server).arg(rank), rank);
        sortRanks();
    });
    connect(m_model, &QAbstractItemModel::modelReset, this, [this] {
        // A new run: its ranks come back as they are seen.
        while (m_rank->count() > 1)
            m_rank->removeItem(m_rank->count() - 1);
        m_rank->setCurrentIndex(0);
    });
    connect(m_rank, &QComboBox::currentIndexChanged, this, [this] {
        m_filter->setRank(m_rank->currentData().toInt());
        m_folded->setFilter(m_rank->currentData().toInt(), m_filterText->text());
    });
    connect(m_filterText, &QLineEdit::textChanged, this, [this](const QString &text) {
        m_filter->setText(text);
        m_folded->setFilter(m_rank->currentData().toInt(), text);
    });
    connect(m_follow, &QCheckBox::toggled, m_folded, &FoldedLogView::setFollow);
    // Folding reads every line the store holds: once a second while it is shown, not per line.
    auto *foldTimer = new QTimer(this);
    foldTimer->setInterval(1000);
    connect(foldTimer, &QTimer::timeout, m_folded, [this] { m_folded->refresh(); });
    connect(m_fold, &QCheckBox::toggled, this, [this, foldTimer](bool fold) {
        if (fold) {
            m_folded->refresh(true);
            foldTimer->start();
        } else {
            foldTimer->stop();
        }
        m_views->setCurrentWidget(fold ? static_cast<QWidget *>(m_folded) : m_list);
    });
    connect(m_search, &QLineEdit::returnPressed, this, [this] { findNext(m_search->text()); });
    connect(m_filter, &QAbstractItemModel::rowsInserted, this, [this] {
        if (m_follow->isChecked())
            m_list->scrollToBottom();
    });
}

bool LogView::follows() const
{
    return m_follow->isChecked();
}

void LogView::setFollow(bool follow)
{
    m_follow->setChecked(follow);
}

void LogView::setProblemRanks(const QList<int> &ranks)
{
    m_problems = ranks;
    sortRanks();
}

void LogView::sortRanks()
{
    // "All ranks" stays first; the ranks behind it: the failed or silent ones, then the rest,
    // each by number (rank 2 before rank 10), whatever order their lines came in.
    struct Entry {
        QString text;
        int rank;
    };
    std::vector<Entry> entries;
    for (int row = 1; row < m_rank->count(); ++row)
        entries.push_back({m_rank->itemText(row), m_rank->itemData(row).toInt()});
    const auto key = [this](const Entry &entry) {
        return std::pair(!m_problems.contains(entry.rank), entry.rank);
    };
    std::stable_sort(entries.begin(), entries.end(),
                     [&](const Entry &a, const Entry &b) { return key(a) < key(b); });
    const int current = m_rank->currentData().toInt();
    const QSignalBlocker blocker(m_rank); // the same rank stays chosen: the filter keeps it
    for (size_t i = 0; i < entries.size(); ++i) {
        m_rank->setItemText(int(i) + 1, entries[i].text);
        m_rank->setItemData(int(i) + 1, entries[i].rank);
    }
    m_rank->setCurrentIndex(std::max(0, m_rank->findData(current)));
}

void LogView::showRank(int rank, const QString &label)
{
    const int row = m_rank->findData(rank);
    if (row < 0)
        return;
    if (!label.isEmpty() && !m_rank->itemText(row).contains(label))
        m_rank->setItemText(row, tr("%1 — %2").arg(m_rank->itemText(row), label));
    m_rank->setCurrentIndex(row);
}

bool LogView::findNext(const QString &text)
{
    if (text.isEmpty())
        return false;
    const int rows = m_filter->rowCount();
    const int start = m_list->currentIndex().isValid() ? m_list->currentIndex().row() + 1 : 0;
    for (int i = 0; i < rows; ++i) {
        const QModelIndex index = m_filter->index((start + i) % rows, 0);
        if (index.data(LogModel::TextRole).toString().contains(text, Qt::CaseInsensitive)) {
            // Searching means looking back: stop following so the match stays in view.
            setFollow(false);
            m_list->setCurrentIndex(index);
            m_list->scrollTo(index, QAbstractItemView::PositionAtCenter);
            return true;
        }
    }
    return false;
}

} // namespace cw
