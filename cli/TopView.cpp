// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/TopView.h"

#include "cli/RunReports.h"

#include <algorithm>

using namespace Qt::StringLiterals;

namespace cw::cli {
namespace {

QString devicesText(const DeviceSampleSet &set)
{
    std::vector<double> utilisation;
    std::optional<double> fullest, hottest;
    int fullestDevice = -1, hottestDevice = -1;
    for (const DeviceSample &device : set.devices) {
        if (device.utilisationPercent)
            utilisation.push_back(*device.utilisationPercent);
        if (const auto percent = device.memoryPercent();
            percent && (!fullest || *percent > *fullest)) {
            fullest = percent;
            fullestDevice = device.device;
        }
        if (device.temperatureC && (!hottest || *device.temperatureC > *hottest)) {
            hottest = device.temperatureC;
            hottestDevice = device.device;
        }
    }
    const QString what = set.tool == u"cpu"_s ? u"processes"_s : u"devices"_s;
    QStringList parts{u"%1 %2"_s.arg(QString::number(set.devices.size()), what)};
    if (!utilisation.empty()) {
        double sum = 0;
        for (const double value : utilisation)
            sum += value;
        parts << u"util %1 % (lowest %2 %)"_s.arg(
            QString::number(sum / double(utilisation.size()), 'f', 0),
            QString::number(*std::min_element(utilisation.begin(), utilisation.end()), 'f', 0));
    }
    if (fullest)
        parts << u"memory up to %1 % (device %2)"_s.arg(QString::number(*fullest, 'f', 0),
                                                        QString::number(fullestDevice));
    if (hottest)
        parts << u"up to %1 °C (device %2)"_s.arg(QString::number(*hottest, 'f', 0),
                                                  QString::number(hottestDevice));
    if (!set.problem.isEmpty())
        parts << u"sample: "_s + set.problem;
    return parts.join(u", "_s);
}

QString speedText(const ServerSpeed &speed)
{
    if (!speed.meanStepsPerSecond)
        return u"no speed yet"_s;
    QString text = u"%1 steps/s"_s.arg(QString::number(*speed.meanStepsPerSecond, 'f', 2));
    if (speed.ranksKnown > 1)
        text +=
            u" (slowest rank %1: %2)"_s.arg(QString::number(speed.slowestRank),
                                            QString::number(speed.slowestStepsPerSecond, 'f', 2));
    if (speed.samplesPerSecond)
        text += u", %1 samples/s"_s.arg(QString::number(*speed.samplesPerSecond, 'f', 1));
    return text;
}

} // namespace

QStringList topFrame(const Project &project, const RunRecord &record, const RunSnapshot &snapshot,
                     const DeviceHistory &history, const std::vector<RankSpeed> &speeds,
                     const std::vector<RunVerdict> &verdicts)
{
    QStringList lines{runStateLine(record, snapshot)};
    int width = 0;
    for (const Server &server : project.servers)
        width = std::max(width, int(server.name.size()));
    for (int i = 0; i < int(project.servers.size()); ++i) {
        const Server &server = project.servers[size_t(i)];
        const int first = project.rankOffset(i);
        const int count = int(server.devices.size());
        const DeviceSampleSet *set = history.newest(i);
        lines << u"  %1  ranks %2-%3  %4; %5"_s.arg(
            server.name.leftJustified(width), QString::number(first),
            QString::number(first + count - 1), set ? devicesText(*set) : u"no sample yet"_s,
            speedText(serverSpeed(speeds, first, count)));
    }
    for (const RunVerdict &verdict : verdicts)
        lines << u"  ! "_s + verdict.text.english();
    return lines;
}

} // namespace cw::cli
