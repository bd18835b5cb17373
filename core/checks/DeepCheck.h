// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The deep check: imports launch.framework's packages with launch.python on every server, once
// per server and all servers at once, each with its own time limit. Discovery never imports (it
// reads package metadata, rules/FrameworkPackages.h); importing torch_npu starts the driver
// and takes seconds, so this runs only when asked for (`check --deep`, the GUI's Deep check).

#include "checks/CheckTypes.h"
#include "fleet/FleetRunner.h"
#include "model/Project.h"

#include <QStringList>

#include <atomic>
#include <vector>

namespace cw {

inline constexpr char kFrameworkImportCheck[] = "framework-import";
inline constexpr int kDeepCheckTimeoutS = 120;

// The module names to import: the framework's packages (torch, torch_npu, mindspore, ...).
QStringList deepCheckModules(const Project &project);

// The remote command for one server: `timeout` around launch.python importing every module, the
// first failing import's error on stderr; each value quoted by shellQuote().
QString deepCheckCommand(const Project &project, int timeoutS);

// One framework-import result per server, in project order: ok with the versions, failed with
// the import's last error line, or "did not answer within N s".
std::vector<CheckResult> runDeepCheck(const Project &project, const FleetOptions &options,
                                      int timeoutS = kDeepCheckTimeoutS,
                                      const std::atomic<bool> *cancel = nullptr);

} // namespace cw
