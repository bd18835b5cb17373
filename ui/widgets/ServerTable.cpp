#include "ServerTable.h"

#include "discover/DiscoveryReport.h"

#include <QCompleter>
#include <QHeaderView>
#include <QLineEdit>
#include <QStyledItemDelegate>

#include <set>

using namespace Qt::StringLiterals;

namespace cw {

namespace {

// The host cell's editor: a line edit that completes the ssh config's aliases.
class HostDelegate : public QStyledItemDelegate {
public:
    HostDelegate(const QStringList *hosts, QObject *parent)
        : QStyledItemDelegate(parent), m_hosts(hosts)
    {
    }
    QWidget *createEditor(QWidget *parent, const QStyleOptionViewItem &option,
                          const QModelIndex &index) const override
    {
        QWidget *editor = QStyledItemDelegate::createEditor(parent, option, index);
        if (auto *line = qobject_cast<QLineEdit *>(editor); line && !m_hosts->isEmpty()) {
            auto *completer = new QCompleter(*m_hosts, line);
            completer->setCaseSensitivity(Qt::CaseInsensitive);
            line->setCompleter(completer);
        }
        return editor;
    }

private:
    const QStringList *m_hosts;
};

} // namespace

ServerTable::ServerTable(QWidget *parent) : QTableWidget(0, ColumnCount, parent)
{
    setObjectName(u"serverTable"_s);
    setHorizontalHeaderLabels({tr("Name"), tr("Address or alias"), tr("Port"), tr("User"),
                               tr("Identity file"), tr("Host IP"), tr("Hostname"), tr("NIC"),
                               tr("Devices"), tr("Python / torch"), tr("mpirun"), tr("Status")});
    horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    horizontalHeader()->setStretchLastSection(true);
    verticalHeader()->setVisible(false);
    setSelectionBehavior(QAbstractItemView::SelectRows);
    setAlternatingRowColors(true);
    setWordWrap(false);
    setTextElideMode(Qt::ElideMiddle);
    setItemDelegateForColumn(Host, new HostDelegate(&m_hostSuggestions, this));
    connect(this, &QTableWidget::itemChanged, this, [this] {
        if (!m_filling)
            Q_EMIT edited();
    });
}

QTableWidgetItem *ServerTable::readOnly(const QString &text) const
{
    auto *item = new QTableWidgetItem(text);
    item->setFlags(item->flags() & ~Qt::ItemIsEditable);
    return item;
}

void ServerTable::setServers(const std::vector<Server> &servers)
{
    m_filling = true;
    const int oldRows = rowCount();
    setRowCount(int(servers.size()));
    for (int row = 0; row < rowCount(); ++row) {
        const Server &server = servers[size_t(row)];
        const QStringList values{server.name, server.host,         QString::number(server.port),
                                 server.user, server.identityFile, server.hostIp};
        for (int column = 0; column < values.size(); ++column) {
            if (QTableWidgetItem *present = item(row, column))
                present->setText(values[column]);
            else
                setItem(row, column, new QTableWidgetItem(values[column]));
            item(row, column)->setToolTip(values[column]);
        }
        if (!item(row, Nic) || row >= oldRows) {
            for (int column = Hostname; column < ColumnCount; ++column)
                setItem(row, column, readOnly(column == Status ? tr("not tested") : u"-"_s));
        }
        item(row, Nic)->setText(server.nic.isEmpty() ? item(row, Nic)->text() : server.nic);
    }
    m_filling = false;
    fitColumns();
}

std::vector<Server> ServerTable::servers(std::vector<Server> base) const
{
    base.resize(size_t(rowCount()));
    for (int row = 0; row < rowCount(); ++row) {
        Server &server = base[size_t(row)];
        server.name = item(row, Name)->text().trimmed();
        server.host = item(row, Host)->text().trimmed();
        // A port that does not parse is kept as 0: the validator names it.
        server.port = item(row, Port)->text().trimmed().toInt();
        server.user = item(row, User)->text().trimmed();
        server.identityFile = item(row, Identity)->text().trimmed();
        server.hostIp = item(row, HostIp)->text().trimmed();
    }
    return base;
}

void ServerTable::showDiscovery(const ServerDiscovery &result, const Server &server)
{
    const int row = result.connection.serverIndex;
    if (row < 0 || row >= rowCount())
        return;
    m_filling = true;
    if (result.facts) {
        const ServerFacts &facts = *result.facts;
        item(row, Hostname)->setText(facts.hostname.isEmpty() ? u"-"_s : facts.hostname);
        const QString ips = facts.hostIps.join(u' ');
        item(row, Hostname)->setToolTip(tr("hostname -I: %1").arg(ips));
        const cw::Nic *nic = facts.nicWithAddress(server.effectiveHostIp());
        item(row, Nic)->setText(nic ? nic->name : (server.nic.isEmpty() ? u"-"_s : server.nic));
        item(row, Devices)->setText(discoveryDevicesText(facts));
        item(row, Python)->setText(discoveryPythonText(facts));
        item(row, Mpirun)->setText(discoveryMpirunText(facts));
        for (int column : {Devices, Python, Mpirun})
            item(row, column)->setToolTip(item(row, column)->text());
    }
    m_filling = false;
    if (result.ok()) {
        showStatus(row, tr("OK"), false);
        item(row, Status)
            ->setToolTip(tr("Connected and probed in %1 ms.").arg(result.connection.elapsedMs));
    } else
        showStatus(row, result.connection.error.message, true);
    fitColumns();
}

void ServerTable::showStatus(int row, const QString &text, bool error)
{
    m_filling = true;
    QTableWidgetItem *cell = item(row, Status);
    cell->setText(text);
    cell->setToolTip(text);
    cell->setForeground(error ? QColor(Qt::red) : palette().color(QPalette::Text));
    m_filling = false;
}

void ServerTable::fitColumns()
{
    // Long paths and versions are elided (full text in the cell's tooltip) so Status stays in view.
    resizeColumnsToContents();
    for (int column = 0; column < Status; ++column)
        setColumnWidth(column, std::min(columnWidth(column), 130));
}

void ServerTable::setHostSuggestions(const QStringList &hosts)
{
    m_hostSuggestions = hosts;
}

std::vector<int> ServerTable::selectedServers() const
{
    std::set<int> rows;
    for (const QModelIndex &index : selectionModel()->selectedIndexes())
        rows.insert(index.row());
    if (rows.empty() && currentRow() >= 0)
        rows.insert(currentRow());
    return {rows.begin(), rows.end()};
}

} // namespace cw
