// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "checks/CheckTypes.h"

#include <QTreeWidget>

namespace cw {

// A check report as a tree: one branch per server (and one for the cluster as a whole), one row
// per check with a status icon, the reason and the fixes on offer. Failed branches open. A failed
// (or warned) check that a fix mends gets a "Fix…" button (object name "fix:CHECK:SERVER").
// A server that was not reached is one row: its branch, closed, says why and how many checks did
// not run (the rows stay inside it), with the ssh check's Fix… on it.
class CheckReportView : public QTreeWidget {
    Q_OBJECT

public:
    explicit CheckReportView(QWidget *parent = nullptr);

    void setReport(const CheckReport &report);
    const CheckReport &report() const { return m_report; }
    QIcon statusIcon(CheckStatus status) const;
    void setFixesEnabled(bool enabled);                 // e.g. while a fix or a check runs
    bool isFolded(const QTreeWidgetItem *branch) const; // an unreached server's one row

Q_SIGNALS:
    void fixRequested(const cw::CheckResult &result);

private:
    void addFixButton(QTreeWidgetItem *row, const CheckResult &result);

    CheckReport m_report;
};

} // namespace cw
