// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/Project.h"
#include "plan/AddressPool.h"
#include "rules/SegmentMath.h"

#include <QString>

#include <array>
#include <vector>

namespace cw {

// How the planner picks segments and explains a segment that is too small.

using Segments = std::array<Ipv4Network, kSegmentCount>;

inline constexpr int kWidestAutoPrefix = 20; // tried down to /20 when the user fixed no netmask

// The seed's segment number `index` for a /prefix: counted from 192.168.100.0 for /20 and
// narrower masks, from 10.0.0.0 for wider ones.
Ipv4Network defaultSegment(int prefix, quint64 index);

// A planned value as a change line shows it: "(none)" for empty, control characters escaped.
QString shownPlanValue(const QString &value);

// Makes `ips` (one per device, in order) `server`'s device IPs, adding to `changes` a line
// "LABEL UNIT ID: OLD -> NEW" for each that changed (UNIT: "device", or "die" on Atlas A3).
void replaceDeviceIps(Server &server, const QStringList &ips, const QString &label,
                      const QString &unit, QStringList &changes);

// Without fixed segments, each segment follows the most common one among the IPs its devices
// already have (servers taken in `order`), so a repair keeps what works; segments no IP
// settles get the seed's defaults (192.168.100.0 ... for a /24, spread out for wider masks).
Segments inferSegments(const Project &project, const std::vector<int> &order, int prefix);

// Why segment j cannot hold `needed` devices of `servers` servers when only `usable` distinct
// last octets are left, in numbers, and which netmask would do.
QString capacityReason(const AddressPool &pool, int j, int needed, int servers, int usable);

} // namespace cw
