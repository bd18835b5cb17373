// SPDX-License-Identifier: GPL-3.0-or-later
#include "DoctorMatrixModel.h"

#include <QBrush>
#include <QColor>

#include <set>

using namespace Qt::StringLiterals;

namespace cw {

namespace {

DoctorMatrixModel::CellState stateOf(bool ok, bool slow)
{
    return !ok ? DoctorMatrixModel::Failed : slow ? DoctorMatrixModel::Slow : DoctorMatrixModel::Ok;
}

} // namespace

void DoctorMatrixModel::add(Matrix &matrix, int row, int column, CellState state,
                            const QString &text, const QString &evidence)
{
    if (row < 0 || column < 0)
        return;
    Cell &cell = matrix.cells[{row, column}];
    // A cell holding several tests (the segment partners) shows the worst of them.
    if (state >= cell.state) {
        cell.state = state;
        cell.text = text;
    }
    cell.evidence << evidence;
}

void DoctorMatrixModel::addNotReached(Matrix &matrix, int row, int column, const QString &server,
                                      const DoctorReport &report)
{
    QString reason;
    for (const ServerNotReached &unreached : report.notReached) {
        if (unreached.server == server)
            reason = unreached.reason;
    }
    add(matrix, row, column, NotReached, tr("not tested: %1 unreachable").arg(server),
        reason.isEmpty() ? tr("not tested: %1 unreachable").arg(server)
                         : tr("not tested: %1 unreachable (%2)").arg(server, reason));
}

void DoctorMatrixModel::setReport(const DoctorReport &report, const QStringList &servers, bool dies)
{
    beginResetModel();
    const QString shown = m_matrices.empty() ? QString() : m_matrices[size_t(m_current)].name;
    m_servers = servers;
    m_matrices.clear();
    m_current = 0;
    const auto at = [&](const QString &name) { return int(m_servers.indexOf(name)); };
    // Links: one matrix per device index, and one for the 910A segment partners.
    std::set<int> devices;
    bool partners = false;
    for (const DeviceLink &link : report.links) {
        if (link.device == link.peerDevice)
            devices.insert(link.device);
        else
            partners = true;
    }
    for (int device : devices) {
        Matrix matrix{dies ? tr("Links: die %1 (row pings column; HCCS: hccs_ping inside a "
                                "super pod)")
                                 .arg(device)
                           : tr("Links: device %1 (row pings column)").arg(device),
                      {}};
        for (const DeviceLink &link : report.links) {
            if (link.device != device || link.peerDevice != device)
                continue;
            if (!link.tested())
                addNotReached(matrix, at(link.server), at(link.peerServer), link.notReached,
                              report);
            else if (link.hccs)
                add(matrix, at(link.server), at(link.peerServer), stateOf(link.ok, false),
                    link.ok ? tr("HCCS ok") : tr("HCCS fail"), link.evidence);
            else
                add(matrix, at(link.server), at(link.peerServer), stateOf(link.ok, false),
                    link.ok ? tr("ok") : tr("fail"), link.evidence);
        }
        m_matrices.push_back(matrix);
    }
    if (partners) {
        Matrix matrix{tr("Links: segment partners, device i and i+4 (row pings column)"), {}};
        for (const DeviceLink &link : report.links) {
            if (link.device == link.peerDevice)
                continue;
            if (!link.tested())
                addNotReached(matrix, at(link.server), at(link.peerServer), link.notReached,
                              report);
            else
                add(matrix, at(link.server), at(link.peerServer), stateOf(link.ok, false),
                    link.ok ? tr("ok") : tr("fail"),
                    tr("device %1 -> device %2: %3")
                        .arg(link.device)
                        .arg(link.peerDevice)
                        .arg(link.evidence));
        }
        m_matrices.push_back(matrix);
    }
    // Ports: one matrix per reason (master_port, HCCL host ports, ...).
    QStringList whys;
    for (const HostPort &port : report.ports) {
        if (!whys.contains(port.why))
            whys << port.why;
    }
    for (const QString &why : whys) {
        Matrix matrix{tr("Ports: %1 (row connects to column)").arg(why), {}};
        for (const HostPort &port : report.ports) {
            if (port.why != why)
                continue;
            if (!port.tested())
                addNotReached(matrix, at(port.server), at(port.peerServer), port.notReached,
                              report);
            else
                add(matrix, at(port.server), at(port.peerServer), stateOf(port.ok, false),
                    port.ok ? tr("ok") : port.error, port.evidence);
        }
        m_matrices.push_back(matrix);
    }
    if (!report.bandwidth.empty()) {
        Matrix matrix{tr("Bandwidth: GB/s per pair (amber: under 70% of the median)"), {}};
        for (const PairBandwidth &pair : report.bandwidth) {
            if (!pair.tested()) {
                addNotReached(matrix, at(pair.server), at(pair.peerServer), pair.notReached,
                              report);
                addNotReached(matrix, at(pair.peerServer), at(pair.server), pair.notReached,
                              report);
                continue;
            }
            const QString text = pair.gbps ? QString::number(*pair.gbps, 'f', 3) : tr("fail");
            const QString evidence =
                pair.gbps ? tr("%1 - %2: %3 GB/s%4")
                                .arg(pair.server, pair.peerServer, text,
                                     pair.slow ? tr(", slow") : QString())
                          : tr("%1 - %2: %3").arg(pair.server, pair.peerServer, pair.error);
            const CellState state = stateOf(bool(pair.gbps), pair.slow);
            add(matrix, at(pair.server), at(pair.peerServer), state, text, evidence);
            add(matrix, at(pair.peerServer), at(pair.server), state, text, evidence);
        }
        m_matrices.push_back(matrix);
    }
    for (size_t k = 0; k < m_matrices.size(); ++k) {
        if (m_matrices[k].name == shown)
            m_current = int(k);
    }
    endResetModel();
}

QStringList DoctorMatrixModel::matrixNames() const
{
    QStringList names;
    for (const Matrix &matrix : m_matrices)
        names << matrix.name;
    return names;
}

void DoctorMatrixModel::setMatrix(int index)
{
    if (index < 0 || index >= int(m_matrices.size()) || index == m_current)
        return;
    m_current = index;
    Q_EMIT dataChanged(this->index(0, 0), this->index(rowCount() - 1, columnCount() - 1));
}

DoctorMatrixModel::CellState DoctorMatrixModel::state(int row, int column) const
{
    if (m_matrices.empty())
        return NotTested;
    const auto &cells = m_matrices[size_t(m_current)].cells;
    const auto it = cells.find({row, column});
    return it == cells.end() ? NotTested : it->second.state;
}

QString DoctorMatrixModel::evidence(int row, int column) const
{
    if (m_matrices.empty())
        return {};
    const auto &cells = m_matrices[size_t(m_current)].cells;
    const auto it = cells.find({row, column});
    return it == cells.end() ? QString() : it->second.evidence.join(u"\n\n"_s);
}

int DoctorMatrixModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() || m_matrices.empty() ? 0 : int(m_servers.size());
}

