#pragma once

#include "discover/Discovery.h"
#include "model/Project.h"

#include <QTableWidget>

namespace cw {

// The servers of a project as an editable table (name, address, port, user, identity file, host
// IP) with the facts discovery found beside them (read-only). It edits values only; the core's
// validator judges them.
class ServerTable : public QTableWidget {
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

    void setServers(const std::vector<Server> &servers);
    std::vector<Server> servers(std::vector<Server> base) const; // base: fields the table lacks
    void showDiscovery(const ServerDiscovery &result, const Server &server);
    void showStatus(int row, const QString &text, bool error);
    std::vector<int> selectedServers() const;
    // Names the host cell's editor offers as the user types (the ssh config's Host aliases).
    void setHostSuggestions(const QStringList &hosts);
    QStringList hostSuggestions() const { return m_hostSuggestions; }

Q_SIGNALS:
    void edited();

private:
    QTableWidgetItem *readOnly(const QString &text) const;
    void fitColumns();
    bool m_filling = false;
    QStringList m_hostSuggestions;
};

} // namespace cw
