// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The checks of one server's own state: names and addresses, accelerators, software, paths,
// sshd (CheckServer.cpp).

#include "checks/CheckContext.h"

#include <optional>

namespace cw::checks {

// The texts of these checks that check.sh's twins print (check-host.sh).
std::vector<ScriptConstant> serverScriptConstants();

CheckResult checkHostname(const CheckContext &context);
CheckResult checkHostIp(const CheckContext &context);
CheckResult checkAccelerator(const CheckContext &context);
CheckResult checkPython(const CheckContext &context);
CheckResult checkMpirun(const CheckContext &context);
CheckResult checkMsrun(const CheckContext &context);
CheckResult checkCannEnv(const CheckContext &context);
CheckResult checkPaths(const CheckContext &context);
CheckResult checkSshd(const CheckContext &context);

// A fact section that did not answer: "did not answer within N s" where it timed out, or the
// probe output stopped before it; nullopt when it answered.
std::optional<TrText> unanswered(const ServerFacts &facts, const char *section);
// The same, and "stopped before it" too for a section that is not there at all (a probe of an
// older version never printed it), as check.sh says of a fact it does not have.
std::optional<TrText> unansweredOrAbsent(const ServerFacts &facts, const char *section);

} // namespace cw::checks
