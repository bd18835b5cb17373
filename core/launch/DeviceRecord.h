// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The device samples a run record keeps (its "devices" member), so that `status`, run one after
// another, and a run panel opened later see the last minutes of every server's devices, not one
// reading: the verdicts (RunVerdicts.h) need several samples.
//
// Bounded both ways. Written: the newest kRecordSamplesKept samples per server, fewer when the
// run has so many devices that more would pass kRecordReadingsKept readings in all (at least
// one sample per server while that bound allows). Read: the file may be anything (another
// version, an editor, an attacker with write access to the project folder), so every member is
// checked and bounded, and nothing throws. A "devices" member that is off is not a reason to
// refuse the record (stop and status act on the rest): it is dropped, and the first problem,
// naming the member ("devices[2].samples[0].devices[5][1]: ..."), is kept for the caller.
//
//   "devices": [ {"server": NAME, "samples": [ {"tool": "npu", "time": EPOCH_S,
//                 "devices": [[INDEX, UTIL_%, MEM_USED_MiB, MEM_TOTAL_MiB, TEMP_C, POWER_W,
//                              HEALTH], ...], "problem": TEXT}, ...]}, ... ]
// in the order of the record's servers; an unknown value is null.

#include "launch/DeviceSample.h"

#include <QString>

#include <nlohmann/json_fwd.hpp>

namespace cw {

inline constexpr int kRecordSamplesKept = 24;      // per server: 2 minutes at one in 5 s
inline constexpr int kRecordReadingsKept = 32768;  // readings in all: 6 MiB as the record prints
inline constexpr int kRecordSampleTextLimit = 120; // a sample's problem, characters
inline constexpr int kRecordHealthTextLimit = 16;  // npu-smi's Health column, characters

// `names`: the run's servers, in the history's order (a history of another size writes only
// the servers both have).
nlohmann::ordered_json deviceHistoryToJson(const DeviceHistory &history,
                                           const std::vector<QString> &names);
// Reads what deviceHistoryToJson wrote for `names`; a server whose name differs, or a member
// that is off, makes the whole history empty and `problem` say why.
DeviceHistory deviceHistoryFromJson(const nlohmann::ordered_json &array,
                                    const std::vector<QString> &names, QString *problem);

} // namespace cw

namespace cw {

// The same samples for servers named `to` (a server not in `from` has none): the record keeps
// them in its servers' order, a run session in the project's.
DeviceHistory reorderDeviceHistory(const DeviceHistory &history, const std::vector<QString> &from,
                                   const std::vector<QString> &to);

} // namespace cw
