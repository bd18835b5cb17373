// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/Project.h"

#include <QStringList>

namespace cw {

// The python packages launch.framework needs, looked up by their installed metadata (never by
// import): pytorch -> torch (+ torch_npu on Ascend), mindspore -> mindspore, tensorflow ->
// tensorflow (+ npu_bridge on Ascend). The first is the framework itself.
QStringList frameworkPackages(const Project &project);

// Distribution names a package may be installed under, the asked name first
// ("tensorflow" is also "tensorflow-cpu"; "torch_npu" is "torch-npu" in some wheels).
QStringList packageDistributions(const QString &package);

} // namespace cw
