// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QSortFilterProxyModel>

namespace cw {

// Shows the lines of one rank (or all) that contain a text, case-insensitive.
class LogFilterModel : public QSortFilterProxyModel {
    Q_OBJECT

public:
    explicit LogFilterModel(QObject *parent = nullptr);

    void setRank(int rank); // -1: every rank
    void setText(const QString &text);
    int rank() const { return m_rank; }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
    int m_rank = -1;
    QString m_text;
};

} // namespace cw
