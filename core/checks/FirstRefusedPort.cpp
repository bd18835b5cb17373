// SPDX-License-Identifier: GPL-3.0-or-later
#include "checks/FirstRefusedPort.h"

#include <vector>

namespace cw {
namespace {

constexpr int kTestEveryPortUpTo = 64;

} // namespace

std::optional<SpanDecision> firstRefusedPort(const FirewallFacts &facts, const PortSpan &span)
{
    std::vector<int> sample;
    if (span.last - span.first < kTestEveryPortUpTo) {
        for (int port = span.first; port <= span.last; ++port)
            sample.push_back(port);
    } else {
        sample = {span.first, span.first + (span.last - span.first) / 2, span.last};
    }
    for (const int port : sample) {
        const PortDecision decision = firewallAllowsPort(facts, port);
        if (decision.verdict != PortVerdict::Allowed)
            return SpanDecision{port, decision};
    }
    return std::nullopt;
}

} // namespace cw
