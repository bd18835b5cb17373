// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "doctor/DoctorReport.h"

#include <QAbstractTableModel>
#include <QStringList>

#include <map>
#include <vector>

namespace cw {

// The doctor's report as server x server matrices, one shown at a time: links per device index
// (row pings column; on 910A also the segment partners; on the A3 per die, HCCS or not), ports per
// port (row connects to column), bandwidth (GB/s, the same both ways). A failed cell is red, a slow
// one amber, a good one green, one not tested because its server was not reached grey and hatched
// (not a failure); a cell's evidence is what the test printed.
class DoctorMatrixModel : public QAbstractTableModel {
    Q_OBJECT

public:
    // In the order a cell holding several tests shows them: the worst last.
    enum CellState { NotTested, NotReached, Ok, Slow, Failed };
    static constexpr int EvidenceRole = Qt::UserRole + 1;
    static constexpr int StateRole = Qt::UserRole + 2;

    using QAbstractTableModel::QAbstractTableModel;

    // `servers`: the project's server names, the rows and columns in that order. Called again
    // with each report so far while the doctor runs: the matrix shown stays the one shown.
    // `dies`: the devices are Atlas A3 dies; a link over HCCS (hccs_ping, inside a super pod)
    // says so in its cell, a -ping across pods does not.
    void setReport(const DoctorReport &report, const QStringList &servers, bool dies = false);
    QStringList matrixNames() const;
    void setMatrix(int index);
    int matrix() const { return m_current; }

    CellState state(int row, int column) const;
    QString evidence(int row, int column) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    struct Cell {
        CellState state = NotTested;
        QString text;
        QStringList evidence;
    };
    struct Matrix {
        QString name;
        std::map<std::pair<int, int>, Cell> cells;
    };
    void add(Matrix &matrix, int row, int column, CellState state, const QString &text,
             const QString &evidence);
    // The cell of a test that never ran because `server` was not reached.
    void addNotReached(Matrix &matrix, int row, int column, const QString &server,
                       const DoctorReport &report);

    QStringList m_servers;
    std::vector<Matrix> m_matrices;
    int m_current = 0;
};

} // namespace cw
