// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// One reader per fact of the fact table (discover/FactCommands.h): each puts its section's
// output into ServerFacts, reading the exit status as its tool uses it. parseProbeOutput()
// calls them through the table; the parsers of the text itself are in ProbeParsers.h.

#include "discover/FactCommands.h"

namespace cw::facts {

void readHostname(ServerFacts &facts, const ProbeSection &section, int device, QString *problem);
void readHostIps(ServerFacts &facts, const ProbeSection &section, int device, QString *problem);
void readIpAddr(ServerFacts &facts, const ProbeSection &section, int device, QString *problem);
void readOsRelease(ServerFacts &facts, const ProbeSection &section, int device, QString *problem);
void readSshConnection(ServerFacts &facts, const ProbeSection &section, int device,
                       QString *problem);
void readSshdProcesses(ServerFacts &facts, const ProbeSection &section, int device,
                       QString *problem);
void readPortOwners(ServerFacts &facts, const ProbeSection &section, int device, QString *problem);
void readPaths(ServerFacts &facts, const ProbeSection &section, int device, QString *problem);
void readMpirun(ServerFacts &facts, const ProbeSection &section, int device, QString *problem);
// ufw, firewalld-state, firewalld, nft and iptables; deriveFirewallKind() runs after them all.
void readFirewall(ServerFacts &facts, const ProbeSection &section, int device, QString *problem);
void readNpuSmi(ServerFacts &facts, const ProbeSection &section, int device, QString *problem);
void readNvidiaSmi(ServerFacts &facts, const ProbeSection &section, int device, QString *problem);
void readHccnConf(ServerFacts &facts, const ProbeSection &section, int device, QString *problem);
// hccn-ip.N, hccn-link.N, hccn-health.N and hccn-tls.N.
void readHccnDevice(ServerFacts &facts, const ProbeSection &section, int device, QString *problem);
void readDeviceHolders(ServerFacts &facts, const ProbeSection &section, int device,
                       QString *problem);
void readPython(ServerFacts &facts, const ProbeSection &section, int device, QString *problem);
void readNpuBoard(ServerFacts &facts, const ProbeSection &section, int device, QString *problem);
void readSuperPod(ServerFacts &facts, const ProbeSection &section, int device, QString *problem);
void readCannVersion(ServerFacts &facts, const ProbeSection &section, int device, QString *problem);
void readOrted(ServerFacts &facts, const ProbeSection &section, int device, QString *problem);
void readClock(ServerFacts &facts, const ProbeSection &section, int device, QString *problem);
void readHostResolves(ServerFacts &facts, const ProbeSection &section, int device,
                      QString *problem);
void readReservedPorts(ServerFacts &facts, const ProbeSection &section, int device,
                       QString *problem);
void readMsrun(ServerFacts &facts, const ProbeSection &section, int device, QString *problem);

} // namespace cw::facts
