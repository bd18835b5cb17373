// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "discover/FirewallFacts.h"

#include <QHash>
#include <QString>

namespace cw {

// One nftables rule statement as `nft list ruleset` prints it ("tcp dport { 22, 29501 } ct
// state new accept"), reduced to the chain model of FirewallFacts.h. `sets` holds the named
// sets of the rule's table (name -> element list "{ 22, 60000-60031 }") for "@name" lookups.
// Matches this reader cannot decide make the rule Match::Maybe, never a wrong certainty.
FilterRule nftRule(const QString &statement, const QHash<QString, QString> &sets);

// "{ 22 : accept, 29501 : drop, 80 : jump web }" -> key/verdict pairs (keys as written).
std::vector<std::pair<QString, FilterVerdict>> nftVerdictMap(const QString &map);

} // namespace cw
