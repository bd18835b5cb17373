// SPDX-License-Identifier: GPL-3.0-or-later
#include "DeviceTableModel.h"

#include <QColor>

namespace cw {

DeviceTableModel::DeviceTableModel(QObject *parent) : QAbstractTableModel(parent) {}

void DeviceTableModel::reset(std::vector<Row> rows, int slots, const QStringList &headers,
                             const QStringList &headerTips)
{
    beginResetModel();
    m_rows = std::move(rows);
    m_slots = slots;
    for (Row &row : m_rows) {
        row.ips.resize(slots);
        row.problems.resize(2 + slots);
    }
    m_headers = headers;
    m_headerTips = headerTips;
    endResetModel();
}

std::optional<std::vector<int>> DeviceTableModel::update(std::vector<Row> rows, int slots,
                                                         const QStringList &headers)
{
    if (rows.size() != m_rows.size() || slots != m_slots || headers != m_headers)
        return std::nullopt;
    std::vector<int> changed;
    for (size_t r = 0; r < rows.size(); ++r) {
        Row &row = rows[r];
        row.ips.resize(slots);
        row.problems.resize(2 + slots);
        if (row == m_rows[r])
            continue;
        m_rows[r] = std::move(row);
        changed.push_back(int(r));
        Q_EMIT dataChanged(index(int(r), 0), index(int(r), columnCount() - 1));
    }
    return changed;
}

QString DeviceTableModel::text(int row, int column) const
{
    if (row < 0 || row >= rowCount() || column < 0 || column >= columnCount())
        return {};
    const Row &cells = m_rows[size_t(row)];
    return column == 0 ? cells.name : column == 1 ? cells.ids : cells.ips[column - 2];
}

bool DeviceTableModel::isTinted(int row, int column) const
{
    return row >= 0 && row < rowCount() && column >= 0 && column < columnCount() &&
           !m_rows[size_t(row)].problems[column].isEmpty();
}

QString DeviceTableModel::toolTip(int row, int column) const
{
    return isTinted(row, column) ? m_rows[size_t(row)].problems[column] : QString();
}

int DeviceTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int DeviceTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : 2 + m_slots;
}

QVariant DeviceTableModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid())
        return {};
    switch (role) {
    case Qt::DisplayRole:
    case Qt::EditRole:
        return text(index.row(), index.column());
    case Qt::ToolTipRole:
        return isTinted(index.row(), index.column())
                   ? QVariant(toolTip(index.row(), index.column()))
                   : QVariant();
    case Qt::BackgroundRole:
        return isTinted(index.row(), index.column()) ? QVariant(QColor(255, 205, 205)) : QVariant();
    default:
        return {};
    }
}

QVariant DeviceTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal && role == Qt::DisplayRole)
        return m_headers.value(section);
    if (orientation == Qt::Horizontal && role == Qt::ToolTipRole &&
        !m_headerTips.value(section).isEmpty())
        return m_headerTips.value(section);
    return QAbstractTableModel::headerData(section, orientation, role);
}

Qt::ItemFlags DeviceTableModel::flags(const QModelIndex &index) const
{
    Qt::ItemFlags flags = QAbstractTableModel::flags(index);
    if (index.isValid() && index.column() > 0)
        flags |= Qt::ItemIsEditable; // the server's name is the Servers page's
    return flags;
}

bool DeviceTableModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (!index.isValid() || role != Qt::EditRole || index.column() == 0)
        return false;
    Row &row = m_rows[size_t(index.row())];
    QString &cell = index.column() == 1 ? row.ids : row.ips[index.column() - 2];
    if (cell == value.toString())
        return true;
    cell = value.toString();
    Q_EMIT dataChanged(index, index);
    Q_EMIT edited();
    return true;
}

} // namespace cw
