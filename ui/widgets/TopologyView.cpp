// SPDX-License-Identifier: GPL-3.0-or-later
#include "TopologyView.h"

#include "rules/SegmentMath.h"

#include <QFileInfo>
#include <QFontMetricsF>
#include <QGraphicsRectItem>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QImage>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QStyleOptionGraphicsItem>
#include <QSvgGenerator>
#include <QWheelEvent>

#include <map>

using namespace Qt::StringLiterals;

namespace cw {

namespace {
constexpr double kDevice = 30; // device square
constexpr double kGap = 6;
constexpr double kPad = 10;
constexpr double kTitle = 22;
constexpr double kLane = 7;      // vertical distance between segment lanes
constexpr double kPodLabel = 26; // the height of a super pod's id above its frame
constexpr double kPodMargin = 6; // between a pod's frame and its servers' boxes
constexpr double kColumnGap = 28;
const QColor kBad(220, 30, 30);
const QColor kPod(110, 60, 170); // super pod frames and their ids
constexpr int kMarkedKey = 1;
constexpr int kMarkerKey = 2;         // on a device's marker child: its TopologyView::Marker
constexpr double kDetailScale = 0.45; // below it labels are unreadable: they are not drawn

QColor segmentColour(int segment)
{
    static const QColor colours[] = {
        QColor(31, 119, 180), QColor(44, 160, 44),  QColor(255, 127, 14), QColor(148, 103, 189),
        QColor(140, 86, 75),  QColor(23, 190, 207), QColor(188, 189, 34), QColor(227, 119, 194)};
    return colours[segment % 8];
}

// A device's label, drawn only when it would be readable: at 128 x 8 fitted into the view the
// 2,000 labels would cost most of a frame and show nothing (level of detail from the painter's
// transform, so an export at full size still has them).
class DetailText : public QGraphicsSimpleTextItem {
public:
    DetailText(const QString &text, const QFont &font, QGraphicsItem *parent)
        : QGraphicsSimpleTextItem(text, parent)
    {
        setFont(font);
    }
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override
    {
        if (option->levelOfDetailFromTransform(painter->worldTransform()) >= kDetailScale)
            QGraphicsSimpleTextItem::paint(painter, option, widget);
    }
};

// A server's name across its whole box, drawn only where the device labels are not (the fitted
// picture of a large cluster): there it is what the user reads, at any size. It has no
// background, so the devices' colours show between its letters, and a device with a problem is
// drawn above it (addMarker()).
class OverviewText : public QGraphicsSimpleTextItem {
public:
    OverviewText(const QString &text, const QRectF &box, QGraphicsItem *parent)
        : QGraphicsSimpleTextItem(text, parent)
    {
        QFont font;
        font.setBold(true);
        font.setPixelSize(100);
        setFont(font);
        const QRectF natural = boundingRect();
        const double fit = std::min(box.width() * 0.9 / std::max(1.0, natural.width()),
                                    box.height() * 0.8 / std::max(1.0, natural.height()));
        font.setPixelSize(std::max(8, int(100 * fit)));
        setFont(font);
        const QRectF sized = boundingRect();
        setPos(box.center() - QPointF(sized.width() / 2, sized.height() / 2));
        setBrush(QColor(20, 20, 20));
        setZValue(5);
    }
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override
    {
        if (option->levelOfDetailFromTransform(painter->worldTransform()) >= kDetailScale)
            return;
        QGraphicsSimpleTextItem::paint(painter, option, widget);
    }
};

void mark(QGraphicsRectItem *item, const QString &message)
{
    item->setPen(QPen(kBad, 3));
    item->setData(kMarkedKey, true);
    const QString tip = item->toolTip();
    item->setToolTip(tip.isEmpty() ? message : tip + u'\n' + message);
}

// Whether `problem` is a repeated device IP whose first user is on server `s` (values name it).
bool repeatsOn(const Problem &problem, int s)
{
    return problem.rule == u"ip-unique" && problem.values.otherServer == s &&
           !problem.values.otherValue.isEmpty();
}

// What a device's problem shows as, besides the red frame: a frame alone is a few pixels at Fit.
TopologyView::Marker markerFor(const Problem &problem)
{
    if (problem.rule == u"ip-unique")
        return TopologyView::Marker::Duplicate;
    static const QStringList segmentRules{u"segment"_s, u"segment-pair"_s, u"segment-distinct"_s,
                                          u"segment-across"_s};
    if (segmentRules.contains(problem.rule))
        return TopologyView::Marker::WrongSegment;
    return TopologyView::Marker::Problem;
}

// A filled marker over the device (its segment colour no longer holds): solid red striped for
// a duplicate address, red stripes on white for a wrong segment, pale red for any other problem.
// The fill and the stripes (pattern brushes keep their pixel size) survive any zoom. A stronger
// marker replaces a weaker one.
void addMarker(QGraphicsRectItem *device, TopologyView::Marker marker)
{
    QGraphicsRectItem *existing = nullptr;
    for (QGraphicsItem *child : device->childItems()) {
        if (child->data(kMarkerKey).isValid())
            existing = static_cast<QGraphicsRectItem *>(child);
    }
    if (existing && existing->data(kMarkerKey).toInt() >= int(marker))
        return;
    delete existing;
    device->setZValue(6); // above the server's overview name
    switch (marker) {
    case TopologyView::Marker::Duplicate:
        device->setBrush(kBad);
        break;
    case TopologyView::Marker::WrongSegment:
        device->setBrush(Qt::white);
        break;
    case TopologyView::Marker::Problem:
        device->setBrush(QColor(255, 200, 200));
        break;
    }
    auto *stripes = new QGraphicsRectItem(device->rect(), device);
    stripes->setPen(Qt::NoPen);
    stripes->setBrush(
        marker == TopologyView::Marker::Duplicate      ? QBrush(Qt::white, Qt::BDiagPattern)
        : marker == TopologyView::Marker::WrongSegment ? QBrush(kBad, Qt::BDiagPattern)
                                                       : QBrush(Qt::NoBrush));
    stripes->setData(kMarkerKey, int(marker));
    stripes->setZValue(-1); // the labels (children too) stay on top
}

// The end of a device IP that tells it apart in its segment: the last octet for a /24 or
// smaller, else enough octets that ".0" and ".255" of a /23 read as the hosts they are.
int labelOctets(const Project &project)
{
    QString ignored;
    const std::optional<int> prefix = deviceNetmaskPrefix(project.deviceNetwork.netmask, &ignored);
    if (!prefix || *prefix >= 24)
        return 1;
    return *prefix >= 16 ? 2 : 3;
}
} // namespace

TopologyView::TopologyView(QWidget *parent) : QGraphicsView(new QGraphicsScene, parent)
{
    scene()->setParent(this);
    setObjectName(u"topology"_s);
    setRenderHint(QPainter::Antialiasing);
    setDragMode(QGraphicsView::ScrollHandDrag);
    setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
    setBackgroundBrush(Qt::white);
    setOptimizationFlags(QGraphicsView::DontSavePainterState);
    setViewportUpdateMode(QGraphicsView::SmartViewportUpdate);
}

TopologyView::Layout TopologyView::layoutFor(const Project &project) const
{
    Layout layout;
    layout.count = int(project.servers.size());
    layout.octets = labelOctets(project);
    // Wide enough for the longest label ("255.255" for a /23), so no label covers its square.
    const QFontMetricsF labelMetrics(QFont(font().family(), 8));
    const QString widestLabel = QStringList(layout.octets, u"255"_s).join(u'.');
    layout.deviceWidth = std::max(kDevice, labelMetrics.horizontalAdvance(widestLabel) + 6);
    size_t widest = 1;
    for (const Server &server : project.servers)
        widest = std::max(widest, server.devices.size());
    // Wide enough for the devices and for the title ("server0  10.0.0.22") above them.
    double titleWidth = 0;
    const QFontMetricsF titleMetrics(scene()->font());
    for (const Server &server : project.servers)
        titleWidth = std::max(titleWidth, titleMetrics.horizontalAdvance(server.name + u"  "_s +
                                                                         server.effectiveHostIp()));
    layout.boxWidth =
        2 * kPad + std::max(double(widest) * (layout.deviceWidth + kGap) - kGap, titleWidth);
    layout.segmentNames = project.deviceNetwork.segments;
    layout.segments = std::max<int>(1, int(project.deviceNetwork.segments.size()));
    // ascend910: four lanes (device i in segments[i % 4]); ascend910b: one segment per server
    // (or one shared), shown as the colour of all its devices.
    // ascend910_93: two lanes, die 0 and die 1 of every NPU (device i in segments[i % 2]).
    layout.dies = project.accelerator == Accelerator::Ascend910_93;
    layout.lanes = project.accelerator == Accelerator::Ascend910 || layout.dies;
    layout.serverSegments = project.accelerator == Accelerator::Ascend910b;
    for (const SuperPod &pod : project.superPods) {
        std::vector<int> members;
        for (const QString &name : pod.servers) {
            for (int s = 0; s < layout.count; ++s) {
                if (project.servers[size_t(s)].name == name)
                    members.push_back(s);
            }
        }
        layout.pods.emplace_back(pod.id, std::move(members));
    }
    layout.boxHeight = kTitle + kDevice + 2 * kPad;
    layout.podLabel = kPodLabel;
    // A pod's id sits above its frame: room for it between the rows.
    layout.rowHeight = layout.boxHeight + (layout.lanes ? layout.segments * kLane + 18 : 14) +
                       (layout.pods.empty() ? 0 : kPodLabel);
    // Wider than tall at 128 servers: 8 per row reads well when fitted into the view.
    layout.perRow = layout.count <= 4 ? std::max(layout.count, 1) : (layout.count <= 16 ? 4 : 8);
    // The lanes join devices by id: other ids mean other lines.
    for (const Server &server : project.servers)
        layout.deviceIds.push_back(server.devices);
    return layout;
}

QString TopologyView::serverSignature(const Project &project, int s, const Problems &problems)
{
    const Server &server = project.servers[size_t(s)];
    QString signature = server.name + u'\n' + server.effectiveHostIp() + u'\n' +
                        server.deviceIps.join(u',') + u'\n';
    for (const Problem &problem : problems) {
        if (problem.location.server == s)
            signature += QString::number(problem.location.device) + u' ' +
                         problem.translatedMessage() + u'\n';
        if (repeatsOn(problem, s))
            signature += u"repeated "_s + problem.values.otherValue + u' ' +
                         problem.translatedMessage() + u'\n';
    }
    return signature;
}

QGraphicsRectItem *TopologyView::addServer(const Project &project, int s, const Layout &layout,
                                           const Problems &problems)
{
    const Server &server = project.servers[size_t(s)];
    const double x = (s % layout.perRow) * (layout.boxWidth + kColumnGap);
    const double y = layout.boxTop(s / layout.perRow);
    auto *box = scene()->addRect(x, y, layout.boxWidth, layout.boxHeight, QPen(Qt::darkGray, 1.5),
                                 QColor(245, 245, 245));
    const int serverSegment = layout.segments == 1 ? 0 : s;
    box->setToolTip(layout.serverSegments && !layout.segmentNames.isEmpty()
                        ? tr("%1 (%2), device segment %3")
                              .arg(server.name, server.effectiveHostIp(),
                                   layout.segmentNames.value(serverSegment))
                        : tr("%1 (%2)").arg(server.name, server.effectiveHostIp()));
    box->setFlag(QGraphicsItem::ItemIsSelectable);
    auto *title =
        new DetailText(server.name + u"  "_s + server.effectiveHostIp(), scene()->font(), box);
    title->setPos(x + kPad, y + 4);
    new OverviewText(server.name, box->rect(), box);
    const QFont small(font().family(), 8);
    std::vector<QGraphicsRectItem *> devices;
    for (size_t k = 0; k < server.devices.size(); ++k) {
        const double dx = x + kPad + double(k) * (layout.deviceWidth + kGap);
        const double dy = y + kTitle + kPad;
        const int id = server.devices[k];
        const QString ip = server.deviceIps.value(int(k));
        auto *device =
            scene()->addRect(dx, dy, layout.deviceWidth, kDevice, QPen(Qt::black, 1),
                             layout.lanes ? segmentColour(id % layout.segments).lighter(170)
                             : layout.serverSegments ? segmentColour(serverSegment).lighter(170)
                                                     : QColor(230, 230, 250));
        device->setParentItem(box); // the box's position is (0, 0): scene coordinates hold
        device->setFlag(QGraphicsItem::ItemIsSelectable);
        QString tip = ip.isEmpty() ? tr("device %1").arg(id) : tr("device %1: %2").arg(id).arg(ip);
        if (layout.dies)
            tip = tr("%1 (die %2 of NPU %3)").arg(tip).arg(id % 2).arg(id / 2);
        if (const QString sdid = server.superDeviceIds.value(int(k)); !sdid.isEmpty())
            tip = tr("%1, SDID %2").arg(tip, sdid);
        device->setToolTip(tip);
        auto *label = new DetailText(QString::number(id), small, device);
        label->setPos(dx + (layout.deviceWidth - label->boundingRect().width()) / 2, dy + 2);
        if (!ip.isEmpty()) {
            auto *octet =
                new DetailText(u"."_s + ip.section(u'.', 4 - layout.octets, 3), small, device);
            octet->setPos(dx + (layout.deviceWidth - octet->boundingRect().width()) / 2, dy + 15);
        }
        devices.push_back(device);
    }
    const auto markDevice = [&](int slot, const Problem &problem) {
        if (slot < 0 || slot >= int(devices.size()))
            return false;
        mark(devices[size_t(slot)], problem.translatedMessage());
        addMarker(devices[size_t(slot)], markerFor(problem));
        return true;
    };
    for (const Problem &problem : problems) {
        if (problem.location.server == s && !markDevice(problem.location.device, problem))
            mark(box, problem.translatedMessage());
        // A duplicate address marks both devices: the one it names and the one it repeats.
        if (repeatsOn(problem, s))
            markDevice(problem.values.otherValue.toInt(), problem);
    }
    m_devices[size_t(s)] = std::move(devices);
    m_servers[size_t(s)] = box;
    m_names[s] = server.name;
    m_signatures[s] = serverSignature(project, s, problems);
    return box;
}

void TopologyView::showProject(const Project &project, const Problems &problems)
{
    Layout layout = layoutFor(project);
    // An edit that keeps the picture's shape (an IP, a name of the same width, a problem found
    // or fixed) redraws only the servers it touched: at 128 x 8 a full rebuild lays out 3,000
    // labels, several frames' worth, on every edit.
    if (m_highlight && layout == m_layout) {
        for (int s = 0; s < layout.count; ++s) {
            if (serverSignature(project, s, problems) != m_signatures[s])
                replaceServer(project, s, problems);
        }
    } else {
        m_layout = std::move(layout);
        rebuild(project, problems);
    }
    updateLegend();
}

int TopologyView::markedDevices(Marker marker) const
{
    int count = 0;
    for (const std::vector<QGraphicsRectItem *> &devices : m_devices) {
        for (const QGraphicsRectItem *device : devices)
            count += markerOf(device) == int(marker) ? 1 : 0;
    }
    return count;
}

int TopologyView::markerOf(const QGraphicsRectItem *device) const
{
    if (!device)
        return -1;
    for (const QGraphicsItem *child : device->childItems()) {
        if (child->data(kMarkerKey).isValid())
            return child->data(kMarkerKey).toInt();
    }
    return -1;
}

void TopologyView::updateLegend()
{
    const Layout &layout = m_layout;
    const int segments = layout.segments;
    m_legend.clear();
    if (layout.lanes && layout.segmentNames.isEmpty()) {
        m_legend.push_back({segmentColour(0).lighter(170),
                            tr("devices (no segments yet: Plan automatically chooses them)")});
    } else if (layout.dies && segments == 2) {
        m_legend.push_back({segmentColour(0), tr("die 0 of every NPU (devices 0, 2, …, 14): "
                                                 "segment %1")
                                                  .arg(layout.segmentNames[0])});
        m_legend.push_back({segmentColour(1), tr("die 1 of every NPU (devices 1, 3, …, 15): "
                                                 "segment %1")
                                                  .arg(layout.segmentNames[1])});
    } else if (layout.lanes) {
        for (int seg = 0; seg < segments; ++seg) {
            QStringList ids;
            for (int id = seg; id < 8; id += segments)
                ids << QString::number(id);
            m_legend.push_back(
                {segmentColour(seg),
                 tr("devices %1: segment %2").arg(ids.join(u", "_s), layout.segmentNames[seg])});
        }
    } else if (layout.serverSegments) {
        m_legend.push_back({segmentColour(0).lighter(140),
                            segments == 1 ? tr("every device in one segment")
                                          : tr("one colour per server's device segment")});
    } else {
        m_legend.push_back({QColor(230, 230, 250), tr("devices (no device network to plan)")});
    }
    // The markers with how many devices carry them: a count reads at any zoom.
    if (const int duplicates = markedDevices(Marker::Duplicate))
        m_legend.push_back({kBad, tr("duplicate IP: %n device(s)", nullptr, duplicates)});
    if (const int wrong = markedDevices(Marker::WrongSegment))
        m_legend.push_back(
            {kBad, tr("IP in the wrong segment: %n device(s)", nullptr, wrong), true});
    if (!layout.pods.empty())
        m_legend.push_back(
            {kPod, tr("super pod (dashed frame): %n pod(s)", nullptr, int(layout.pods.size())),
             true});
    m_legend.push_back({kBad, tr("a problem (hover for the reason)"), true});
    m_legend.push_back({QColor(255, 200, 0), tr("found or selected"), true});
}

void TopologyView::replaceServer(const Project &project, int s, const Problems &problems)
{
    const std::vector<QGraphicsRectItem *> oldDevices = m_devices[size_t(s)];
    QGraphicsRectItem *oldBox = m_servers[size_t(s)];
    // The highlight stays on the same server or device, now drawn by a new item.
    int focusedSlot = -2;
    if (m_focused == oldBox)
        focusedSlot = -1;
    for (size_t k = 0; k < oldDevices.size(); ++k)
        if (m_focused == oldDevices[k])
            focusedSlot = int(k);
    delete oldBox; // and its devices and labels, its children
    addServer(project, s, m_layout, problems);
    if (focusedSlot >= -1) {
        m_focused =
            focusedSlot >= 0 ? m_devices[size_t(s)][size_t(focusedSlot)] : m_servers[size_t(s)];
        m_focused->setSelected(true);
    }
}

void TopologyView::rebuild(const Project &project, const Problems &problems)
{
    const Layout &layout = m_layout;
    scene()->clear();
    m_highlight = nullptr;
    m_focused = nullptr;
    const int count = layout.count;
    m_devices.assign(size_t(count), {});
    m_servers.assign(size_t(count), nullptr);
    m_names = QStringList(count, QString());
    m_signatures = QStringList(count, QString());
    for (int s = 0; s < count; ++s)
        addServer(project, s, layout, problems);
    addPods();

    // Lanes: per row of servers and segment, a line under the boxes with a tick to every device
    // whose id falls in that segment (device i uses segments[i % 4]).
    const int segments = layout.segments;
    const int perRow = layout.perRow;
    if (layout.lanes && count > 0) {
        for (int rowStart = 0; rowStart < count; rowStart += perRow) {
            const double laneTop = layout.boxTop(rowStart / perRow) + layout.boxHeight + 8;
            for (int seg = 0; seg < segments; ++seg) {
                const double ly = laneTop + seg * kLane;
                QPen pen(segmentColour(seg), 2);
                double left = 1e18, right = -1e18;
                for (int s = rowStart; s < std::min(count, rowStart + perRow); ++s) {
                    const Server &server = project.servers[size_t(s)];
                    for (size_t k = 0; k < server.devices.size(); ++k) {
                        if (server.devices[k] % segments != seg)
                            continue;
                        const QRectF r = m_devices[size_t(s)][k]->rect();
                        const double cx = r.center().x() + (seg - segments / 2.0) * 2;
                        scene()->addLine(cx, r.bottom(), cx, ly, QPen(segmentColour(seg), 1));
                        left = std::min(left, cx);
                        right = std::max(right, cx);
                    }
                }
                if (left <= right) {
                    auto *line = scene()->addLine(left, ly, right, ly, pen);
                    line->setToolTip(tr("segment %1").arg(layout.segmentNames.value(seg)));
                }
            }
        }
    }

    scene()->setSceneRect(scene()->itemsBoundingRect().adjusted(-10, -10, 10, 10));
    m_highlight = scene()->addRect(QRectF(), QPen(QColor(255, 200, 0), 5), Qt::NoBrush);
    m_highlight->setZValue(10);
    m_highlight->setVisible(false);

    if (m_autoFit)
        fitView();
}

void TopologyView::addPods()
{
    const Layout &layout = m_layout;
    for (const auto &[id, members] : layout.pods) {
        // A pod's servers follow each other (the rules say so) but may wrap: a frame per row.
        std::map<int, QRectF> rows;
        for (int s : members) {
            const QRectF box = m_servers[size_t(s)]->rect();
            QRectF &row = rows[s / layout.perRow];
            row = row.isNull() ? box : row.united(box);
        }
        bool first = true;
        for (const auto &[row, rect] : rows) {
            const QRectF frame =
                rect.adjusted(-kPodMargin, -kPodMargin - 2, kPodMargin, kPodMargin);
            QPen pen(kPod, 2, Qt::DashLine);
            auto *item = scene()->addRect(frame, pen, Qt::NoBrush);
            item->setZValue(-1); // behind the boxes: clicks reach the servers
            item->setToolTip(
                tr("super pod %1: %n server(s)", nullptr, int(members.size())).arg(id));
            // Drawn at every zoom, large: in a fitted picture it is what names the group.
            auto *label = new QGraphicsSimpleTextItem(
                first ? tr("SuperPoD %1").arg(id) : tr("SuperPoD %1 (continued)").arg(id), item);
            QFont bold = scene()->font();
            bold.setBold(true);
            bold.setPixelSize(int(kPodLabel) - 6);
            label->setFont(bold);
            label->setBrush(kPod);
            label->setPos(frame.left(), frame.top() - kPodLabel + 2);
            first = false;
        }
    }
}

int TopologyView::findServer(const QString &text)
{
    const QString wanted = text.trimmed();
    if (wanted.isEmpty())
        return -1;
    // An exact name first ("server1" must not stop at "server10"), then any that holds it.
    int found = -1;
    for (int s = 0; found < 0 && s < m_names.size(); ++s)
        if (m_names[s].compare(wanted, Qt::CaseInsensitive) == 0)
            found = s;
    for (int s = 0; found < 0 && s < m_names.size(); ++s)
        if (m_names[s].contains(wanted, Qt::CaseInsensitive))
            found = s;
    if (found >= 0)
        focusOn(found, -1);
    return found;
}

bool TopologyView::focusOn(int server, int slot)
{
    QGraphicsRectItem *item = slot >= 0 ? deviceItem(server, slot) : serverItem(server);
    if (!item || !m_highlight)
        return false;
    scene()->clearSelection();
    item->setSelected(true);
    m_focused = item;
    m_highlight->setRect(item->sceneBoundingRect().adjusted(-4, -4, 4, 4));
    m_highlight->setVisible(true);
    // Close enough to read the labels, then centred.
    m_autoFit = false;
    if (transform().m11() < 0.8)
        setTransform(QTransform::fromScale(1, 1));
    centerOn(item);
    return true;
}

const QGraphicsRectItem *TopologyView::highlighted() const
{
    return m_highlight && m_highlight->isVisible() ? m_focused : nullptr;
}

bool TopologyView::showsDetail() const
{
    return transform().m11() >= kDetailScale;
}

QGraphicsRectItem *TopologyView::deviceItem(int server, int slot) const
{
    if (server < 0 || size_t(server) >= m_devices.size() || slot < 0 ||
        size_t(slot) >= m_devices[size_t(server)].size())
        return nullptr;
    return m_devices[size_t(server)][size_t(slot)];
}

QGraphicsRectItem *TopologyView::serverItem(int server) const
{
    return server >= 0 && size_t(server) < m_servers.size() ? m_servers[size_t(server)] : nullptr;
}

bool TopologyView::isMarked(const QGraphicsRectItem *item) const
{
    return item && item->data(kMarkedKey).toBool();
}

void TopologyView::fit()
{
    m_autoFit = true;
    fitView();
}

void TopologyView::fitView()
{
    fitInView(scene()->sceneRect(), Qt::KeepAspectRatio);
}

void TopologyView::zoomBy(double factor)
{
    m_autoFit = false;
    scale(factor, factor);
}

void TopologyView::mousePressEvent(QMouseEvent *event)
{
    m_autoFit = false; // a drag pans the picture: a resize must not undo it
    QGraphicsView::mousePressEvent(event);
}

void TopologyView::showEvent(QShowEvent *event)
{
    QGraphicsView::showEvent(event);
    if (m_autoFit)
        fitView(); // the first time the view has its real size
}

void TopologyView::resizeEvent(QResizeEvent *event)
{
    QGraphicsView::resizeEvent(event);
    if (m_autoFit)
        fitView();
}

void TopologyView::wheelEvent(QWheelEvent *event)
{
    zoomBy(event->angleDelta().y() > 0 ? 1.15 : 1 / 1.15);
    event->accept();
}

void TopologyView::keyPressEvent(QKeyEvent *event)
{
    if (event->key() == Qt::Key_Plus || event->key() == Qt::Key_Equal)
        zoomBy(1.25);
    else if (event->key() == Qt::Key_Minus)
        zoomBy(1 / 1.25);
    else if (event->key() == Qt::Key_0)
        fit();
    else
        QGraphicsView::keyPressEvent(event);
}

QString TopologyView::exportPng(const QString &path) const
{
    // The picture, and under it what its colours mean: a PNG is read without the page beside it.
    const QRectF source = scene()->sceneRect();
    const QFontMetrics metrics(font());
    const int row = metrics.height() + 4;
    const int mark = metrics.height() - 4;
    int legendWidth = 0;
    for (const LegendEntry &entry : m_legend)
        legendWidth = std::max(legendWidth, mark + 8 + metrics.horizontalAdvance(entry.text));
    const QSizeF logical(std::max(source.width(), qreal(legendWidth + 16)),
                         source.height() + (m_legend.isEmpty() ? 0 : 8 + row * m_legend.size()));
    QImage image((logical * 2).toSize(), QImage::Format_ARGB32);
    image.fill(Qt::white);
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.scale(2, 2);
    scene()->render(&painter, QRectF(QPointF(0, 0), source.size()), source);
    painter.setFont(font());
    qreal y = source.height() + 8;
    for (const LegendEntry &entry : m_legend) {
        const QRectF square(8, y + (row - mark) / 2.0, mark, mark);
        painter.setPen(entry.frame ? QPen(entry.colour, 2) : QPen(Qt::NoPen));
        painter.setBrush(entry.frame ? QBrush(Qt::NoBrush) : QBrush(entry.colour));
        painter.drawRect(square);
        painter.setPen(Qt::black);
        painter.drawText(QRectF(16 + mark, y, logical.width(), row), Qt::AlignVCenter, entry.text);
        y += row;
    }
    painter.end();
    return image.save(path, "PNG") ? QString() : tr("Cannot write %1").arg(path);
}

QString TopologyView::exportSvg(const QString &path) const
{
    QSvgGenerator generator;
    generator.setFileName(path);
    const QRectF source = scene()->sceneRect();
    generator.setSize(source.size().toSize());
    generator.setViewBox(QRectF(QPointF(0, 0), source.size()));
    generator.setTitle(tr("clusterwiz topology"));
    QPainter painter;
    if (!painter.begin(&generator))
        return tr("Cannot write %1").arg(path);
    scene()->render(&painter, QRectF(QPointF(0, 0), source.size()), source);
    painter.end();
    return QFileInfo(path).size() > 0 ? QString() : tr("Cannot write %1").arg(path);
}

} // namespace cw
