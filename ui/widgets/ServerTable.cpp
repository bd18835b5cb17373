// SPDX-License-Identifier: GPL-3.0-or-later
#include "ServerTable.h"

#include "ServerProblemText.h"
#include "ServerTableModel.h"
#include "discover/DiscoveryReport.h"

#include <QCompleter>
#include <QHeaderView>
#include <QLineEdit>
#include <QSortFilterProxyModel>
#include <QStyledItemDelegate>
#include <QTimer>

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

// The rows whose name, address, host IP, status or any cell's problem holds the filter text.
class ServerFilterModel : public QSortFilterProxyModel {
public:
    using QSortFilterProxyModel::QSortFilterProxyModel;

    void setText(const QString &text)
    {
        m_text = text.trimmed();
        invalidateRowsFilter();
    }
    QString text() const { return m_text; }

protected:
    bool filterAcceptsRow(int row, const QModelIndex &) const override
    {
        if (m_text.isEmpty())
            return true;
        const auto *cells = static_cast<const ServerTableModel *>(sourceModel());
        const auto has = [&](const QString &value) {
            return value.contains(m_text, Qt::CaseInsensitive);
        };
        for (int column :
             {ServerTable::Name, ServerTable::Host, ServerTable::HostIp, ServerTable::Status}) {
            if (has(cells->text(row, column)))
                return true;
        }
        for (int column = 0; column < ServerTable::ColumnCount; ++column) {
            if (has(cells->invalidMessage(row, column)))
                return true;
        }
        return false;
    }

private:
    QString m_text;
};

ServerTable::ServerTable(QWidget *parent)
    : QTableView(parent), m_model(new ServerTableModel(ColumnCount, Hostname, this)),
      m_filter(new ServerFilterModel(this))
{
    setObjectName(u"serverTable"_s);
    QStringList headers;
    for (int column = 0; column < ColumnCount; ++column)
        headers << columnTitle(column);
    m_model->setHeaders(headers);
    m_filter->setSourceModel(m_model);
    setModel(m_filter);
    // A row's edit can take it in or out of the filter: the count beside the filter follows.
    connect(m_filter, &QAbstractItemModel::rowsInserted, this, &ServerTable::filterChanged);
    connect(m_filter, &QAbstractItemModel::rowsRemoved, this, &ServerTable::filterChanged);
    connect(m_filter, &QAbstractItemModel::modelReset, this, &ServerTable::filterChanged);
    horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    horizontalHeader()->setStretchLastSection(true);
    // Status next to the values the user types, before what discovery fills in: with long
    // values in full it stays in view.
    horizontalHeader()->moveSection(Status, Hostname);
    verticalHeader()->setVisible(false);
    setSelectionBehavior(QAbstractItemView::SelectRows);
    setAlternatingRowColors(true);
    setWordWrap(false);
    setTextElideMode(Qt::ElideMiddle);
    setItemDelegateForColumn(Host, new HostDelegate(&m_hostSuggestions, this));
    connect(m_model, &ServerTableModel::edited, this, &ServerTable::edited);
    // A typed value ("70000" in Port) widens its column at once, not at the next reload.
    connect(m_model, &ServerTableModel::edited, this, &ServerTable::fitColumnsSoon);
}

QString ServerTable::columnTitle(int column)
{
    switch (Column(column)) {
    case Name:
        return tr("Name");
    case Host:
        return tr("Address or alias");
    case Port:
        return tr("Port");
    case User:
        return tr("User");
    case Identity:
        return tr("Identity file");
    case HostIp:
        return tr("Host IP");
    case Hostname:
        return tr("Hostname");
    case Nic:
        return tr("NIC");
    case Devices:
        return tr("Devices");
    case Python:
        return tr("Python / torch");
    case Mpirun:
        return tr("mpirun");
    case Status:
        return tr("Status");
    case ColumnCount:
        break;
    }
    return {};
}

int ServerTable::columnForField(const QString &field)
{
    static const std::pair<QString, Column> fields[] = {
        {u"name"_s, Name},
        {u"host"_s, Host},
        {u"port"_s, Port},
        {u"user"_s, User},
        {u"identity_file"_s, Identity},
        {u"host_ip"_s, HostIp},
        {u"nic"_s, Nic},
    };
    for (const auto &[name, column] : fields) {
        if (field == name)
            return column;
    }
    return -1;
}

void ServerTable::setInvalidCells(const std::vector<std::tuple<int, int, QString>> &cells)
{
    m_model->clearInvalid();
    for (const auto &[row, column, message] : cells)
        m_model->setInvalid(row, column, message);
}

bool ServerTable::isInvalid(int row, int column) const
{
    return !m_model->invalidMessage(row, column).isEmpty();
}

void ServerTable::forgetDiscovery()
{
    m_model->resizeRows(0, {});
}

int ServerTable::rowCount() const
{
    return m_model->rowCount();
}

QString ServerTable::text(int row, int column) const
{
    return m_model->text(row, column);
}

bool ServerTable::isError(int row, int column) const
{
    return m_model->isError(row, column);
}

QModelIndex ServerTable::viewIndex(int row, int column)
{
    const QModelIndex cell = m_model->index(row, column);
    if (cell.isValid() && !m_filter->mapFromSource(cell).isValid())
        setFilterText(QString());
    return m_filter->mapFromSource(cell);
}

