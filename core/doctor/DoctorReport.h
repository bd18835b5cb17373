// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What the network doctor found (`clusterwiz-cli doctor`, the wizard's Doctor view): one cell per
// device link pinged, per host port connected to, per server pair measured, and the suspects
// named from them. A value: the CLI prints it as text or JSON, the wizard draws it as matrices.
//
// JSON (stable; docs/doctor.md):
//   {"device_links": [{"server", "device", "peer_server", "peer_device", "peer_ip", "ok",
//                      "loss_pct", "evidence", "not_reached"}],
//    "host_ports": [{"server", "peer_server", "port", "why", "ok", "error", "evidence",
//                    "not_reached"}],
//    "bandwidth": [{"server", "peer_server", "gbps", "slow", "error", "not_reached"}],
//    "suspects": [{"server", "device", "reason"}],
//    "servers_not_reached": [{"server", "reason"}],
//    "parts": [...], "passed": bool, "notes": [...], "problems": [...]}
//
// A cell whose test never ran because a server was not reached over SSH names that server in
// "not_reached" (null otherwise): it is neither a failure nor a suspect, and is counted apart.

#include "model/Project.h"

#include <QString>
#include <QStringList>

#include <nlohmann/json_fwd.hpp>
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
    QString peerIp;    // for an hccs ping the peer die's vNIC address
    bool hccs = false; // Atlas A3 inside a super pod: hccn_tool -hccs_ping, else -ping
    bool ok = false;
    double lossPct = -1; // -1: the tool printed no statistics line
    QString evidence;    // what the tool printed (bounded), or why it did not run
    QString notReached;  // `server`, when it was not reached and the ping never ran

    bool tested() const { return notReached.isEmpty(); }
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
    QString notReached; // the server of the pair not reached (nothing was tried), or ""

    bool tested() const { return notReached.isEmpty(); }
};

// One all_reduce pair: GB/s moved between the two servers (bytes of the tensor per second).
struct PairBandwidth {
    QString server;
    QString peerServer;
    std::optional<double> gbps; // nullopt when the pair did not measure
    bool slow = false;          // below kSlowFraction of the median of every measured pair
    QString error;
    QString notReached; // the server of the pair not reached (nothing was run), or ""

    bool tested() const { return notReached.isEmpty(); }
};

// A server a part could not log in to: the cells that needed it were not tested.
struct ServerNotReached {
    QString server;
    QString reason; // the connection's error, as the part saw it first
};

// Whom the doctor suspects: a device (`device` set) or a whole server.
struct Suspect {
    QString server;
    std::optional<int> device;
    QString reason;
};

inline constexpr double kSlowFraction = 0.7;

struct DoctorReport {
    std::vector<DoctorPart> parts;           // the parts that ran
    QString unit = QStringLiteral("device"); // what a link's end is called: "die" on Atlas A3
    std::vector<DeviceLink> links;
    std::vector<HostPort> ports;
    std::vector<PairBandwidth> bandwidth;
    std::vector<Suspect> suspects;
    std::vector<ServerNotReached> notReached; // each server once, in the order found
    QStringList notes;                        // how it was measured: sampling, the backend and why
    QStringList problems; // what kept a part from testing everything (servers not reached)
    bool cancelled = false;

    // Nothing failed, nothing slow, nothing left untested.
    bool passed() const;
    // Cells that were tested and failed: a cell not tested (its server not reached) is not one.
    int failedLinks() const;
    int failedPorts() const;
    int slowOrFailedPairs() const;
    // Cells not tested because a server was not reached.
    int untestedLinks() const;
    int untestedPorts() const;
    int untestedPairs() const;
    // Records `server` as not reached (once; the first reason is kept).
    void addNotReached(const QString &server, const QString &reason);
    bool wasReached(const QString &server) const;
};

// The entry of `server` in `servers`, or nullptr. A part of a doctor run does not contact a
// server an earlier part could not log in to: its cells are not tested, with the same reason.
const ServerNotReached *findNotReached(const std::vector<ServerNotReached> &servers,
                                       const QString &server);

// A cell's evidence when `server` was not reached: "not tested: S unreachable (REASON)".
QString notReachedText(const QString &server, const QString &reason);

// Flags the slow pairs (below kSlowFraction of the median of the measured ones) in place.
void flagSlowPairs(std::vector<PairBandwidth> &pairs);

// The suspects the report's cells point at (replaces report.suspects). A server not reached is
// never a suspect, nor are the cells that involve it:
// - a device whose tests (as source and as target) failed more often than not;
// - a server with a port that failed from every peer, or from some peers only (one suspect per
//   server and port, the peers named);
// - the server common to every slow pair (both of them when only one pair is slow).
void findSuspects(DoctorReport &report);

nlohmann::ordered_json doctorReportToJson(const DoctorReport &report);

} // namespace cw
