// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What the network doctor found (`clusterwiz-cli doctor`, the wizard's Doctor view): one cell per
// device link pinged, per host port connected to, per server pair measured, and the suspects
// named from them. A value: the CLI prints it as text or JSON, the wizard draws it as matrices.
//
// JSON (stable; docs/doctor.md):
//   {"device_links": [{"server", "device", "peer_server", "peer_device", "peer_ip", "ok",
//                      "loss_pct", "evidence"}],
//    "host_ports": [{"server", "peer_server", "port", "why", "ok", "error", "evidence"}],
//    "bandwidth": [{"server", "peer_server", "gbps", "slow", "error"}],
//    "suspects": [{"server", "device", "reason"}],
//    "parts": [...], "passed": bool, "notes": [...], "problems": [...]}

#include "model/Project.h"

#include <QString>
#include <QStringList>

#include <nlohmann/json.hpp>
#include <optional>
#include <vector>

namespace cw {

// The three tests, in the order they run.
enum class DoctorPart { Links, Ports, Bandwidth };
QString doctorPartName(DoctorPart part); // "links", "ports", "bandwidth"
std::optional<DoctorPart> doctorPartFromName(const QString &name);

// One `hccn_tool -i DEVICE -ping -g address PEER_IP` from `server`.
struct DeviceLink {
    QString server;
    int device = -1;
    QString peerServer;
    int peerDevice = -1;
    QString peerIp;
    bool ok = false;
    double lossPct = -1; // -1: the tool printed no statistics line
    QString evidence;    // what the tool printed (bounded), or why it did not run
};

// One TCP connect from `server` to `peerServer`'s host_ip:port.
struct HostPort {
    QString server;
    QString peerServer;
    int port = 0;
    QString why; // requiredPorts()'s: "master_port", "HCCL host ports", "ephemeral ports (gloo)"
    bool ok = false;
    QString error; // "" when connected; "timed out", "refused", or the error as seen
    QString evidence;
};

// One all_reduce pair: GB/s moved between the two servers (bytes of the tensor per second).
struct PairBandwidth {
    QString server;
    QString peerServer;
    std::optional<double> gbps; // nullopt when the pair did not measure
    bool slow = false;          // below kSlowFraction of the median of every measured pair
    QString error;
};

// Whom the doctor suspects: a device (`device` set) or a whole server.
struct Suspect {
    QString server;
    std::optional<int> device;
    QString reason;
};

inline constexpr double kSlowFraction = 0.7;

struct DoctorReport {
    std::vector<DoctorPart> parts; // the parts that ran
    std::vector<DeviceLink> links;
    std::vector<HostPort> ports;
    std::vector<PairBandwidth> bandwidth;
    std::vector<Suspect> suspects;
    QStringList notes;    // how it was measured: sampling, the backend and why
    QStringList problems; // what kept a part from testing everything (servers not reached)
    bool cancelled = false;

    // Nothing failed, nothing slow, nothing left untested.
    bool passed() const;
    int failedLinks() const;
    int failedPorts() const;
    int slowOrFailedPairs() const;
};

// Flags the slow pairs (below kSlowFraction of the median of the measured ones) in place.
void flagSlowPairs(std::vector<PairBandwidth> &pairs);

// The suspects the report's cells point at (replaces report.suspects):
// - a device whose tests (as source and as target) failed more often than not;
// - a server with a port that failed from every peer, or from some peers only (one suspect per
//   server and port, the peers named);
// - the server common to every slow pair (both of them when only one pair is slow).
void findSuspects(DoctorReport &report);

nlohmann::ordered_json doctorReportToJson(const DoctorReport &report);

} // namespace cw
