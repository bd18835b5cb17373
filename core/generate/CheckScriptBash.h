#pragma once

#include "model/Project.h"

#include <QString>

namespace cw {

// The bash text of check.sh, one piece per topic; checkScript() (CheckScript.cpp) puts them after
// the plan, the project values, the fact commands, the check list and the required ports that it
// generates from the check table (checks/CheckTable.h). clusterwiz_check runs one check: it
// sets CHECK_ID to the check's id and calls the check's function, which prints one line or more
// through clusterwiz_ok / clusterwiz_warn / clusterwiz_fail / clusterwiz_skip:
// "[ OK ] CHECK_ID: detail". Each function is named in the table (CheckSpec::scriptFunction).

// The fact commands of the project (FACT_COMMANDS, FACT_ORDER...), from discover/FactCommands.h.
QString checkFactTable(const Project &project);
QString checkFramework(); // usage, options, counters, clusterwiz_check, needed ports, helpers
// clusterwiz_gather_facts (as discovery's probe), clusterwiz_fact and clusterwiz_peer_fact (read
// back), clusterwiz_output_line.
QString checkFactFunctions();
QString checkHostFunctions();     // hostname, host-ip, python-torch, mpirun, cann-env, paths, sshd
QString checkVersionFunctions();  // package versions by metadata, versions across servers
QString checkNvidiaFunction();    // accelerator for nvidia: nvidia-smi -L
QString checkCpuFunction();       // accelerator for cpu: nothing to check
QString checkAscendFunctions();   // accelerator (npu-smi), device-ips, device-links, -net-health
QString checkFirewallFunctions(); // firewall-ports: ufw, firewalld, nftables, iptables
// ssh, master-port-free, hccl-ports-free, master-port-reachable, peer-login, known-hosts
QString checkNetworkFunctions();
QString checkMain(); // finds the server, --list, runs the checks, prints the summary, exits

} // namespace cw
