// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "net/Ipv4.h"

#include <QString>

#include <optional>

namespace cw {

// Arithmetic on the four Ascend device segments, shared by the rules and the planner.

inline constexpr int kSegmentCount = 4; // devices i and i + 4 share segment i % 4
inline constexpr int kMinDevicePrefix = 8;
inline constexpr int kMaxDevicePrefix = 30; // a /31 or /32 has no room for a device

// The prefix of a device netmask, or nullopt with `problem` saying why it is unusable.
std::optional<int> deviceNetmaskPrefix(const QString &netmask, QString *problem);

// The segment whose network address `text` is, for that prefix, or nullopt with `problem`.
std::optional<Ipv4Network> segmentFromText(const QString &text, int prefix, QString *problem);

// "devices 0 and 4" for segment 0.
QString segmentDevices(int segment);

// How many distinct last octets a segment of that prefix can give device IPs at most, before
// host IPs are taken out: every address but network and broadcast in a /24 or smaller, all 256
// values in anything larger.
int lastOctetCapacity(int prefix);

} // namespace cw
