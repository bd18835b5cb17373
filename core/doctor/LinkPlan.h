// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Which device pings which (pure). HCCL's path between servers runs from device i of one server
// to device i of another, so every device pings the device of the same index on every other
// server; on 910A (ascend910) the segment rule puts devices i and i+4 in one segment
// (docs/ascend.md), so each device also pings its partner index on every server, its own
// included.
//
// Cost model (docs/doctor.md): a server runs its devices' pings at once, each device its own
// pings one after the other; all servers at once. The time is that of the device with the most
// pings: P pings of at most kPingSeconds each. Past kLinkFullMeshPeers peers per device the
// peers are sampled: server i pings the servers i + o_j (mod N) for kLinkFullMeshPeers offsets
// o_j spread over 1..N-1, so every server is pinged by as many servers as it pings, and every
// device is tested at least once in both directions. 128 servers x 8 devices: 32 pings per
// device (65 on 910A with the partners), at most 96 s (195 s) under the model.

#include "model/Project.h"

#include <QString>

#include <vector>

namespace cw {

inline constexpr int kLinkFullMeshPeers = 32; // peers per device pinged without sampling
inline constexpr int kPingSeconds = 3;        // hccn_tool -ping: 3 packets (docs/doctor.md)

// Atlas A3 SuperPoD (docs/doctor.md, "Atlas A3"): the dies of one super pod reach each other
// over HCCS and are tested with `hccn_tool -i D -hccs_ping -g address VNIC`; every other pair,
// and every pair of the other generations and of typical A3 networking, with `-ping`.
enum class LinkKind { Ping, HccsPing };

struct LinkProbe {
    int server = -1; // project index of the pinging server
    int device = -1;
    int peerServer = -1;
    int peerDevice = -1;
    QString peerIp; // the peer device's planned IP; for HccsPing the peer die's vNIC address
    LinkKind kind = LinkKind::Ping;
};

struct LinkPlan {
    std::vector<LinkProbe> probes; // server order, then device order, then peer order
    bool sampled = false;
    int peerServersPerDevice = 0; // how many other servers each device pings (same index)
    QString note;                 // one line for the report: full mesh or sampled, and why

    // The most pings any one device sends (what the cost model multiplies).
    int mostPingsPerDevice() const;
};

// The address `hccn_tool -hccs_ping -g address` takes for the die whose SDID is `sdid`: the
// driver's own mapping (CANN driver, hccn_tool tool_cmd.c: "ip地址格式：[192].[server_id].
// [2+die_id].[199-device_id]", "sdid格式：[10位server_id][4位chip_id][2位die_id][16位device_id]",
// an SDID valid when server_id < 48 and chip_id * 2 + die_id is the device_id). Empty when
// `sdid` is no such SDID: the tool refuses it, so no ping can address the die.
QString hccsPingAddress(const QString &sdid);

// The offsets 1..servers-1 of the servers each server pings, spread evenly when sampled.
std::vector<int> peerOffsets(int servers, int limit = kLinkFullMeshPeers);

// Devices without a planned IP are left out (the plan names them in `note`).
LinkPlan planLinks(const Project &project, int limit = kLinkFullMeshPeers);

} // namespace cw
