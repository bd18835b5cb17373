#pragma once

#include "model/Problem.h"
#include "model/Project.h"

namespace cw {

// Every rule a project must satisfy before anything is generated or launched: field values
// (addresses, names, ports, paths, variable names), server list (unique names and host IPs,
// master exists, at most 128), device subsets, and for ascend910 the device network rules.
// One Problem per broken rule and place, each naming the JSON path, the server and the device.
Problems validateProject(const Project &project);

} // namespace cw
