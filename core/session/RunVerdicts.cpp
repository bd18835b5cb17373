// SPDX-License-Identifier: GPL-3.0-or-later
// The verdicts on a running job (RunVerdicts.h): stragglers, idle devices, memory, temperature.
#include "session/RunVerdicts.h"

#include "launch/DeviceRecord.h"
#include "model/Median.h"
#include "model/NameTable.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

namespace cw {
namespace {

constexpr auto kVerdictKindNames = nameTable<VerdictKind>({
    {VerdictKind::Straggler, "straggler"},
    {VerdictKind::IdleDevice, "idle_device"},
    {VerdictKind::MemoryHigh, "memory_high"},
    {VerdictKind::TemperatureAlarm, "temperature_alarm"},
    {VerdictKind::DeviceHealth, "device_health"},
});

QString number(double value, int decimals = 1)
{
    return QString::number(value, 'f', decimals);
}

QString rate(double value)
{
    return number(value, value < 10 ? 2 : 1);
}

// The rank of the run on `device` of `server`; -1 when none uses it.
int rankOnDevice(const VerdictServer &server, int device)
{
    const auto at = std::find(server.devices.begin(), server.devices.end(), device);
    return at == server.devices.end() ? -1 : server.firstRank + int(at - server.devices.begin());
}

TrText deviceName(const VerdictServer &server, const QString &tool, int device, int rank)
{
    if (tool == u"cpu"_s)
        return trText("RunVerdicts", "%1 process %2").arg(server.name, QString::number(device));
    if (rank < 0)
        return trText("RunVerdicts", "%1 device %2").arg(server.name, QString::number(device));
    return trText("RunVerdicts", "%1 device %2 (rank %3)")
        .arg(server.name, QString::number(device), QString::number(rank));
}

// The samples of one server the idle rule reads: its newest kVerdictSamples within the window.
std::vector<const DeviceSampleSet *> recentSamples(const std::deque<DeviceSampleSet> &samples)
{
    std::vector<const DeviceSampleSet *> recent;
    if (samples.empty())
        return recent;
    const qint64 newest = samples.back().time;
    for (auto at = samples.rbegin(); at != samples.rend() && int(recent.size()) < kVerdictSamples;
         ++at) {
        if (newest - at->time > kVerdictWindowS)
            break;
        recent.push_back(&*at);
    }
    return recent;
}

const DeviceSample *reading(const DeviceSampleSet &set, int device)
{
    for (const DeviceSample &sample : set.devices) {
        if (sample.device == device)
            return &sample;
    }
    return nullptr;
}

// Whether a reading belongs to the run: a device its ranks use (any process for cpu).
bool ofTheRun(const VerdictServer &server, const DeviceSampleSet &set, int device)
{
    return set.tool == u"cpu"_s || server.devices.empty() || rankOnDevice(server, device) >= 0;
}

// The ranks whose speed the straggler verdicts compare: a rate over enough progress lines.
std::vector<RankSpeed> comparedSpeeds(const std::vector<RankSpeed> &all)
{
    std::vector<RankSpeed> speeds;
    for (const RankSpeed &speed : all) {
        if (speed.stepsPerSecond && speed.updates >= kStragglerMinUpdates)
            speeds.push_back(speed);
    }
    return speeds;
}

void stragglers(const std::vector<VerdictServer> &servers, const std::vector<RankSpeed> &all,
                std::vector<RunVerdict> &out)
{
    const std::vector<RankSpeed> speeds = comparedSpeeds(all);
    // Servers first: one slow server is one verdict, not one per rank.
    std::vector<bool> slowServer(servers.size(), false);
    std::vector<ServerSpeed> perServer;
    std::vector<double> means;
    for (const VerdictServer &server : servers) {
        perServer.push_back(serverSpeed(speeds, server.firstRank, server.rankCount));
        if (perServer.back().meanStepsPerSecond)
            means.push_back(*perServer.back().meanStepsPerSecond);
    }
    const std::optional<double> serverMedian = means.size() >= 2 ? median(means) : std::nullopt;
    for (size_t i = 0; serverMedian && *serverMedian > 0 && i < servers.size(); ++i) {
        const ServerSpeed &speed = perServer[i];
        if (!speed.meanStepsPerSecond ||
            *speed.meanStepsPerSecond >= *serverMedian * (1 - kStragglerMargin))
            continue;
        slowServer[i] = true;
        const double below = 100 * (1 - *speed.meanStepsPerSecond / *serverMedian);
        RunVerdict verdict{VerdictKind::Straggler,    servers[i].name, -1, -1,
                           *speed.meanStepsPerSecond, *serverMedian,   {}};
        verdict.text =
            trText("RunVerdicts", "%1 is a straggler: its ranks %2-%3 make %4 steps/s, "
                                  "%5 % below the servers' median of %6")
                .arg(servers[i].name, QString::number(servers[i].firstRank),
                     QString::number(servers[i].firstRank + servers[i].rankCount - 1),
                     rate(*speed.meanStepsPerSecond), number(below, 0), rate(*serverMedian));
        out.push_back(std::move(verdict));
    }
    std::vector<double> values;
    for (const RankSpeed &speed : speeds)
        values.push_back(*speed.stepsPerSecond);
    const std::optional<double> rankMedian = values.size() >= 2 ? median(values) : std::nullopt;
    if (!rankMedian || *rankMedian <= 0)
        return;
    for (const RankSpeed &speed : speeds) {
        if (*speed.stepsPerSecond >= *rankMedian * (1 - kStragglerMargin))
            continue;
        const auto server = std::find_if(servers.begin(), servers.end(), [&](const auto &s) {
            return speed.rank >= s.firstRank && speed.rank < s.firstRank + s.rankCount;
        });
        if (server == servers.end() || slowServer[size_t(server - servers.begin())])
            continue;
        const int index = speed.rank - server->firstRank;
        const int device =
            index < int(server->devices.size()) ? server->devices[size_t(index)] : -1;
        const double below = 100 * (1 - *speed.stepsPerSecond / *rankMedian);
        RunVerdict verdict{VerdictKind::Straggler, server->name, device, speed.rank,
                           *speed.stepsPerSecond,  *rankMedian,  {}};
        const TrText where = device >= 0 ? trText("RunVerdicts", "rank %1 on %2 (device %3)")
                                               .arg(QString::number(speed.rank), server->name,
                                                    QString::number(device))
                                         : trText("RunVerdicts", "rank %1 on %2")
                                               .arg(QString::number(speed.rank), server->name);
        verdict.text =
            (speed.stalled ? trText("RunVerdicts", "%1 is a straggler: its steps stopped (the "
                                                   "ranks' median is %2 steps/s)")
                                 .arg(where, rate(*rankMedian))
                           : trText("RunVerdicts", "%1 is a straggler: %2 steps/s, %3 % below "
                                                   "the ranks' median of %4")
                                 .arg(where, rate(*speed.stepsPerSecond), number(below, 0),
                                      rate(*rankMedian)));
        out.push_back(std::move(verdict));
    }
}

void idleDevices(const std::vector<VerdictServer> &servers, const DeviceHistory &history,
                 std::vector<RunVerdict> &out)
{
    const int count = std::min(int(servers.size()), history.servers());
    // Every run device's newest utilisation, to hold each one against the others'.
    struct Newest {
        int server;
        int device;
        double utilisation;
    };
    std::vector<Newest> newest;
    for (int s = 0; s < count; ++s) {
        if (const DeviceSampleSet *set = history.newest(s)) {
            for (const DeviceSample &sample : set->devices) {
                if (sample.utilisationPercent && ofTheRun(servers[size_t(s)], *set, sample.device))
                    newest.push_back({s, sample.device, *sample.utilisationPercent});
            }
        }
    }
    for (int s = 0; s < count; ++s) {
        const VerdictServer &server = servers[size_t(s)];
        const std::vector<const DeviceSampleSet *> recent = recentSamples(history.of(s));
        if (int(recent.size()) < kVerdictSamples)
            continue;
        for (const DeviceSample &sample : recent.front()->devices) {
            if (!ofTheRun(server, *recent.front(), sample.device))
                continue;
            const bool idle = std::all_of(recent.begin(), recent.end(), [&](const auto *set) {
                const DeviceSample *r = reading(*set, sample.device);
                return r && r->utilisationPercent && *r->utilisationPercent < kIdlePercent;
            });
            if (!idle)
                continue;
            std::vector<double> others;
            for (const Newest &n : newest) {
                if (n.server != s || n.device != sample.device)
                    others.push_back(n.utilisation);
            }
            const std::optional<double> peers = median(others);
            if (!peers || *peers < kPeersBusyPercent)
                continue;
            const int rank =
                recent.front()->tool == u"cpu"_s ? -1 : rankOnDevice(server, sample.device);
            RunVerdict verdict{VerdictKind::IdleDevice,
                               server.name,
                               sample.device,
                               rank,
                               *sample.utilisationPercent,
                               *peers,
                               {}};
            verdict.text =
                trText("RunVerdicts", "%1 is idle: under %2 % in its last %3 samples while the "
                                      "run's other devices are at %4 % (median)")
                    .arg(deviceName(server, recent.front()->tool, sample.device, rank),
                         number(kIdlePercent, 0), QString::number(kVerdictSamples),
                         number(*peers, 0));
            out.push_back(std::move(verdict));
        }
    }
}

void newestReadings(const std::vector<VerdictServer> &servers, const DeviceHistory &history,
                    std::vector<RunVerdict> &out)
{
    const int count = std::min(int(servers.size()), history.servers());
    std::vector<RunVerdict> memory, temperature, health;
    for (int s = 0; s < count; ++s) {
        const VerdictServer &server = servers[size_t(s)];
        const DeviceSampleSet *set = history.newest(s);
        if (!set)
            continue;
        for (const DeviceSample &sample : set->devices) {
            const int rank = set->tool == u"cpu"_s ? -1 : rankOnDevice(server, sample.device);
            const TrText where = deviceName(server, set->tool, sample.device, rank);
            if (const std::optional<double> percent = sample.memoryPercent();
                percent && *percent > kMemoryHighPercent) {
                RunVerdict verdict{VerdictKind::MemoryHigh,
                                   server.name,
                                   sample.device,
                                   rank,
                                   *sample.memoryUsedMiB,
                                   *sample.memoryTotalMiB,
                                   {}};
                verdict.text = trText("RunVerdicts", "%1: memory %2 of %3 MiB used (%4 %), above "
                                                     "%5 %")
                                   .arg(where, number(*sample.memoryUsedMiB, 0),
                                        number(*sample.memoryTotalMiB, 0), number(*percent),
                                        number(kMemoryHighPercent, 0));
                memory.push_back(std::move(verdict));
            }
            if (sample.temperatureC && *sample.temperatureC >= kTemperatureAlarmC) {
                RunVerdict verdict{VerdictKind::TemperatureAlarm,
                                   server.name,
                                   sample.device,
                                   rank,
                                   *sample.temperatureC,
                                   kTemperatureAlarmC,
                                   {}};
                verdict.text =
                    trText("RunVerdicts", "%1: %2 °C, at or above the alarm at %3 °C")
                        .arg(where, number(*sample.temperatureC, 0), number(kTemperatureAlarmC, 0));
                temperature.push_back(std::move(verdict));
            }
            if (sample.health.compare(u"Warning"_s, Qt::CaseInsensitive) == 0 ||
                sample.health.compare(u"Alarm"_s, Qt::CaseInsensitive) == 0 ||
                sample.health.compare(u"Critical"_s, Qt::CaseInsensitive) == 0) {
                RunVerdict verdict{
                    VerdictKind::DeviceHealth, server.name, sample.device, rank, 0, 0, {}};
                verdict.text = trText("RunVerdicts", "%1: npu-smi reports its health as %2")
                                   .arg(where, sample.health);
                health.push_back(std::move(verdict));
            }
        }
    }
    for (auto *list : {&memory, &temperature, &health})
        std::move(list->begin(), list->end(), std::back_inserter(out));
}

} // namespace

QString verdictKindName(VerdictKind kind)
{
    return kVerdictKindNames.name(kind);
}

std::vector<RunVerdict> evaluateVerdicts(const std::vector<VerdictServer> &servers,
                                         const DeviceHistory &history,
                                         const std::vector<RankSpeed> &speeds)
{
    std::vector<RunVerdict> verdicts;
    stragglers(servers, speeds, verdicts);
    idleDevices(servers, history, verdicts);
    newestReadings(servers, history, verdicts);
    return verdicts;
}

std::optional<double> rankSpeedMedian(const std::vector<RankSpeed> &speeds)
{
    std::vector<double> values;
    for (const RankSpeed &speed : comparedSpeeds(speeds))
        values.push_back(*speed.stepsPerSecond);
    return median(values);
}

std::vector<VerdictServer> verdictServers(const Project &project)
{
    std::vector<VerdictServer> servers;
    for (int i = 0; i < int(project.servers.size()); ++i) {
        const Server &server = project.servers[size_t(i)];
        servers.push_back(VerdictServer{server.name, project.rankOffset(i),
                                        int(server.devices.size()), server.devices});
    }
    return servers;
}

std::vector<RunVerdict> recordVerdicts(const Project &project, const RunRecord &record)
{
    std::vector<QString> from, to;
    for (const RunServer &server : record.servers)
        from.push_back(server.name);
    for (const Server &server : project.servers)
        to.push_back(server.name);
    return evaluateVerdicts(verdictServers(project), reorderDeviceHistory(record.devices, from, to),
                            {});
}

nlohmann::ordered_json verdictsToJson(const std::vector<RunVerdict> &verdicts)
{
    nlohmann::ordered_json array = nlohmann::ordered_json::array();
    for (const RunVerdict &verdict : verdicts) {
        array.push_back({{"kind", verdictKindName(verdict.kind).toStdString()},
                         {"server", verdict.server.toStdString()},
                         {"device", verdict.device},
                         {"rank", verdict.rank},
                         {"value", verdict.value},
                         {"reference", verdict.reference},
                         {"message", verdict.text.english().toStdString()}});
    }
    return array;
}

} // namespace cw
