// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QAbstractTableModel>
#include <QStringList>

#include <optional>
#include <vector>

namespace cw {

// The cells of the DeviceTable: per server its name (read-only), its device ids as typed and one
// IP per device slot, each cell with the problems that name it (tinted, message as tooltip).
// Plain strings per row, no item object per cell: 128 servers x 8 slots are 128 rows.
class DeviceTableModel : public QAbstractTableModel {
    Q_OBJECT

public:
    struct Row {
        QString name;
        QString ids;          // "0,1,2,3"
        QStringList ips;      // one per slot
        QStringList problems; // per column: the messages that name that cell, '\n'-joined
        bool operator==(const Row &) const = default;
    };

    explicit DeviceTableModel(QObject *parent = nullptr);

    void reset(std::vector<Row> rows, int slots, const QStringList &headers,
               const QStringList &headerTips);
    // The same table with new cells: the rows that differ are replaced and reported changed
    // (their numbers returned), the rest left alone. Returns nullopt, and does nothing, when the
    // table's shape differs (rows, slots or headers): that is a reset().
    std::optional<std::vector<int>> update(std::vector<Row> rows, int slots,
                                           const QStringList &headers);
    QString text(int row, int column) const;
    bool isTinted(int row, int column) const;
    QString toolTip(int row, int column) const;

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role) override;

Q_SIGNALS:
    void edited(); // the user changed a cell

private:
    std::vector<Row> m_rows;
    int m_slots = 0;
    QStringList m_headers;
    QStringList m_headerTips;
};

} // namespace cw
