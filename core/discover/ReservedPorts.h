// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The kernel's reserved ports (ReservedPortsFacts) against a range a job needs: which of its
// ports the kernel may still hand to a connection (hccl-ports-reserved), and the reserved list
// with the range added, as the reserve-hccl-ports fix writes it (keeping what was reserved:
// writing ip_local_reserved_ports replaces the whole list).

#include "discover/ServerFacts.h"

#include <QString>

#include <vector>

namespace cw {

// The ports of `wanted` inside the ephemeral range and in no reserved span, as spans.
std::vector<PortSpan> unreservedPorts(const PortSpan &wanted, const ReservedPortsFacts &kernel);

// The reserved spans with `added`, sorted and merged: "8080,60000-60031".
QString reservedPortsWith(const std::vector<PortSpan> &reserved, const PortSpan &added);

} // namespace cw
