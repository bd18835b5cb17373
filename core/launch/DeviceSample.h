// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// One reading of one accelerator (or, for the cpu accelerator, of one rank's process) taken
// while a run goes: what the run panel, `status` and `top` show per device, and what the
// straggler / idle / memory / temperature verdicts read. Filled by the parsers below from the
// vendors' tools, in the formats they document (sources in docs/observe.md):
//
// - NVIDIA: `nvidia-smi --query-gpu=index,utilization.gpu,memory.used,memory.total,
//   temperature.gpu,power.draw --format=csv,noheader,nounits`: one line per GPU, the fields in
//   query order separated by ", ", no units; a field the GPU does not report reads "[N/A]" or
//   "[Not Supported]" (nvidia-smi(1), "CSV output").
// - Ascend: the `npu-smi info` table: per NPU a first row "| NPU Name | Health | Power(W)
//   Temp(C) Hugepages-Usage(page) |" and a second "| Chip | Bus-Id | AICore(%) Memory-Usage(MB)
//   HBM-Usage(MB) |". Memory is the HBM pair where the chip has HBM (910B, 910 ProB), else the
//   Memory-Usage pair.
// - cpu: `ps -o pid=,pcpu=,rss= -p PID,...` for the ranks' processes (procps: %CPU, RSS in KiB).
//
// Every parser takes hostile text: it never throws, keeps at most kMaxDevices readings, skips
// lines longer than kMaxLineLength, and reports a line it cannot read in *problem (first one).

#include <QString>
#include <QStringView>

#include <deque>
#include <optional>
#include <vector>

namespace cw {

struct DeviceSample {
    int device = -1; // the GPU/NPU index the tool prints; for cpu the rank's pid
    std::optional<double> utilisationPercent = {}; // GPU-Util / AICore(%) / %CPU
    std::optional<double> memoryUsedMiB = {};
    std::optional<double> memoryTotalMiB = {}; // unset for cpu (no per-process total)
    std::optional<double> temperatureC = {};
    std::optional<double> powerW = {};
    QString health = {}; // npu-smi's Health column (OK, Warning, Alarm, Critical); empty else
    bool operator==(const DeviceSample &) const = default;

    // used / total * 100 when both are known and total > 0.
    std::optional<double> memoryPercent() const;
};

inline constexpr int kMaxDevices = 1024;    // per server and sample
inline constexpr int kMaxLineLength = 4096; // a longer line is not a tool's line

// One sample of one server's devices: which tool, when (the server's clock, seconds since the
// epoch), the readings, and the first line the parser could not read (empty when none).
struct DeviceSampleSet {
    QString tool = {}; // "nvidia", "npu" or "cpu"
    qint64 time = 0;
    std::vector<DeviceSample> devices = {};
    QString problem = {};
    bool operator==(const DeviceSampleSet &) const = default;
};

// The sample of the tool named `tool` ("nvidia", "npu", "cpu"); an unknown tool is a problem.
DeviceSampleSet parseDeviceSampleSet(const QString &tool, qint64 time, QStringView text);

// The newest samples of each server of a run, oldest first: at most `keep` per server (120 at
// one sample in 5 s: the last 10 minutes), so a run of days at 1,024 servers stays bounded.
inline constexpr int kDeviceHistoryKeep = 120;

class DeviceHistory {
public:
    explicit DeviceHistory(int servers = 0, int keep = kDeviceHistoryKeep);
    // Drops the oldest beyond `keep`; a server index out of range is ignored.
    void add(int server, DeviceSampleSet set);
    int servers() const { return int(m_servers.size()); }
    // Empty for a server index out of range.
    const std::deque<DeviceSampleSet> &of(int server) const;
    const DeviceSampleSet *newest(int server) const;

private:
    std::vector<std::deque<DeviceSampleSet>> m_servers;
    int m_keep = kDeviceHistoryKeep;
};

std::vector<DeviceSample> parseNvidiaSmiQuery(QStringView text, QString *problem = nullptr);
std::vector<DeviceSample> parseNpuSmiSample(QStringView text, QString *problem = nullptr);
// The ps lines of the ranks' processes: "PID %CPU RSS_KiB"; memoryUsedMiB is RSS / 1024.
std::vector<DeviceSample> parsePsSample(QStringView text, QString *problem = nullptr);

} // namespace cw
