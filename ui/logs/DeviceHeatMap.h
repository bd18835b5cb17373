// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "launch/RunStatus.h"
#include "model/Project.h"

#include <QWidget>

#include <optional>
#include <vector>

class QComboBox;
class QLabel;

namespace cw {

// The run panel's devices: one row per server, one cell per device of the job (the server's
// `devices` in order; for cpu one cell per rank process), coloured by the newest sample's
// utilisation or memory use (launch/DeviceSample.h, taken by the status rounds every few
// seconds), the value written in the cell. A device the newest sample lacks is hatched grey; a
// server not sampled yet is blank. Hover shows every reading of the device. Painted by hand,
// only the exposed rows, so 128 x 8 cells repaint in well under a frame.
class DeviceHeatMap : public QWidget {
    Q_OBJECT

public:
    enum class Measure { Utilisation, Memory };

    explicit DeviceHeatMap(QWidget *parent = nullptr);

    void setProject(const Project &project); // the rows and cells; the samples go
    void applyPoll(const RunSnapshot &snapshot);
    void setMeasure(Measure measure);
    Measure measure() const { return m_measure; }

    int rowCount() const { return int(m_servers.size()); }
    int columnCount() const;
    // The cell's value in percent, when the newest sample has the device and the measure.
    std::optional<double> value(int row, int column) const;
    QString cellText(int row, int column) const;  // "87%", "" when no value
    bool hasCell(int row, int column) const;      // the server has a device in that column
    QString placeText(int row, int column) const; // "server1 device 3", "" off the cells
    QString toolTipText(int row, int column) const;
    QColor cellColour(int row, int column) const;
    QRect cellRect(int row, int column) const;
    QPoint cellAt(const QPoint &pos) const; // (column, row); (-1, -1) off the cells

    QSize sizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;
    bool event(QEvent *event) override;

private:
    struct Row {
        QString name;
        std::vector<int> devices;                   // the ids the samples name; empty for cpu
        std::optional<DeviceSampleSet> newest = {}; // this server's newest sample
    };
    const DeviceSample *sample(int row, int column) const;
    int labelWidth() const;

    std::vector<Row> m_servers;
    Accelerator m_accelerator = Accelerator::Cpu;
    Measure m_measure = Measure::Utilisation;
};

// The heat map with its measure chooser and what the newest sample says, in a scroll area.
class DeviceHeatPanel : public QWidget {
    Q_OBJECT

public:
    explicit DeviceHeatPanel(QWidget *parent = nullptr);

    void setProject(const Project &project);
    void applyPoll(const RunSnapshot &snapshot);
    DeviceHeatMap *map() const { return m_map; }
    QComboBox *measureBox() const { return m_measure; }
    QString summaryText() const;

private:
    void showSummary();

    DeviceHeatMap *m_map;
    QComboBox *m_measure;
    QLabel *m_summary;
};

} // namespace cw
