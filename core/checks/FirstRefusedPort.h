// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Whether a firewall lets a whole span of ports in, as the firewall-ports check asks it of the
// rules discovery read (discover/FirewallFacts.h).

#include "discover/FirewallFacts.h"
#include "net/PortSpan.h"

#include <optional>

namespace cw {

// The first port of `span` the firewall does not let in, with its decision; ports are tested
// one by one for small spans and at both ends and the middle for wide ones (a rule that splits
// a wide range elsewhere goes unnoticed: the check then says what it sampled). nullopt: all
// sampled ports are allowed.
struct SpanDecision {
    int port = 0;
    PortDecision decision;
};
std::optional<SpanDecision> firstRefusedPort(const FirewallFacts &facts, const PortSpan &span);

} // namespace cw
