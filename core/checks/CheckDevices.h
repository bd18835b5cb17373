// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The Ascend device network of one server: planned vs actual device IPs, links and net health
// (CheckDevices.cpp).

#include "checks/CheckContext.h"

namespace cw::checks {

// The texts of these checks that check.sh's twins print (check-ascend.sh).
std::vector<ScriptConstant> deviceScriptConstants();

CheckResult checkDeviceIps(const CheckContext &context);
CheckResult checkDeviceLinks(const CheckContext &context);
CheckResult checkDeviceNetHealth(const CheckContext &context);

} // namespace cw::checks
