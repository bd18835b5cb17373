#pragma once

#include <QString>

namespace cw {

// The bash text of check.sh, one piece per group of checks; checkScript() puts them after the
// plan and the project values they read (see CheckScript.cpp for those variables). Every check
// prints one line through clusterwiz_ok / clusterwiz_warn / clusterwiz_fail: "[ OK ] name: detail".

QString checkFramework();       // usage, options, result counters, small helpers
QString checkHostFunctions();   // host ip, python, torch, mpirun, env_setup, workdir, entry
QString checkAscendFunctions(); // npu-smi, device ip/link/net (hccn_tool)
QString checkNvidiaFunctions(); // nvidia-smi
QString checkPortFunctions();   // master port, hccl ports, firewalls (CheckFirewallParts.cpp)
QString checkMain();            // runs the checks in order, prints the summary, exits

} // namespace cw
