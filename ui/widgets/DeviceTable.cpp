#include "DeviceTable.h"

#include <QHeaderView>

using namespace Qt::StringLiterals;

namespace cw {

DeviceTable::DeviceTable(QWidget *parent) : QTableWidget(parent)
{
    setObjectName(u"deviceTable"_s);
    verticalHeader()->setVisible(false);
    horizontalHeader()->setStretchLastSection(false);
    connect(this, &QTableWidget::itemChanged, this, [this] {
        if (!m_filling)
            Q_EMIT edited();
    });
}

void DeviceTable::showProject(const Project &project, const Problems &problems)
{
    m_filling = true;
    m_withIps = isAscend(project.accelerator);
    int slots = 0;
    for (const Server &server : project.servers)
        slots = std::max(slots,
                         int(std::max<qsizetype>(server.devices.size(), server.deviceIps.size())));
    if (!m_withIps)
        slots = 0;
    setColumnCount(2 + slots);
    QStringList headers{tr("Server"), tr("Devices")};
    for (int k = 0; k < slots; ++k)
        headers << tr("IP #%1").arg(k);
    setHorizontalHeaderLabels(headers);
    for (int k = 0; k < slots; ++k)
        horizontalHeaderItem(ipColumn(k))
            ->setToolTip(
                tr("device_ips[%1]: the IP of the device in position %1 of Devices").arg(k));
    setRowCount(int(project.servers.size()));
    for (int row = 0; row < rowCount(); ++row) {
        const Server &server = project.servers[size_t(row)];
        auto *name = new QTableWidgetItem(server.name);
        name->setFlags(name->flags() & ~Qt::ItemIsEditable);
        setItem(row, 0, name);
        QStringList ids;
        for (int id : server.devices)
            ids << QString::number(id);
        setItem(row, 1, new QTableWidgetItem(ids.join(u',')));
        for (int k = 0; k < slots; ++k)
            setItem(row, ipColumn(k), new QTableWidgetItem(server.deviceIps.value(k)));
    }
    for (const Problem &problem : problems) {
        const int row = problem.location.server;
        if (row < 0)
            continue;
        const int column = cellColumn(problem.location);
        if (QTableWidgetItem *cell = item(row, column)) {
            cell->setBackground(QColor(255, 205, 205));
            cell->setToolTip(cell->toolTip().isEmpty() ? problem.message
                                                       : cell->toolTip() + u'\n' + problem.message);
        }
    }
    m_filling = false;
    resizeColumnsToContents();
}

int DeviceTable::cellColumn(const ProblemLocation &location)
{
    // An IP's problem on its own cell; a device id's on Devices, where the ids are typed.
    if (location.field == u"device_ips" && location.device >= 0)
        return ipColumn(location.device);
    if (location.field == u"devices" || location.field == u"device_ips")
        return 1;
    return 0;
}

std::vector<Server> DeviceTable::servers(std::vector<Server> base) const
{
    for (int row = 0; row < rowCount() && size_t(row) < base.size(); ++row) {
        Server &server = base[size_t(row)];
        server.devices.clear();
        // Ids as typed; an entry that is not a number becomes -1 so the validator reports it.
        for (const QString &part : item(row, 1)->text().split(u',', Qt::SkipEmptyParts)) {
            bool ok = false;
            const int id = part.trimmed().toInt(&ok);
            server.devices.push_back(ok ? id : -1);
        }
        if (!m_withIps)
            continue;
        QStringList ips;
        for (int column = 2; column < columnCount(); ++column) {
            const QTableWidgetItem *cell = item(row, column);
            ips << (cell ? cell->text().trimmed() : QString());
        }
        while (!ips.isEmpty() && ips.constLast().isEmpty())
            ips.removeLast();
        server.deviceIps = ips;
    }
    return base;
}

} // namespace cw
