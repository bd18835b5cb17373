// SPDX-License-Identifier: GPL-3.0-or-later
#include "DeviceTable.h"

#include "DeviceTableModel.h"
#include "model/DeviceIdList.h"

#include <QHeaderView>
#include <QTimer>

#include <utility>

using namespace Qt::StringLiterals;

namespace cw {

DeviceTable::DeviceTable(QWidget *parent) : QTableView(parent), m_model(new DeviceTableModel(this))
{
    setObjectName(u"deviceTable"_s);
    setModel(m_model);
    verticalHeader()->setVisible(false);
    horizontalHeader()->setStretchLastSection(false);
    connect(m_model, &DeviceTableModel::edited, this, [this] {
        Q_EMIT edited();
        // Ids that do not read change no project, so no refresh would tint them: show them.
        if (std::exchange(m_rejectedChanged, false)) {
            QTimer::singleShot(0, this, [this] {
                if (!isEditing())
                    showProject(m_shownProject, m_shownProblems);
            });
        }
    });
}

void DeviceTable::showProject(const Project &project, const Problems &problems)
{
    m_withIps = isAscend(project.accelerator);
    int slots = 0;
    for (const Server &server : project.servers)
        slots = std::max(slots,
                         int(std::max<qsizetype>(server.devices.size(), server.deviceIps.size())));
    if (!m_withIps)
        slots = 0;
    QStringList headers{tr("Server"), tr("Devices")};
    QStringList headerTips{QString(), tr("Device ids, e.g. 0-7, 0 1 2 3, 0,1,2,3 or 0-3,6,7")};
    for (int k = 0; k < slots; ++k) {
        headers << tr("IP #%1").arg(k);
        headerTips << tr("device_ips[%1]: the IP of the device in position %1 of Devices").arg(k);
    }
    if (project.servers.size() != m_shownProject.servers.size())
        m_rejected.clear(); // rows came or went: the typed texts belong to no row any more
    m_shownProject = project;
    m_shownProblems = problems;
    std::vector<DeviceTableModel::Row> rows(project.servers.size());
    for (size_t row = 0; row < rows.size(); ++row) {
        const Server &server = project.servers[row];
        rows[row].name = server.name;
        rows[row].ids = deviceIdText(server.devices);
        for (int k = 0; k < slots; ++k)
            rows[row].ips << server.deviceIps.value(k);
        rows[row].problems.resize(2 + slots);
        if (const auto it = m_rejected.find(int(row)); it != m_rejected.end()) {
            if (it->second.devices != server.devices) {
                m_rejected.erase(it);
                continue;
            }
            rows[row].ids = it->second.typed;
            rows[row].problems[1] = it->second.message;
        }
    }
    for (const Problem &problem : problems) {
        const int row = problem.location.server;
        const int column = cellColumn(problem.location);
        if (row < 0 || size_t(row) >= rows.size() || column >= 2 + slots)
            continue;
        QString &tip = rows[size_t(row)].problems[column];
        if (column == 1 && m_rejected.count(row))
            continue; // the ids shown are the typed ones: the project's problems are not theirs
        tip =
            tip.isEmpty() ? problem.translatedMessage() : tip + u'\n' + problem.translatedMessage();
    }
    // An edit that keeps the table's shape changes a few rows: only they are redrawn, and the
    // columns only widen for them (measuring all 1,280 cells of 128 x 8 costs frames).
    if (const auto changed = m_model->update(rows, slots, headers)) {
        for (int row : *changed) {
            for (int column = 0; column < m_model->columnCount(); ++column) {
                const int wanted = sizeHintForIndex(m_model->index(row, column)).width();
                if (wanted > columnWidth(column))
                    setColumnWidth(column, wanted);
            }
        }
        return;
    }
    // A reset forgets the current cell: keep it, so typing on after an edit goes on there.
    const QModelIndex current = currentIndex();
    m_model->reset(std::move(rows), slots, headers, headerTips);
    if (current.isValid())
        setCurrentIndex(m_model->index(current.row(), current.column()));
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

int DeviceTable::rowCount() const
{
    return m_model->rowCount();
}

int DeviceTable::columnCount() const
{
    return m_model->columnCount();
}

QString DeviceTable::text(int row, int column) const
{
    return m_model->text(row, column);
}

bool DeviceTable::isTinted(int row, int column) const
{
    return m_model->isTinted(row, column);
}

QString DeviceTable::cellToolTip(int row, int column) const
{
    return m_model->toolTip(row, column);
}

QString DeviceTable::rejectedMessage(const QString &server, const QString &typed,
                                     const QString &token) const
{
    return tr("%1: Devices \"%2\": \"%3\" is not a device id or range; type them like 0-7, "
              "0 1 2 3, 0,1,2,3 or 0-3,6,7.")
        .arg(escapeControls(server), escapeControls(typed), escapeControls(token));
}

QString DeviceTable::rejectedIds() const
{
    return m_rejected.empty() ? QString() : m_rejected.begin()->second.message;
}

std::vector<DeviceTable::Rejection> DeviceTable::rejections() const
{
    std::vector<Rejection> list;
    for (const auto &[row, rejected] : m_rejected)
        list.push_back({row, rejected.message});
    return list;
}

std::vector<Server> DeviceTable::servers(std::vector<Server> base) const
{
    for (int row = 0; row < rowCount() && size_t(row) < base.size(); ++row) {
        Server &server = base[size_t(row)];
        // Ids as typed ("0-7", "0 1 2 3"); a text that does not read keeps the devices it was
        // meant to replace and is shown, tinted, until it reads or the devices change.
        const QString typed = text(row, 1);
        const DeviceIdList ids = DeviceIdList::parse(typed);
        if (ids.ok()) {
            m_rejectedChanged |= m_rejected.erase(row) > 0;
            server.devices = ids.ids;
        } else {
            Rejected rejected{typed, rejectedMessage(server.name, typed, ids.badToken),
                              server.devices};
            const auto it = m_rejected.find(row);
            if (it == m_rejected.end() || it->second.typed != typed) {
                m_rejected[row] = rejected;
                m_rejectedChanged = true;
            }
        }
        if (!m_withIps)
            continue;
        QStringList ips;
        for (int column = 2; column < columnCount(); ++column)
            ips << text(row, column).trimmed();
        while (!ips.isEmpty() && ips.constLast().isEmpty())
            ips.removeLast();
        server.deviceIps = ips;
    }
    return base;
}

} // namespace cw
