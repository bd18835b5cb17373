// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/Problem.h"
#include "model/Project.h"

#include <QGraphicsView>

class QGraphicsRectItem;

namespace cw {

// The device network as a picture: one box per server with its devices, a coloured lane per
// segment joining the devices in it (per row of servers; on the Atlas A3 die 0 and die 1 of every
// NPU), the Atlas A3's super pods as dashed frames around their servers, and every problem drawn in
// red on the device or server its JSON path names, the message as tooltip. Wheel and +/- zoom,
// fit(). At 128 x 8 it stays fast: a server's devices and labels are children of its box (one
// group), labels are not drawn below half size (level of detail), and the scene's index finds the
// items of the exposed area. findServer() and focusOn() centre and highlight one server or device.
class TopologyView : public QGraphicsView {
    Q_OBJECT

public:
    explicit TopologyView(QWidget *parent = nullptr);

    void showProject(const Project &project, const Problems &problems);
    // Fits the whole picture into the view, and keeps it fitted (on first show, on every resize
    // and rebuild) until the user zooms, pans or centres on something.
    void fit();
    bool keepsFitted() const { return m_autoFit; }
    void zoomBy(double factor);
    // What the colours mean, for a legend beside the picture: one entry per colour drawn.
    struct LegendEntry {
        QColor colour;
        QString text;
        bool frame = false; // drawn as a frame (problem, found), not a fill
    };
    const QList<LegendEntry> &legend() const { return m_legend; }
    // The first server whose name holds `text` (case-insensitive): centred and highlighted;
    // -1 when none.
    int findServer(const QString &text);
    // Centres, selects and highlights devices[slot] of `server` (slot -1: the server's box).
    bool focusOn(int server, int slot);
    const QGraphicsRectItem *highlighted() const;
    bool showsDetail() const; // labels are drawn at the current zoom

    // The item drawn for devices[slot] of a server (tests and exports query it), or null.
    QGraphicsRectItem *deviceItem(int server, int slot) const;
    QGraphicsRectItem *serverItem(int server) const;
    bool isMarked(const QGraphicsRectItem *item) const;
    // The filled marker a device with a problem carries (stronger ones last: a device with two
    // problems shows the stronger); markerOf() is -1 for an unmarked device.
    enum class Marker { Problem, WrongSegment, Duplicate };
    int markerOf(const QGraphicsRectItem *device) const;
    int markedDevices(Marker marker) const;

    QString exportPng(const QString &path) const; // error, empty on success
    QString exportSvg(const QString &path) const;

protected:
    void wheelEvent(QWheelEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void showEvent(QShowEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    // What the whole picture's shape depends on; an edit that keeps it redraws single servers.
    struct Layout {
        int count = 0;
        double boxWidth = 0;
        double deviceWidth = 0;
        int octets = 1; // of each device IP drawn: 2 for a /23, whose ".0" is a host
        QStringList segmentNames;
        int segments = 1;
        bool lanes = false;          // ascend910: a lane per segment
        bool serverSegments = false; // ascend910b: a colour per server's segment
        double boxHeight = 0;
        double rowHeight = 0;
        int perRow = 1;
        std::vector<std::vector<int>> deviceIds;
        bool dies = false; // Atlas A3: the lanes are die 0 and die 1 of every NPU
        // Atlas A3 SuperPoD networking: each pod's id and servers (indices), framed as a group.
        std::vector<std::pair<QString, std::vector<int>>> pods;
        // Where the boxes of a row begin: below the pods' ids when there are pods.
        double boxTop(int row) const { return row * rowHeight + (pods.empty() ? 0 : podLabel); }
        double podLabel = 0; // the height of a pod's id above its frame
        bool operator==(const Layout &) const = default;
    };
    Layout layoutFor(const Project &project) const;
    // Everything servers[s]'s box shows: its name, host, device IPs and problems.
    static QString serverSignature(const Project &project, int s, const Problems &problems);
    QGraphicsRectItem *addServer(const Project &project, int s, const Layout &layout,
                                 const Problems &problems);
    void replaceServer(const Project &project, int s, const Problems &problems);
    void rebuild(const Project &project, const Problems &problems);
    void addPods();      // a frame around each super pod's servers, row by row, with its id
    void updateLegend(); // from the layout and the markers drawn
    void fitView();      // fit() without changing whether the view keeps fitted

    std::vector<std::vector<QGraphicsRectItem *>> m_devices;
    QGraphicsRectItem *m_highlight = nullptr;
    QGraphicsRectItem *m_focused = nullptr;
    QStringList m_names;
    QList<LegendEntry> m_legend;
    bool m_autoFit = true;

    std::vector<QGraphicsRectItem *> m_servers;
    Layout m_layout;
    QStringList m_signatures; // serverSignature() of each server as drawn
};

} // namespace cw
