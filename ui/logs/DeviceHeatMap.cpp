// SPDX-License-Identifier: GPL-3.0-or-later
#include "DeviceHeatMap.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHelpEvent>
#include <QLabel>
#include <QPaintEvent>
#include <QPainter>
#include <QScrollArea>
#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace cw {

namespace {
constexpr int kCellWidth = 40; // wide enough for "100%"
constexpr int kCellHeight = 18;
constexpr int kGap = 2;
constexpr int kHeader = 16;                // the device ids above the columns
constexpr double kMemoryAlarmPercent = 95; // a cell this full is drawn as an alarm

QColor mix(const QColor &from, const QColor &to, double share)
{
    const double t = std::clamp(share, 0.0, 1.0);
    return QColor::fromRgbF(float(from.redF() + (to.redF() - from.redF()) * t),
                            float(from.greenF() + (to.greenF() - from.greenF()) * t),
                            float(from.blueF() + (to.blueF() - from.blueF()) * t));
}

QString number(double value)
{
    return QString::number(value, 'f', value < 10 && value != 0 ? 1 : 0);
}

} // namespace

DeviceHeatMap::DeviceHeatMap(QWidget *parent) : QWidget(parent)
{
    setObjectName(u"deviceHeatMap"_s);
    setMouseTracking(true);
    setAttribute(Qt::WA_OpaquePaintEvent);
}

void DeviceHeatMap::setProject(const Project &project)
{
    m_accelerator = project.accelerator;
    m_servers.clear();
    for (const Server &server : project.servers)
        m_servers.push_back({server.name, server.devices, std::nullopt});
    updateGeometry();
    resize(sizeHint());
    update();
}

void DeviceHeatMap::applyPoll(const RunSnapshot &snapshot)
{
    bool changed = false;
    for (size_t s = 0; s < snapshot.servers.size() && s < m_servers.size(); ++s) {
        if (snapshot.servers[s].devices) {
            m_servers[s].newest = snapshot.servers[s].devices;
            changed = true;
        }
    }
    if (changed)
        update();
}

void DeviceHeatMap::setMeasure(Measure measure)
{
    m_measure = measure;
    update();
}

int DeviceHeatMap::columnCount() const
{
    size_t widest = 0;
    for (const Row &row : m_servers)
        widest = std::max(widest, row.devices.size());
    return int(widest);
}

const DeviceSample *DeviceHeatMap::sample(int row, int column) const
{
    if (row < 0 || row >= rowCount() || column < 0)
        return nullptr;
    const Row &server = m_servers[size_t(row)];
    if (!server.newest || size_t(column) >= server.devices.size())
        return nullptr;
    const std::vector<DeviceSample> &samples = server.newest->devices;
    // cpu: the k-th rank process of the server (ps lists them by pid); else the device by id.
    if (m_accelerator == Accelerator::Cpu)
        return size_t(column) < samples.size() ? &samples[size_t(column)] : nullptr;
    const int id = server.devices[size_t(column)];
    const auto it = std::find_if(samples.begin(), samples.end(),
                                 [id](const DeviceSample &s) { return s.device == id; });
    return it == samples.end() ? nullptr : &*it;
}

std::optional<double> DeviceHeatMap::value(int row, int column) const
{
    const DeviceSample *device = sample(row, column);
    if (!device)
        return std::nullopt;
    return m_measure == Measure::Utilisation ? device->utilisationPercent : device->memoryPercent();
}

QString DeviceHeatMap::cellText(int row, int column) const
{
    const std::optional<double> percent = value(row, column);
    return percent ? number(*percent) + u'%' : QString();
}

bool DeviceHeatMap::hasCell(int row, int column) const
{
    return row >= 0 && row < rowCount() && column >= 0 &&
           size_t(column) < m_servers[size_t(row)].devices.size();
}

QString DeviceHeatMap::placeText(int row, int column) const
{
    if (!hasCell(row, column))
        return {};
    const Row &server = m_servers[size_t(row)];
    return m_accelerator == Accelerator::Cpu
               ? tr("%1, rank process %2").arg(server.name).arg(column)
               : tr("%1 device %2").arg(server.name).arg(server.devices[size_t(column)]);
}

