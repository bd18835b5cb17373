// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The NPU TLS switch (`hccn_tool -i N -tls -g`) must be the same on every device of every
// server: HCCL links between devices whose TLS differs fail. The check (DeviceTls.cpp) and the
// align-device-tls fix (fix/DeviceTlsFix.cpp) agree on the common value through commonDeviceTls.

#include "checks/CheckContext.h"

#include <optional>
#include <vector>

namespace cw {

struct TlsCount {
    int on = 0;
    int off = 0;
};

// Counts the switch of the project's devices on every server with facts (nullptr: not reached).
TlsCount countDeviceTls(const Project &project, const std::vector<const ServerFacts *> &facts);

// The value every device should have: the majority's; on a tie, off (0), the value Huawei's
// install guide tells distributed training to use ("hccn_tool -i x -tls -s enable 0",
// https://www.hiascend.com/doc_center/source/zh/canncommercial/63RC2/envdeployment/instg/instg_000044.html).
// nullopt when no device's switch was read.
std::optional<bool> commonDeviceTls(const TlsCount &count);

} // namespace cw

namespace cw::checks {

// The texts of checkDeviceTls that check.sh's twin prints.
std::vector<ScriptConstant> tlsScriptConstants();
CheckResult checkDeviceTls(const CheckContext &context);

} // namespace cw::checks
