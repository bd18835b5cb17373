// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The network doctor: traffic between every pair, tested end to end (docs/doctor.md). Where the
// checks read configuration (hccn.conf against the plan, links UP, firewall rules), the doctor
// sends packets: device pings over the device network (links), TCP connects between the servers
// on the job's ports (ports), and all_reduce between every pair of servers (bandwidth). Blocks;
// the CLI's `doctor` and the wizard's Doctor view call it off the GUI thread.

#include "doctor/BandwidthTest.h"
#include "doctor/DoctorReport.h"
#include "doctor/LinkPlan.h"
#include "fleet/FleetRunner.h"

#include <QString>

#include <atomic>
#include <functional>
#include <vector>

namespace cw {

struct DoctorOptions {
    std::vector<DoctorPart> parts; // empty: every part that applies
    int sizeMb = kDefaultBandwidthMb;
    int linkPeers = kLinkFullMeshPeers; // sampling limit of the links part
    // Called with the cells found so far whenever a server's pings, the ports part or a
    // bandwidth round ends (on a worker thread, one call at a time): the wizard fills its
    // matrices as results arrive. The suspects are named only in the final report.
    std::function<void(const DoctorReport &soFar)> resultsSoFar;
};

// The parts that apply to the project: links only on Ascend (a device network), bandwidth and
// ports with more than one server.
std::vector<DoctorPart> applicableParts(const Project &project);

// `part` is running; `done` of `total` steps (servers, or rounds) are behind it.
using DoctorProgress =
    std::function<void(DoctorPart part, int done, int total, const QString &message)>;

// Runs the parts asked for, in order (links, ports, bandwidth), then names the suspects. A cancel
// ends the part running (the ports part still removes its listeners) and skips the rest. A server
// a part could not log in to is not contacted by the later parts: their cells with it are not
// tested, for the reason the first part saw.
DoctorReport runDoctor(const Project &project, const FleetOptions &fleet,
                       const DoctorOptions &options, const DoctorProgress &progress = {},
                       const std::atomic<bool> *cancel = nullptr);

} // namespace cw