QString DeviceHeatMap::toolTipText(int row, int column) const
{
    if (!hasCell(row, column))
        return {};
    const Row &server = m_servers[size_t(row)];
    const QString place = placeText(row, column);
    if (!server.newest)
        return tr("%1: no sample yet").arg(place);
    const DeviceSample *device = sample(row, column);
    if (!device)
        return tr("%1: not in the newest sample (%2)").arg(place, server.newest->tool);
    QStringList lines{place};
    if (m_accelerator == Accelerator::Cpu)
        lines << tr("pid %1").arg(device->device);
    if (device->utilisationPercent)
        lines << tr("busy: %1%").arg(number(*device->utilisationPercent));
    if (device->memoryUsedMiB && device->memoryTotalMiB)
        lines << tr("memory: %1 of %2 MiB (%3%)")
                     .arg(number(*device->memoryUsedMiB), number(*device->memoryTotalMiB),
                          number(device->memoryPercent().value_or(0)));
    else if (device->memoryUsedMiB)
        lines << tr("memory: %1 MiB").arg(number(*device->memoryUsedMiB));
    if (device->temperatureC)
        lines << tr("temperature: %1 °C").arg(number(*device->temperatureC));
    if (device->powerW)
        lines << tr("power: %1 W").arg(number(*device->powerW));
    if (!device->health.isEmpty())
        lines << tr("health: %1").arg(device->health);
    return lines.join(u'\n');
}

QColor DeviceHeatMap::cellColour(int row, int column) const
{
    const std::optional<double> percent = value(row, column);
    if (!percent)
        return palette().color(QPalette::Base);
    const QColor idle(236, 236, 236);
    if (m_measure == Measure::Memory)
        return *percent > kMemoryAlarmPercent ? QColor(214, 39, 40)
                                              : mix(idle, QColor(110, 60, 170), *percent / 100);
    return mix(idle, QColor(30, 120, 60), *percent / 100);
}

int DeviceHeatMap::labelWidth() const
{
    return fontMetrics().horizontalAdvance(u"server-000"_s) + 8;
}

QSize DeviceHeatMap::sizeHint() const
{
    return {labelWidth() + std::max(1, columnCount()) * (kCellWidth + kGap) + kGap,
            kHeader + std::max(1, rowCount()) * (kCellHeight + kGap) + kGap};
}

QRect DeviceHeatMap::cellRect(int row, int column) const
{
    return {labelWidth() + kGap + column * (kCellWidth + kGap),
            kHeader + kGap + row * (kCellHeight + kGap), kCellWidth, kCellHeight};
}

QPoint DeviceHeatMap::cellAt(const QPoint &pos) const
{
    const int x = pos.x() - labelWidth() - kGap;
    const int y = pos.y() - kHeader - kGap;
    if (x < 0 || y < 0 || x % (kCellWidth + kGap) >= kCellWidth ||
        y % (kCellHeight + kGap) >= kCellHeight)
        return {-1, -1};
    const int column = x / (kCellWidth + kGap);
    const int row = y / (kCellHeight + kGap);
    return hasCell(row, column) ? QPoint(column, row) : QPoint(-1, -1);
}

void DeviceHeatMap::paintEvent(QPaintEvent *event)
{
    QPainter painter(this);
    painter.fillRect(event->rect(), palette().color(QPalette::Window));
    const int first = std::max(0, (event->rect().top() - kHeader - kGap) / (kCellHeight + kGap));
    const int last =
        std::min(rowCount() - 1, (event->rect().bottom() - kHeader) / (kCellHeight + kGap));
    const int labelW = labelWidth();
    painter.setPen(palette().color(QPalette::WindowText));
    QFont small = font();
    small.setPointSizeF(font().pointSizeF() * 0.8);
    painter.setFont(small);
    // The device ids of the first server above the columns (servers of one job list the same).
    if (!m_servers.empty()) {
        const Row &top = m_servers.front();
        for (size_t k = 0; k < top.devices.size(); ++k)
            painter.drawText(QRect(cellRect(0, int(k)).left(), 0, kCellWidth, kHeader),
                             Qt::AlignCenter,
                             m_accelerator == Accelerator::Cpu ? QString::number(k)
                                                               : QString::number(top.devices[k]));
    }
    for (int row = first; row <= last; ++row) {
        const Row &server = m_servers[size_t(row)];
        const QRect label(0, kHeader + kGap + row * (kCellHeight + kGap), labelW - 4, kCellHeight);
        painter.setPen(palette().color(QPalette::WindowText));
        painter.drawText(
            label, Qt::AlignRight | Qt::AlignVCenter,
            painter.fontMetrics().elidedText(server.name, Qt::ElideMiddle, label.width()));
        for (int column = 0; column < int(server.devices.size()); ++column) {
            const QRect cell = cellRect(row, column);
            const std::optional<double> percent = value(row, column);
            if (!percent) {
                painter.fillRect(cell, palette().color(QPalette::Base));
                if (server.newest) // sampled, but not this device: hatched
                    painter.fillRect(cell, QBrush(QColor(160, 160, 160), Qt::BDiagPattern));
                continue;
            }
            const QColor colour = cellColour(row, column);
            painter.fillRect(cell, colour);
            painter.setPen(colour.lightnessF() < 0.55 ? Qt::white : Qt::black);
            painter.drawText(cell, Qt::AlignCenter, cellText(row, column));
        }
    }
}

