// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "checks/CheckContext.h"
#include "checks/ScriptConstants.h"

#include <utility>
#include <vector>

namespace cw {

// One component's version on one server: "NPU driver" 23.0.rc3, "torch" 2.1.0.
struct ComponentVersion {
    QString component;
    QString version;
};

// The versions a distributed job needs alike on every server, in a fixed order: NPU driver and
// firmware, CANN, Python, then launch.framework's packages. Unknown versions are left out
// (their own checks say why).
std::vector<ComponentVersion> componentVersions(const ServerFacts &facts, const Project &project);

// One line per component whose known versions differ, naming which servers have which, versions
// in order of first appearance: "torch: 2.1.0 on server0, server2; 2.3.1 on server1".
QStringList
versionDifferences(const std::vector<std::pair<QString, std::vector<ComponentVersion>>> &servers);

namespace checks {
// The texts of checkVersions that check.sh's twin prints.
std::vector<ScriptConstant> versionScriptConstants();
CheckResult checkVersions(const CheckContext &context);
} // namespace checks

} // namespace cw
