// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/Project.h"

#include <vector>

namespace cw {

// The launch modes that can start the framework's processes, the framework's own launcher first:
// msrun is MindSpore's launcher; the torch launchers (mode launch, and mpirun per server, which
// starts one per server) exist only in PyTorch; MindSpore (seed 003: mpirun -n <devices>) runs
// one process per device, so mpirun fits it per device only. The CM_* variables of no-ranktable
// are read for TensorFlow alone (hicann/hccl docs/zh/user_guide/cluster_info_config/
// env_config_info.md), and TensorFlow's HCCL needs them or a rank table, which mpirun's ranks
// do not get (seed 002 starts its Horovod job with horovodrun). The rules and the wizard's mode
// buttons both ask this; docs/frameworks.md has the table.
std::vector<LaunchMode> launchModesFor(Framework framework);

} // namespace cw
