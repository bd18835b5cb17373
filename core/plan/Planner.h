// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/Project.h"

#include <QString>
#include <QStringList>

namespace cw {

struct PlanResult {
    bool ok = false;
    Project project;     // the input with device_network and every device_ips filled
    QString reason;      // when !ok: why no plan exists, in numbers
    QStringList changes; // one line per value the planner set or replaced
    QString widened;     // when the user's netmask was too small for the cluster: why
};

// Fills or repairs the Ascend device network (ascend910: four segments; ascend910b: one segment
// per server or one shared, see ServerSegmentPlanner.h): keeps the netmask and segments the
// user fixed and every device IP that already satisfies the rules, assigns the rest. Chooses /24
// when it fits, else the smallest netmask that does. For ascend910, a netmask the user fixed that
// is too small for the cluster (a /24 for 128 servers) is widened to the smallest that fits, with
// new segments when the user's do not suit it; the netmask's line in `changes` says why. For
// nvidia and cpu projects it changes nothing.
PlanResult planDeviceNetwork(const Project &project);

} // namespace cw
