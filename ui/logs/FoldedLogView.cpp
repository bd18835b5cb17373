// SPDX-License-Identifier: GPL-3.0-or-later
#include "FoldedLogView.h"

#include "logs/LogStore.h"
#include "logs/RunLogSources.h"

#include <QFontDatabase>
#include <QHeaderView>

using namespace Qt::StringLiterals;

namespace cw {

namespace {
constexpr int kRowRole = Qt::UserRole + 1; // a top-level item's index in m_rows
}

FoldedLogView::FoldedLogView(const LogStore *store, QWidget *parent)
    : QTreeWidget(parent), m_store(store)
{
    setObjectName(u"foldedLog"_s);
    setColumnCount(1);
    header()->hide();
    setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    setUniformRowHeights(true);
    setSelectionMode(QAbstractItemView::ExtendedSelection);
    // A row's ranks become items only when it is opened: 1,024 children per row for every row
    // would be most of the view's cost.
    connect(this, &QTreeWidget::itemExpanded, this, [this](QTreeWidgetItem *item) {
        fillChildren(item);
        const int row = item->data(0, kRowRole).toInt();
        m_open.insert(m_firstId + m_rows[size_t(row)].firstIndex);
    });
    connect(this, &QTreeWidget::itemCollapsed, this, [this](QTreeWidgetItem *item) {
        const int row = item->data(0, kRowRole).toInt();
        m_open.remove(m_firstId + m_rows[size_t(row)].firstIndex);
    });
}

void FoldedLogView::setFilter(int rank, const QString &text)
{
    if (rank == m_rank && text == m_text)
        return;
    m_rank = rank;
    m_text = text;
    refresh(true);
}

void FoldedLogView::refresh(bool force)
{
    const LogRing &ring = m_store->ring();
    const qint64 first = ring.firstId();
    const qint64 last = ring.lastId();
    if (!force && first == m_firstId && last == m_lastId)
        return;
    qint64 firstId = first;
    std::vector<LogRecord> lines = ring.since(first - 1, ring.maxLines(), &firstId);
    m_firstId = firstId;
    m_lastId = last;
    // The filter as the list applies it; ids stay those of the ring for the open rows. Each
    // rank's server is kept for the rows' children (a rank prints on one server); the lines
    // themselves are not: the store holds them.
    std::vector<LogRecord> shown;
    std::vector<qint64> ids;
    m_servers.clear();
    for (size_t i = 0; i < lines.size(); ++i) {
        LogRecord &line = lines[i];
        if (m_rank >= 0 && line.rank != m_rank && !line.isAttemptMark())
            continue;
        if (!m_text.isEmpty() && !line.line.contains(m_text, Qt::CaseInsensitive))
            continue;
        if (line.rank >= 0 && !m_servers.contains(line.rank))
            m_servers.insert(line.rank, line.server);
        ids.push_back(firstId + qint64(i));
        shown.push_back(std::move(line));
    }
    m_rows = foldLines(shown);
    // Each row's firstIndex becomes its first line's place in the ring (from firstId), so that
    // an open row stays open when the lines are folded again, whatever the filter skipped.
    for (FoldedLine &row : m_rows)
        row.firstIndex = qsizetype(ids[size_t(row.firstIndex)] - firstId);

    setUpdatesEnabled(false);
    clear();
    QList<QTreeWidgetItem *> items;
    items.reserve(qsizetype(m_rows.size()));
    for (size_t r = 0; r < m_rows.size(); ++r) {
        const FoldedLine &row = m_rows[r];
        QString text = row.text;
        if (row.ranks.size() == 1)
            text = tr("rank %1: %2").arg(row.ranks.front()).arg(row.text);
        else if (row.ranks.size() > 1)
            text = tr("ranks %1: %2").arg(rankRanges(row.ranks), row.text);
        auto *item = new QTreeWidgetItem(QStringList{text});
        item->setData(0, kRowRole, int(r));
        if (row.ranks.size() > 1) {
            item->setChildIndicatorPolicy(QTreeWidgetItem::ShowIndicator);
            item->setToolTip(0, tr("%n rank(s) printed this line; open the row for each one's.",
                                   nullptr, int(row.ranks.size())));
        }
        items << item;
    }
    addTopLevelItems(items);
    for (QTreeWidgetItem *item : items) {
        const int row = item->data(0, kRowRole).toInt();
        if (m_open.contains(m_firstId + m_rows[size_t(row)].firstIndex))
            item->setExpanded(true); // fills its children through itemExpanded
    }
    setUpdatesEnabled(true);
    if (m_follow)
        scrollToBottom();
}

void FoldedLogView::fillChildren(QTreeWidgetItem *item)
{
    if (item->childCount() > 0)
        return;
    const FoldedLine &row = m_rows[size_t(item->data(0, kRowRole).toInt())];
    QList<QTreeWidgetItem *> children;
    children.reserve(qsizetype(row.ranks.size()));
    for (int rank : row.ranks) {
        children << new QTreeWidgetItem(
            QStringList{logRecordText(LogRecord{m_servers.value(rank), rank, row.text})});
    }
    item->addChildren(children);
}

} // namespace cw
