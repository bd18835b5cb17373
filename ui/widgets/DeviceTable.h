// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/Problem.h"
#include "model/Project.h"

#include <QTableView>

#include <map>

namespace cw {

// Devices per server and their IPs, one row per server: "Devices" holds the ids as "0,1,2,3",
// then one column per device slot (device_ips[k] belongs to devices[k]). Cells a problem names
// are tinted red with the message as tooltip; the rules themselves are the core's. A view over a
// DeviceTableModel (a row of strings per server), so 128 servers x 8 devices stay cheap.
class DeviceTableModel;

class DeviceTable : public QTableView {
    Q_OBJECT

public:
    explicit DeviceTable(QWidget *parent = nullptr);

    void showProject(const Project &project, const Problems &problems);
    std::vector<Server> servers(std::vector<Server> base) const;
    bool isEditing() const { return state() == QAbstractItemView::EditingState; }
    static int ipColumn(int slot) { return 2 + slot; }
    // The column whose cell a problem at `location` tints: the name, Devices or one IP.
    static int cellColumn(const ProblemLocation &location);
    int rowCount() const;
    int columnCount() const;
    QString text(int row, int column) const;
    bool isTinted(int row, int column) const; // a problem names the cell
    QString cellToolTip(int row, int column) const;
    // Why typed device ids do not read ("0-x"), for the first such row; empty when all read.
    // Such a row keeps its project's devices and shows the typed text, tinted.
    QString rejectedIds() const;
    // Every such row with its message, by row: the page lists them with the rules' problems.
    struct Rejection {
        int row;
        QString message;
    };
    std::vector<Rejection> rejections() const;

Q_SIGNALS:
    void edited();

private:
    struct Rejected {
        QString typed;
        QString message;
        std::vector<int> devices; // the project's, when typed: another change of them ends it
    };
    QString rejectedMessage(const QString &server, const QString &typed,
                            const QString &token) const;

    DeviceTableModel *m_model;
    bool m_withIps = true;
    // Set while servers() reads the cells (the page's write-back): by row.
    mutable std::map<int, Rejected> m_rejected;
    mutable bool m_rejectedChanged = false;
    Project m_shownProject; // the last showProject()'s, to show a rejection that changes nothing
    Problems m_shownProblems;
};

} // namespace cw
