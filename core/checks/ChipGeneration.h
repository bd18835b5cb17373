// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "checks/ScriptConstants.h"
#include "model/Project.h"

#include <QString>

#include <optional>

namespace cw::checks {

// The accelerator generation of an NPU chip name as `npu-smi info` prints it: 910B1..910B4
// (a digit after 910B) are Atlas A2 chips (ascend910b); 910A, 910B, 910ProA, 910ProB are the
// first Ascend 910 (ascend910); Ascend910 is an Atlas A3 chip (ascend910_93). Any other name
// (310P, unknown) gives nullopt: no verdict.
std::optional<Accelerator> acceleratorOfChip(const QString &chip);
// An Atlas A3 chip ("Ascend910" in npu-smi info).
bool isAtlasA3Chip(const QString &chip);

// Why the chip does not fit the project's accelerator, or empty when it fits or is unknown.
// Only Ascend projects are compared; nvidia and cpu projects never get a reason.
QString chipMismatch(Accelerator project, const QString &chip);
// Those reasons, for check.sh's twin of the accelerator check.
std::vector<ScriptConstant> chipScriptConstants();

} // namespace cw::checks
