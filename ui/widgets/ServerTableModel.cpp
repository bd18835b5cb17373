// SPDX-License-Identifier: GPL-3.0-or-later
#include "ServerTableModel.h"

#include <QColor>

namespace cw {

ServerTableModel::ServerTableModel(int columns, int editableColumns, QObject *parent)
    : QAbstractTableModel(parent), m_columns(columns), m_editable(editableColumns)
{
}

void ServerTableModel::resizeRows(int rows, const QStringList &fresh)
{
    const int old = rowCount();
    if (rows < old) {
        beginRemoveRows({}, rows, old - 1);
        m_rows.resize(size_t(rows));
        endRemoveRows();
    } else if (rows > old) {
        beginInsertRows({}, old, rows - 1);
        Row row;
        row.texts = fresh;
        row.texts.resize(m_columns);
        row.tips.resize(m_columns);
        row.errors.assign(size_t(m_columns), false);
        row.invalid.resize(m_columns);
        m_rows.resize(size_t(rows), row);
        endInsertRows();
    }
}

QString ServerTableModel::text(int row, int column) const
{
    return row >= 0 && row < rowCount() && column >= 0 && column < m_columns
               ? m_rows[size_t(row)].texts[column]
               : QString();
}

void ServerTableModel::setText(int row, int column, const QString &text, const QString &toolTip)
{
    if (row < 0 || row >= rowCount() || column < 0 || column >= m_columns)
        return;
    Row &cells = m_rows[size_t(row)];
    // Unchanged cells stay quiet: a dataChanged would reset an editor open on the cell.
    if (cells.texts[column] == text && (toolTip.isNull() || cells.tips[column] == toolTip))
        return;
    cells.texts[column] = text;
    if (!toolTip.isNull())
        cells.tips[column] = toolTip;
    Q_EMIT dataChanged(index(row, column), index(row, column));
}

void ServerTableModel::setToolTip(int row, int column, const QString &toolTip)
{
    if (row < 0 || row >= rowCount() || column < 0 || column >= m_columns)
        return;
    if (m_rows[size_t(row)].tips[column] == toolTip)
        return;
    m_rows[size_t(row)].tips[column] = toolTip;
    Q_EMIT dataChanged(index(row, column), index(row, column), {Qt::ToolTipRole});
}

void ServerTableModel::setError(int row, int column, bool error)
{
    if (row < 0 || row >= rowCount() || column < 0 || column >= m_columns)
        return;
    if (m_rows[size_t(row)].errors[size_t(column)] == error)
        return;
    m_rows[size_t(row)].errors[size_t(column)] = error;
    Q_EMIT dataChanged(index(row, column), index(row, column), {Qt::ForegroundRole});
}

bool ServerTableModel::isError(int row, int column) const
{
    return row >= 0 && row < rowCount() && column >= 0 && column < m_columns &&
           m_rows[size_t(row)].errors[size_t(column)];
}

void ServerTableModel::setInvalid(int row, int column, const QString &message)
{
    if (row < 0 || row >= rowCount() || column < 0 || column >= m_columns)
        return;
    QString &current = m_rows[size_t(row)].invalid[column];
    if (current == message)
        return;
    current = message;
    Q_EMIT dataChanged(index(row, column), index(row, column),
                       {Qt::BackgroundRole, Qt::ToolTipRole});
}

QString ServerTableModel::invalidMessage(int row, int column) const
{
    return row >= 0 && row < rowCount() && column >= 0 && column < m_columns
               ? m_rows[size_t(row)].invalid[column]
               : QString();
}

void ServerTableModel::clearInvalid()
{
    for (int row = 0; row < rowCount(); ++row) {
        for (int column = 0; column < m_columns; ++column)
            setInvalid(row, column, QString());
    }
}

int ServerTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int ServerTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : m_columns;
}

QVariant ServerTableModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const Row &row = m_rows[size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole:
    case Qt::EditRole:
        return row.texts[index.column()];
    case Qt::ToolTipRole:
        if (!row.invalid[index.column()].isEmpty())
            return row.invalid[index.column()];
        return row.tips[index.column()].isEmpty() ? QVariant() : row.tips[index.column()];
    case Qt::ForegroundRole:
        return row.errors[size_t(index.column())] ? QVariant(QColor(Qt::red)) : QVariant();
    case Qt::BackgroundRole:
        // The Devices table's tint for a value a rule rejects.
        return row.invalid[index.column()].isEmpty() ? QVariant() : QVariant(QColor(255, 205, 205));
    default:
        return {};
    }
}

QVariant ServerTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal && role == Qt::DisplayRole)
        return m_headers.value(section);
    return QAbstractTableModel::headerData(section, orientation, role);
}

Qt::ItemFlags ServerTableModel::flags(const QModelIndex &index) const
{
    Qt::ItemFlags flags = QAbstractTableModel::flags(index);
    if (index.isValid() && index.column() < m_editable)
        flags |= Qt::ItemIsEditable;
    return flags;
}

bool ServerTableModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (!index.isValid() || role != Qt::EditRole || index.column() >= m_editable)
        return false;
    Row &row = m_rows[size_t(index.row())];
    const QString text = value.toString();
    if (row.texts[index.column()] == text)
        return true;
    row.texts[index.column()] = text;
    row.tips[index.column()] = text;
    Q_EMIT dataChanged(index, index);
    Q_EMIT edited();
    return true;
}

} // namespace cw