void ServerTable::setCurrentCell(int row, int column)
{
    const QModelIndex cell = viewIndex(row, column);
    setCurrentIndex(cell);
    if (cell.isValid())
        scrollTo(cell);
}

void ServerTable::editCell(int row, int column)
{
    edit(viewIndex(row, column));
}

int ServerTable::currentServer() const
{
    const QModelIndex cell = m_filter->mapToSource(currentIndex());
    return cell.isValid() ? cell.row() : -1;
}

void ServerTable::setFilterText(const QString &text)
{
    if (text.trimmed() == m_filter->text())
        return;
    m_filter->setText(text);
    Q_EMIT filterChanged();
}

QString ServerTable::filterText() const
{
    return m_filter->text();
}

int ServerTable::shownRowCount() const
{
    return m_filter->rowCount();
}

bool ServerTable::isShown(int row) const
{
    return m_filter->mapFromSource(m_model->index(row, 0)).isValid();
}

void ServerTable::forgetFacts(int row)
{
    for (int column = Hostname; column < Status; ++column)
        m_model->setText(row, column, u"-"_s, u"-"_s);
    showStatus(row, tr("not tested"), false);
}

void ServerTable::setServers(const std::vector<Server> &servers)
{
    // Rows that stay keep their discovery facts and status; new rows start untested.
    QStringList fresh;
    for (int column = 0; column < ColumnCount; ++column)
        fresh << (column == Status ? tr("not tested") : column >= Hostname ? u"-"_s : QString());
    m_model->resizeRows(int(servers.size()), fresh);
    for (int row = 0; row < rowCount(); ++row) {
        const Server &server = servers[size_t(row)];
        const QStringList values{server.name, server.host,         QString::number(server.port),
                                 server.user, server.identityFile, server.hostIp};
        for (int column = 0; column < values.size(); ++column)
            m_model->setText(row, column, values[column], values[column]);
        if (!server.nic.isEmpty())
            m_model->setText(row, Nic, server.nic);
    }
    fitColumns();
}

std::vector<Server> ServerTable::servers(std::vector<Server> base) const
{
    base.resize(size_t(rowCount()));
    for (int row = 0; row < rowCount(); ++row) {
        Server &server = base[size_t(row)];
        server.name = text(row, Name).trimmed();
        server.host = text(row, Host).trimmed();
        // A port that does not parse is kept as 0: the validator names it.
        server.port = text(row, Port).trimmed().toInt();
        server.user = text(row, User).trimmed();
        server.identityFile = text(row, Identity).trimmed();
        server.hostIp = text(row, HostIp).trimmed();
    }
    return base;
}

void ServerTable::showDiscovery(const ServerDiscovery &result, const Server &server)
{
    const int row = result.connection.serverIndex;
    if (row < 0 || row >= rowCount())
        return;
    if (result.facts) {
        const ServerFacts &facts = *result.facts;
        const QString ips = facts.hostIps.join(u' ');
        m_model->setText(row, Hostname, facts.hostname.isEmpty() ? u"-"_s : facts.hostname,
                         tr("hostname -I: %1").arg(ips));
        const cw::Nic *nic = facts.nicWithAddress(server.effectiveHostIp());
        m_model->setText(row, Nic, nic ? nic->name : (server.nic.isEmpty() ? u"-"_s : server.nic));
        const QString devices = discoveryDevicesText(facts);
        const QString python = discoveryPythonText(facts);
        const QString mpirun = discoveryMpirunText(facts);
        m_model->setText(row, Devices, devices, devices);
        m_model->setText(row, Python, python, python);
        m_model->setText(row, Mpirun, mpirun, mpirun);
    }
    if (result.ok()) {
        showStatus(row, tr("OK"), false);
        m_model->setToolTip(row, Status,
                            tr("Connected and probed in %1 ms.").arg(result.connection.elapsedMs));
    } else
        showStatus(row, ServerProblemText::connectionText(result.connection.error), true);
    fitColumnsSoon(); // 128 servers report one by one: one fit after the burst
}

void ServerTable::fitColumnsSoon()
{
    if (m_fitPending)
        return;
    m_fitPending = true;
    QTimer::singleShot(0, this, [this] {
        m_fitPending = false;
        fitColumns();
    });
}

void ServerTable::showStatus(int row, const QString &text, bool error)
{
    m_model->setText(row, Status, text, text);
    m_model->setError(row, Status, error);
}

void ServerTable::fitColumns()
{
    // Every value the user types in full ("70000", "255.255.255.255", a long host name): those
    // columns take their content's width. Only what discovery and connections report (device
    // lists, versions, errors) stops at a width, elided, the whole text in the cell's tooltip
    // and the problems list, so that Status stays in view.
    resizeColumnsToContents();
    for (int column : {int(Devices), int(Python), int(Mpirun), int(Status)})
        setColumnWidth(column, std::min(columnWidth(column), 200));
}

void ServerTable::setHostSuggestions(const QStringList &hosts)
{
    m_hostSuggestions = hosts;
}

std::vector<int> ServerTable::selectedServers() const
{
    std::set<int> rows;
    for (const QModelIndex &index : selectionModel()->selectedIndexes())
        rows.insert(m_filter->mapToSource(index).row());
    if (rows.empty() && currentIndex().isValid())
        rows.insert(currentServer());
    return {rows.begin(), rows.end()};
}

} // namespace cw
