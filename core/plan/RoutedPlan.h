#pragma once

#include "model/Project.h"

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

} // namespace cw
