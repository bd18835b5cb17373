// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The firewall fixes as values: the exact commands that open the job's ports in the layer in
// charge of a server (fix::kOpenPorts, the first choice) or stop that firewall (fix::kStopFirewall,
// the explicit second choice), each with a snapshot and an undo. Commands are POSIX sh, run as
// root over SSH, built only from the parsed facts and port numbers, every value through
// shellQuote(). Rules this fix adds carry a comment `clusterwiz-PORT` (nftables, iptables) so
// that the check-then-set test and the undo find exactly them.

#include "discover/FirewallFacts.h"
#include "fix/FixTypes.h"

#include <QString>

#include <vector>

namespace cw {

// The ports a server must let in (TCP), as spans; the caller computes them.
// Steps that open exactly the spans that firewallAllowsPort() says are Blocked (or Unknown) on
// this server, for the layer in charge (facts.kind): ufw, firewalld, nftables or iptables.
// One step per span. Nothing blocked, no firewall, or no fix possible -> empty vector (see
// firewallFixRefusal() for why).
std::vector<RemoteStep> openPortSteps(int serverIndex, const FirewallFacts &facts,
                                      const std::vector<PortSpan> &ports);

// Stopping the firewall as the vendor documents it (second choice), with undo. Empty when no
// firewall filters incoming traffic or when it could not be read.
std::vector<RemoteStep> stopFirewallSteps(int serverIndex, const FirewallFacts &facts);

// One line saying why no firewall fix can be built for these facts (the firewall could not be
// read, nftables has no input base chain, a name nft could not parse back); empty when one can.
QString firewallFixRefusal(const FirewallFacts &facts);

// Where the stop fix keeps what it replaced, so that its undo puts back exactly that.
inline constexpr char kNftRulesetBeforeStop[] = "/var/lib/clusterwiz/nft-ruleset-before-stop.nft";
inline constexpr char kIptablesBeforeStop[] = "/var/lib/clusterwiz/iptables-before-stop.rules";

} // namespace cw
