// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/Project.h"

#include <vector>

namespace cw {

// The launch modes that can start the framework's processes, the framework's own launcher first:
// msrun is MindSpore's launcher; the torch launchers (mode launch, and mpirun per server, which
// starts one per server) exist only in PyTorch; MindSpore (seed 003: mpirun -n <devices>) and
// TensorFlow (seed 002: horovodrun -H host:8, or the rank table's per-device processes) run one
// process per device, so mpirun fits them per device only. The rules and the wizard's mode
// buttons both ask this.
std::vector<LaunchMode> launchModesFor(Framework framework);

} // namespace cw
