// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What the firewall fixes may touch: the input chains they may change, the names nft reads back,
// the comment that marks their rules, whether iptables filters at all. Shared by the open-ports
// and stop-firewall builders (FirewallFix*.cpp); not a public API.

#include "discover/FirewallFacts.h"

#include <QString>

#include <vector>

namespace cw::firewallfix {

// An nftables base chain of the input hook that sees IPv4 traffic, with the facts reduced to
// that one chain, so that "does this chain alone block the port?" can be asked of it.
struct NftInputChain {
    QString family;
    QString table;
    QString chain;
    PacketFilterFacts alone;
};

// The input chains this fix may change. Chains of iptables-nft's `ip filter` table are left to
// the iptables commands when iptables could be read (nft warns "do not touch" on them).
std::vector<NftInputChain> nftInputChains(const FirewallFacts &facts);

// Whether nft reads the name back as one identifier (its scanner's string: a letter, then
// letters, digits and `/ - _ .`). Other names would need nft's own quoting on top of the shell's.
bool nftNameWritable(const QString &name);

// The comment that marks a rule this fix added: "clusterwiz-29501", "clusterwiz-60000-60031".
QString ruleComment(const PortSpan &span);

// Whether iptables' own rules take part in what the server lets in.
bool iptablesFilters(const FirewallFacts &facts);

} // namespace cw::firewallfix
