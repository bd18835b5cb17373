// SPDX-License-Identifier: GPL-3.0-or-later
// The device-sample parsers; formats and sources in DeviceSample.h and docs/observe.md.
#include "launch/DeviceSample.h"

#include <QStringList>

#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

namespace cw {
namespace {

void report(QString *problem, QStringView line)
{
    if (problem && problem->isEmpty())
        *problem = u"unrecognised line: \"%1\""_s.arg(line.left(120).toString());
}

// A finite number within a sane range, or nothing ("[N/A]", "NA", "-", junk).
std::optional<double> number(QStringView text, double max = 1e9)
{
    bool ok = false;
    const double value = text.trimmed().toDouble(&ok);
    if (!ok || !std::isfinite(value) || value < 0 || value > max)
        return std::nullopt;
    return value;
}

bool unavailable(QStringView field)
{
    const QStringView f = field.trimmed();
    return f == u"[N/A]" || f == u"[Not Supported]" || f == u"N/A" || f == u"NA" ||
           f == u"[Unknown Error]" || f == u"[Insufficient Permissions]";
}

std::optional<int> index(QStringView text)
{
    bool ok = false;
    const int value = text.trimmed().toInt(&ok);
    if (!ok || value < 0 || value > 1'000'000'000)
        return std::nullopt;
    return value;
}

// "used / total" in a cell split into words: returns the pair starting at words[at].
bool usagePair(const QStringList &words, qsizetype at, std::optional<double> *used,
               std::optional<double> *total)
{
    if (at + 2 >= words.size() || words[at + 1] != u"/"_s)
        return false;
    *used = number(words[at]);
    *total = number(words[at + 2]);
    return used->has_value() && total->has_value();
}

QStringList cells(QStringView line)
{
    QStringList out;
    const QStringView inner = line.trimmed();
    if (inner.size() < 2 || !inner.startsWith(u'|') || !inner.endsWith(u'|'))
        return out;
    for (QStringView cell : inner.mid(1, inner.size() - 2).split(u'|'))
        out.append(cell.toString().simplified());
    return out;
}

// Every non-empty line of a one-line-per-device output, trimmed, goes to `read`, which adds its
// sample and returns false for a line it could not (wholly) read; a line too long, or one past
// kMaxDevices, is not read. The first line not read goes to *problem.
template <typename Read>
std::vector<DeviceSample> readLines(QStringView text, QString *problem, Read read)
{
    std::vector<DeviceSample> samples;
    for (QStringView line : text.split(u'\n')) {
        line = line.trimmed();
        if (line.isEmpty())
            continue;
        if (line.size() > kMaxLineLength || samples.size() >= size_t(kMaxDevices) ||
            !read(line, samples))
            report(problem, line);
    }
    return samples;
}

} // namespace

std::optional<double> DeviceSample::memoryPercent() const
{
    if (!memoryUsedMiB || !memoryTotalMiB || *memoryTotalMiB <= 0)
        return std::nullopt;
    return *memoryUsedMiB / *memoryTotalMiB * 100.0;
}

std::vector<DeviceSample> parseNvidiaSmiQuery(QStringView text, QString *problem)
{
    return readLines(text, problem, [](QStringView line, std::vector<DeviceSample> &samples) {
        const QList<QStringView> fields = line.split(u',');
        const std::optional<int> gpu = fields.size() == 6 ? index(fields[0]) : std::nullopt;
        if (!gpu)
            return false;
        DeviceSample sample;
        sample.device = *gpu;
        std::optional<double> *targets[] = {&sample.utilisationPercent, &sample.memoryUsedMiB,
                                            &sample.memoryTotalMiB, &sample.temperatureC,
                                            &sample.powerW};
        const double limits[] = {100, 1e9, 1e9, 1000, 1e6};
        bool readable = true;
        for (int i = 0; i < 5; ++i) {
            if (unavailable(fields[i + 1]))
                continue;
            *targets[i] = number(fields[i + 1], limits[i]);
            readable = readable && targets[i]->has_value();
        }
        samples.push_back(sample); // what could be read counts; the line is still reported
        return readable;
    });
}

std::vector<DeviceSample> parseNpuSmiSample(QStringView text, QString *problem)
{
    std::vector<DeviceSample> samples;
    bool header = false;
    bool processTable = false;
    bool expectChip = false;
    for (QStringView line : text.split(u'\n')) {
        if (line.size() > kMaxLineLength) {
            report(problem, line.left(120));
            continue;
        }
        const QStringList row = cells(line);
        if (row.size() < 3) // borders, the version line, "No running processes found"
            continue;
        if (row[0].startsWith(u"NPU"_s) && row[1] == u"Health"_s) {
            header = true;
            continue;
        }
        if (row[0].startsWith(u"NPU"_s) && row[1] == u"Process id"_s)
            processTable = true;
        if (!header || processTable || row[0].startsWith(u"Chip"_s))
            continue;
        const QStringList first = row[0].split(u' ');
        // "52110/ 65536" (a five-digit value fills its padding) reads as "52110 / 65536".
        const QStringList third = QString(row[2]).replace(u'/', u" / "_s).simplified().split(u' ');
        // The NPU row: "N Name" | health | "power temp hugepages-used / hugepages-total".
        if (first.size() >= 2 && index(first[0])) {
            if (samples.size() >= size_t(kMaxDevices)) {
                report(problem, line);
                expectChip = false;
                continue;
            }
            DeviceSample sample;
            sample.device = *index(first[0]);
            sample.health = row[1].left(32);
            if (third.size() >= 2) {
                sample.powerW = number(third[0], 1e5);
                sample.temperatureC = number(third[1], 1000);
            }
            if (!sample.temperatureC)
                report(problem, line);
            samples.push_back(sample);
            expectChip = true;
            continue;
        }
        // The chip row: "chip [phy]" | bus-id | "aicore mem-used / mem-total hbm-used / hbm-total".
        if (expectChip && !first.isEmpty() && index(first[0])) {
            expectChip = false;
            DeviceSample &sample = samples.back();
            if (third.isEmpty() || !(sample.utilisationPercent = number(third[0], 100))) {
                report(problem, line);
                continue;
            }
            std::optional<double> used, total, hbmUsed, hbmTotal;
            const bool memory = usagePair(third, 1, &used, &total);
            const bool hbm = memory && usagePair(third, 4, &hbmUsed, &hbmTotal);
            if (hbm && *hbmTotal > 0) {
                sample.memoryUsedMiB = hbmUsed;
                sample.memoryTotalMiB = hbmTotal;
            } else if (memory) {
                sample.memoryUsedMiB = used;
                sample.memoryTotalMiB = total;
            } else {
                report(problem, line);
            }
            continue;
        }
        report(problem, line);
    }
    if (!header && !text.trimmed().isEmpty())
        report(problem, text.trimmed().left(120));
    return samples;
}

std::vector<DeviceSample> parsePsSample(QStringView text, QString *problem)
{
    return readLines(text, problem, [](QStringView line, std::vector<DeviceSample> &samples) {
        const QStringList words = line.toString().simplified().split(u' ');
        const std::optional<int> pid = words.size() == 3 ? index(words[0]) : std::nullopt;
        // %CPU of a multi-threaded rank goes past 100 (one core is 100).
        const std::optional<double> cpu = pid ? number(words[1], 100000) : std::nullopt;
        const std::optional<double> rss = cpu ? number(words[2], 1e12) : std::nullopt;
        if (!rss)
            return false;
        DeviceSample sample;
        sample.device = *pid;
        sample.utilisationPercent = cpu;
        sample.memoryUsedMiB = *rss / 1024.0;
        samples.push_back(sample);
        return true;
    });
}

DeviceHistory::DeviceHistory(int servers, int keep)
    : m_servers(size_t(std::max(0, servers))), m_keep(std::max(1, keep))
{
}

void DeviceHistory::add(int server, DeviceSampleSet set)
{
    if (server < 0 || server >= servers())
        return;
    auto &samples = m_servers[size_t(server)];
    samples.push_back(std::move(set));
    while (int(samples.size()) > m_keep)
        samples.pop_front();
}

const std::deque<DeviceSampleSet> &DeviceHistory::of(int server) const
{
    static const std::deque<DeviceSampleSet> none;
    return server >= 0 && server < servers() ? m_servers[size_t(server)] : none;
}

const DeviceSampleSet *DeviceHistory::newest(int server) const
{
    const auto &samples = of(server);
    return samples.empty() ? nullptr : &samples.back();
}

DeviceSampleSet parseDeviceSampleSet(const QString &tool, qint64 time, QStringView text)
{
    DeviceSampleSet set;
    set.tool = tool.left(16);
    set.time = time;
    if (tool == u"nvidia"_s)
        set.devices = parseNvidiaSmiQuery(text, &set.problem);
    else if (tool == u"npu"_s)
        set.devices = parseNpuSmiSample(text, &set.problem);
    else if (tool == u"cpu"_s)
        set.devices = parsePsSample(text, &set.problem);
    else
        set.problem = u"unknown sample tool \"%1\""_s.arg(set.tool);
    return set;
}

} // namespace cw
