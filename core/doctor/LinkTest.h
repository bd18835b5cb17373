// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The links part: every device pings its planned peers with `hccn_tool -i D -ping -g address IP`
// (Huawei's per-pair test; docs/doctor.md quotes the sources and the output), Atlas A3 dies of
// one super pod with `-hccs_ping` (LinkPlan.h). One script per
// server runs the pings of each device in a background subshell of its own, the devices at once,
// each device's pings one after the other, so the part takes as long as the device with the
// most pings (LinkPlan.h: the cost model).

#include "doctor/DoctorReport.h"
#include "doctor/LinkPlan.h"
#include "fleet/FleetRunner.h"

#include <QString>

#include <atomic>
#include <functional>
#include <vector>

namespace cw {

// One ping may take this long before `timeout` ends it (a tool that hangs fails its cell); the
// number is written in resources/server/link-test-ping.sh too (tst_doctorParsers holds both to it).
inline constexpr int kPingLimitSeconds = 12;

struct PingOutcome {
    bool ok = false;
    double lossPct = -1; // -1: no statistics line
    QString summary;     // "3 of 3 received", "recv time out seq=0 ...", or what went wrong
};

// Reads what `hccn_tool -ping` printed and its exit status: ok only with a statistics line
// showing every packet received and exit status 0. Never throws; any text is accepted.
PingOutcome parsePingOutput(const QString &output, int exitStatus);

// Reads what `hccn_tool -hccs_ping -g address A` printed (Atlas A3, inside a super pod): the
// lines of the driver's tool_ping_printf (CANN driver, hccn_tool tool_cmd.c): "device D PING A",
// per packet "This pkt ping success!" (or "This pkt send fail!", "This pkt check recv msg
// fail!", "This pkt ping not start to send!") and "recv seq K, time = T.TTTus, L1 plane check
// result = 0xH", then "N packets transmitted, M received, X.XX% packets loss" and the max, min,
// average and TP95 times. The tool exits 0 after printing whatever came back, so ok needs every
// packet received and no failed packet line, not only exit status 0. Never throws.
PingOutcome parseHccsPingOutput(const QString &output, int exitStatus);

// The sh script for one server: `probes` are that server's (LinkProbe::server all equal).
QString linkTestScript(const std::vector<LinkProbe> &probes);

// Fills one DeviceLink per probe from the script's output (`names`: server names by index).
std::vector<DeviceLink> parseLinkTestOutput(const QString &output,
                                            const std::vector<LinkProbe> &probes,
                                            const QStringList &names);

// `links`: the cells of the server that just finished, as soon as it has (a worker thread).
using LinkProgress = std::function<void(int done, int total, const QString &server,
                                        const std::vector<DeviceLink> &links)>;

// Runs the plan on every server at once (more than FleetOptions::jobs when there are more
// servers: one waiting connection each). A server not reached gives cells not tested
// (DeviceLink::notReached) saying why, a line in `problems` and an entry in `notReached`.
std::vector<DeviceLink> runLinkTest(const Project &project, const LinkPlan &plan,
                                    const FleetOptions &options, QStringList &problems,
                                    std::vector<ServerNotReached> &notReached,
                                    const LinkProgress &progress = {},
                                    const std::atomic<bool> *cancel = nullptr);

} // namespace cw
