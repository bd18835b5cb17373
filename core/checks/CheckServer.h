#pragma once

// The checks of one server's own state: names and addresses, accelerators, software, paths,
// sshd (CheckServer.cpp).

#include "checks/CheckContext.h"

namespace cw::checks {

CheckResult checkHostname(const CheckContext &context);
CheckResult checkHostIp(const CheckContext &context);
CheckResult checkAccelerator(const CheckContext &context);
CheckResult checkPython(const CheckContext &context);
CheckResult checkMpirun(const CheckContext &context);
CheckResult checkMsrun(const CheckContext &context);
CheckResult checkCannEnv(const CheckContext &context);
CheckResult checkPaths(const CheckContext &context);
CheckResult checkSshd(const CheckContext &context);

} // namespace cw::checks