bool DeviceHeatMap::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const QPoint cell = cellAt(help->pos());
        const QString text = toolTipText(cell.y(), cell.x());
        if (!text.isEmpty())
            QToolTip::showText(help->globalPos(), text, this);
        else
            QToolTip::hideText();
        return true;
    }
    return QWidget::event(event);
}

DeviceHeatPanel::DeviceHeatPanel(QWidget *parent)
    : QWidget(parent), m_map(new DeviceHeatMap(this)), m_measure(new QComboBox(this)),
      m_summary(new QLabel(this))
{
    setObjectName(u"deviceHeatPanel"_s);
    m_measure->setObjectName(u"deviceMeasure"_s);
    m_summary->setObjectName(u"deviceSummary"_s);
    m_measure->addItem(tr("Utilisation"));
    m_measure->addItem(tr("Memory"));
    m_measure->setToolTip(tr("What the cells show: each device's busy percentage, or how full "
                             "its memory is (red above 95%)."));
    m_summary->setWordWrap(true);
    m_summary->setText(tr("No device sample yet: the status rounds take one every few seconds "
                          "while a run is followed."));
    auto *scroll = new QScrollArea(this);
    scroll->setWidget(m_map);
    scroll->setWidgetResizable(false);
    auto *bar = new QHBoxLayout;
    bar->addWidget(m_measure);
    bar->addWidget(m_summary, 1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(bar);
    layout->addWidget(scroll, 1);
    connect(m_measure, &QComboBox::currentIndexChanged, this, [this](int index) {
        m_map->setMeasure(index == 1 ? DeviceHeatMap::Measure::Memory
                                     : DeviceHeatMap::Measure::Utilisation);
        showSummary();
    });
}

void DeviceHeatPanel::setProject(const Project &project)
{
    m_map->setProject(project);
    showSummary();
}

void DeviceHeatPanel::applyPoll(const RunSnapshot &snapshot)
{
    m_map->applyPoll(snapshot);
    showSummary();
}

QString DeviceHeatPanel::summaryText() const
{
    return m_summary->text();
}

// How many cells have a value, their median, and the extreme cell (the least busy, or the
// fullest memory), named.
void DeviceHeatPanel::showSummary()
{
    std::vector<double> values;
    int cells = 0;
    QPoint extreme(-1, -1);
    double extremeValue = 0;
    const bool memory = m_map->measure() == DeviceHeatMap::Measure::Memory;
    for (int row = 0; row < m_map->rowCount(); ++row) {
        for (int column = 0; column < m_map->columnCount(); ++column) {
            if (!m_map->hasCell(row, column))
                continue; // no such device on this server
            ++cells;
            const std::optional<double> value = m_map->value(row, column);
            if (!value)
                continue;
            values.push_back(*value);
            if (extreme.x() < 0 || (memory ? *value > extremeValue : *value < extremeValue)) {
                extreme = {column, row};
                extremeValue = *value;
            }
        }
    }
    if (values.empty()) {
        m_summary->setText(tr("No device sample yet: the status rounds take one every few "
                              "seconds while a run is followed."));
        return;
    }
    std::vector<double> sorted = values;
    std::sort(sorted.begin(), sorted.end());
    const double median = sorted[sorted.size() / 2];
    const QString where = m_map->placeText(extreme.y(), extreme.x());
    m_summary->setText(memory ? tr("%1 of %2 devices sampled; memory median %3%, fullest %4%: %5")
                                    .arg(values.size())
                                    .arg(cells)
                                    .arg(number(median), number(extremeValue), where)
                              : tr("%1 of %2 devices sampled; busy median %3%, least busy %4%: %5")
                                    .arg(values.size())
                                    .arg(cells)
                                    .arg(number(median), number(extremeValue), where));
}

} // namespace cw
