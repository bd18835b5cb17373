// SPDX-License-Identifier: GPL-3.0-or-later
#include "LogFilterModel.h"

#include "LogModel.h"

namespace cw {

LogFilterModel::LogFilterModel(QObject *parent) : QSortFilterProxyModel(parent) {}

void LogFilterModel::setRank(int rank)
{
    m_rank = rank;
    invalidateFilter();
}

void LogFilterModel::setText(const QString &text)
{
    m_text = text;
    invalidateFilter();
}

bool LogFilterModel::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    if (m_rank < 0 && m_text.isEmpty())
        return true;
    const QModelIndex index = sourceModel()->index(sourceRow, 0, sourceParent);
    if (index.data(LogModel::MarkRole).toBool()) // where each attempt begins stays in view
        return true;
    if (m_rank >= 0 && index.data(LogModel::RankRole).toInt() != m_rank)
        return false;
    return m_text.isEmpty() ||
           index.data(LogModel::TextRole).toString().contains(m_text, Qt::CaseInsensitive);
}

} // namespace cw
