// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "discover/Discovery.h"
#include "model/Project.h"

#include <QTableView>

#include <tuple>

namespace cw {

// The servers of a project as an editable table (name, address, port, user, identity file, host
// IP) with the facts discovery found beside them (read-only). It edits values only; the core's
// validator judges them. A view over a ServerTableModel (a row of strings per server; the host
// cell's editor a delegate), so 128 servers stay one cheap model.
class ServerTableModel;
class ServerFilterModel;

class ServerTable : public QTableView {
    Q_OBJECT

public:
    enum Column {
        Name,
        Host,
        Port,
        User,
        Identity,
        HostIp,
        Hostname,
        Nic,
        Devices,
        Python,
        Mpirun,
        Status,
        ColumnCount
    };

    explicit ServerTable(QWidget *parent = nullptr);

    static QString columnTitle(int column);
    // The column that edits a problem's field ("host_ip" -> HostIp), -1 when none does.
    static int columnForField(const QString &field);

    void setServers(const std::vector<Server> &servers);
    std::vector<Server> servers(std::vector<Server> base) const; // base: fields the table lacks
    void showDiscovery(const ServerDiscovery &result, const Server &server);
    void showStatus(int row, const QString &text, bool error);
    std::vector<int> selectedServers() const;
    int rowCount() const;
    QString text(int row, int column) const; // a cell as shown
    bool isError(int row, int column) const; // drawn in red (a failed status)
    // A value the validator rejects: the cell is tinted and its tooltip says why. Every mark
    // goes with the next setInvalidCells().
    void setInvalidCells(const std::vector<std::tuple<int, int, QString>> &cells);
    bool isInvalid(int row, int column) const;
    void forgetDiscovery(); // another project: every row starts untested
    // Rows are servers (indices in the project) in every call; a filter hides rows from view
    // only. Going to a hidden server's cell clears the filter.
    void setCurrentCell(int row, int column);
    void editCell(int row, int column);
    int currentServer() const; // -1 when no cell is current
    // Shows only the servers whose name, address, host IP, status or problem contains `text`
    // (case-insensitive); empty shows all.
    void setFilterText(const QString &text);
    QString filterText() const;
    int shownRowCount() const;
    bool isShown(int row) const;
    // A server's discovery facts and status as before its first test (its address changed).
    void forgetFacts(int row);
    // Names the host cell's editor offers as the user types (the ssh config's Host aliases).
    void setHostSuggestions(const QStringList &hosts);
    QStringList hostSuggestions() const { return m_hostSuggestions; }

Q_SIGNALS:
    void edited();
    void filterChanged(); // the text, or the rows it lets through

private:
    void fitColumns();
    void fitColumnsSoon();                      // once, after the current burst of changes
    QModelIndex viewIndex(int row, int column); // clears a filter that hides the row
    ServerTableModel *m_model;
    ServerFilterModel *m_filter;
    bool m_fitPending = false;
    QStringList m_hostSuggestions;
};

} // namespace cw
