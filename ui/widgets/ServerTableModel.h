// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QAbstractTableModel>
#include <QStringList>

#include <vector>

namespace cw {

// The cells of the ServerTable: per server its editable values (name .. host IP) and the
// read-only facts discovery found, with a tooltip per cell and the status's error colour. One
// row of strings per server and no item object per cell, so 128 servers cost 128 rows.
class ServerTableModel : public QAbstractTableModel {
    Q_OBJECT

public:
    ServerTableModel(int columns, int editableColumns, QObject *parent = nullptr);

    void setHeaders(const QStringList &headers) { m_headers = headers; }
    // Rows added at the end start with `fresh` (one text per column); rows beyond `rows` go.
    void resizeRows(int rows, const QStringList &fresh);
    QString text(int row, int column) const;
    // Sets a cell's text (and its tooltip, when given) without reporting an edit.
    void setText(int row, int column, const QString &text, const QString &toolTip = QString());
    void setToolTip(int row, int column, const QString &toolTip);
    void setError(int row, int column, bool error);
    bool isError(int row, int column) const;
    // A rejected value: tinted, the message first in its tooltip; empty clears.
    void setInvalid(int row, int column, const QString &message);
    QString invalidMessage(int row, int column) const;
    void clearInvalid();

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role) override;

Q_SIGNALS:
    void edited(); // the user changed an editable cell

private:
    struct Row {
        QStringList texts;
        QStringList tips;
        std::vector<bool> errors;
        QStringList invalid; // why the validator rejects the value; empty when it does not
    };
    const int m_columns;
    const int m_editable; // columns 0 .. m_editable - 1 take edits
    QStringList m_headers;
    std::vector<Row> m_rows;
};

} // namespace cw