int DoctorMatrixModel::columnCount(const QModelIndex &parent) const
{
    return rowCount(parent);
}

QVariant DoctorMatrixModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || m_matrices.empty())
        return {};
    const auto &cells = m_matrices[size_t(m_current)].cells;
    const auto it = cells.find({index.row(), index.column()});
    if (it == cells.end())
        return role == Qt::DisplayRole && index.row() == index.column() ? u"-"_s : QVariant();
    const Cell &cell = it->second;
    switch (role) {
    case Qt::DisplayRole:
        return cell.text;
    case Qt::ToolTipRole:
        return cell.evidence.value(0).section(u'\n', 0, 0);
    case Qt::BackgroundRole:
        switch (cell.state) {
        case NotReached:
            return QBrush(QColor(0xbd, 0xbd, 0xbd), Qt::BDiagPattern); // grey, hatched
        case Failed:
            return QBrush(QColor(0xe5, 0x73, 0x73)); // red
        case Slow:
            return QBrush(QColor(0xff, 0xb7, 0x4d)); // amber
        case Ok:
            return QBrush(QColor(0xc8, 0xe6, 0xc9)); // green
        case NotTested:
            break;
        }
        return {};
    case Qt::ForegroundRole:
        return QBrush(Qt::black); // readable on the cell colours in any theme
    case Qt::TextAlignmentRole:
        return int(Qt::AlignCenter);
    case EvidenceRole:
        return cell.evidence.join(u"\n\n"_s);
    case StateRole:
        return int(cell.state);
    default:
        return {};
    }
}

QVariant DoctorMatrixModel::headerData(int section, Qt::Orientation, int role) const
{
    if (role != Qt::DisplayRole || section < 0 || section >= m_servers.size())
        return {};
    return m_servers[section];
}

} // namespace cw
