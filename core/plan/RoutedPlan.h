// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/Project.h"
#include "plan/Planner.h"

#include <QString>
#include <QStringList>

namespace cw {

// Routed planning: asked for by giving device_network.gateways (the switch's address in each
// device segment is a fact of the network, never something the planner makes up).

// Before planning: with gateways but no segments, the segments are those the gateways lie in
// (ascend910: four gateways, gateways[j] for segment j; ascend910b: one shared or one per
// server). Returns why routed planning cannot start, or an empty string.
QString prepareRoutedPlan(Project &project, QStringList &changes);

// After planning: empty detect_ips become the gateways, which Huawei recommends as the detect
// IP ("configure the gateway address in the segment as the detect object", toolbox user guide,
// https://www.hiascend.com/document/detail/zh/mindcluster/latest/toolbox/toolboxug/toolboxug_0142.html).
void finishRoutedPlan(Project &project, QStringList &changes);

// Asked for by `plan --fill-gateways`: when the servers of an ascend910b project have their
// devices in more than one segment, each segment without a gateway gets the highest address of
// the segment that no device or server uses (x.x.x.254 in a /24, a common router address), and
// empty detect_ips become the gateways. The user's own gateways are kept; a router with another
// address must be written into device_network.gateways by hand. Returns how many were filled.
int fillSegmentGateways(Project &project, QStringList &changes);

// planDeviceNetwork(), and when an ascend910b plan needs gateways it does not have (servers in
// several segments), fillSegmentGateways() on the planned project and planDeviceNetwork() again:
// what `plan --fill-gateways` runs. The changes of both passes are listed.
PlanResult planDeviceNetworkFillingGateways(const Project &project);

} // namespace cw
