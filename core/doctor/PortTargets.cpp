// SPDX-License-Identifier: GPL-3.0-or-later
// portTargets (declared in PortTest.h): the doctor connects to the ports of the one list the
// firewall check and fix read (rules/RequiredPorts.h).
#include "doctor/PortTest.h"

#include "rules/RequiredPorts.h"

namespace cw {

std::vector<PortTarget> portTargets(const Project &project, int serverIndex)
{
    std::vector<PortTarget> targets;
    for (const RequiredPort &required : requiredPorts(project, serverIndex)) {
        switch (required.use) {
        case PortUse::Ssh:
            targets.push_back({required.span.first, required.why, false});
            break;
        case PortUse::Master:
        case PortUse::Hccl:
            targets.push_back({required.span.first, required.why, true});
            break;
        case PortUse::Ephemeral:
            targets.push_back({0, required.why, true});
            break;
        }
    }
    return targets;
}

} // namespace cw
