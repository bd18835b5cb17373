// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What a running job's device samples and rank speeds say is wrong, for the run panel, `status`,
// `status --json` and `diagnose` of a hung run. Pure: the samples (DeviceSample.h), the speeds
// (logs/RankSpeed.h) and the servers' ranks in, verdicts out, each naming the server, device and
// rank with the numbers that made it. Thresholds are the constants below, nowhere else:
//
// - straggler: a rank whose steps per second are below the median of the ranks' by more than
//   kStragglerMargin, with at least kStragglerMinUpdates progress lines in its window (a rate
//   over a minute, RankSpeed.h), and likewise a server whose ranks' mean is below the servers'
//   median (at least two servers with speeds);
// - idle device: under kIdlePercent utilisation in each of its last kVerdictSamples samples
//   (within kVerdictWindowS of its server's newest) while the median of the run's other devices,
//   newest samples, is at least kPeersBusyPercent: stuck in a collective, or a rank with nothing
//   to do;
// - memory: above kMemoryHighPercent of the device's memory in its newest sample;
// - temperature: at or above kTemperatureAlarmC in its newest sample;
// - health: npu-smi's Health column is Warning, Alarm or Critical in its newest sample.

#include "launch/DeviceSample.h"
#include "launch/RunRecord.h"
#include "logs/RankSpeed.h"
#include "model/Project.h"
#include "model/TrText.h"

#include <QString>

#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <vector>

namespace cw {

inline constexpr double kStragglerMargin = 0.20;  // 20 % below the median
inline constexpr qint64 kStragglerMinUpdates = 3; // progress lines behind a rank's speed
inline constexpr int kVerdictSamples = 3;         // samples an idle device must be idle in
inline constexpr qint64 kVerdictWindowS = 300;    // ... all within 5 minutes of the newest
inline constexpr double kIdlePercent = 1.0;       // "0 %": below 1 % utilisation
inline constexpr double kPeersBusyPercent = 50.0; // while the others' median is this busy
inline constexpr double kMemoryHighPercent = 95.0;
inline constexpr double kTemperatureAlarmC = 90.0;

// One server of the run: its name, its first global rank, and the device indices its ranks use
// in rank order (rank firstRank + k runs on devices[k]; for the cpu accelerator, empty: the
// samples are the ranks' processes, named by pid).
struct VerdictServer {
    QString name;
    int firstRank = 0;
    int rankCount = 0;
    std::vector<int> devices = {};
};

enum class VerdictKind { Straggler, IdleDevice, MemoryHigh, TemperatureAlarm, DeviceHealth };
QString verdictKindName(VerdictKind kind); // "straggler", "idle_device", "memory_high", ...

struct RunVerdict {
    VerdictKind kind = VerdictKind::Straggler;
    QString server;
    int device = -1;      // -1: a server or a rank as a whole; a pid for cpu samples
    int rank = -1;        // -1: a server as a whole, or a device no rank of the run uses
    double value = 0;     // the number that made it: steps/s, %, MiB used, °C
    double reference = 0; // what it was held against: the median, the threshold, the total
    TrText text;          // one line for people, the numbers in it
};

// `history` and `servers` in the same (project) order; `speeds` may be empty (`status` reads
// no log lines). Verdicts come in the order: stragglers, idle, memory, temperature, health.
std::vector<RunVerdict> evaluateVerdicts(const std::vector<VerdictServer> &servers,
                                         const DeviceHistory &history,
                                         const std::vector<RankSpeed> &speeds);

// The ranks' median steps per second as the straggler verdicts hold a rank against it (over
// the ranks with at least kStragglerMinUpdates progress lines); nullopt while none has them.
std::optional<double> rankSpeedMedian(const std::vector<RankSpeed> &speeds);

// The project's servers as the verdicts see them: its rank numbering and device indices.
std::vector<VerdictServer> verdictServers(const Project &project);
// The verdicts on the samples the run record keeps (as last sampled by `status` or a follow):
// what `diagnose` of a hung run adds to its notes. No speeds: the record has none.
std::vector<RunVerdict> recordVerdicts(const Project &project, const RunRecord &record);

// [{"kind", "server", "device", "rank", "value", "reference", "message"}] (stable; docs/observe.md)
nlohmann::ordered_json verdictsToJson(const std::vector<RunVerdict> &verdicts);

} // namespace cw
