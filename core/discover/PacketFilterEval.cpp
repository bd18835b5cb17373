// SPDX-License-Identifier: GPL-3.0-or-later
// Walks nftables or iptables chains the way netfilter does for a new IPv4 TCP connection to a
// local port: first matching verdict wins, jumps return, the base chain's policy decides last,
// and a drop in any input base chain drops the packet whatever the other chains said.
#include "discover/FirewallFacts.h"

#include "discover/ProbeText.h"

using namespace Qt::StringLiterals;

namespace cw {
namespace {

struct Outcome {
    enum Kind { Accept, Drop, Continue, Unknown };
    Kind kind = Continue;
    QString rule;
    bool conditional = false;
};

class ChainWalker {
public:
    ChainWalker(const FilterTable &table, int port, bool iptablesStyle)
        : m_table(table), m_port(port), m_iptablesStyle(iptablesStyle)
    {
    }

    Outcome walk(const FilterChain &chain, size_t from, int depth)
    {
        if (depth > 32)
            return {Outcome::Unknown, u"jumps nest deeper than 32 chains: "_s + chain.name, false};
        for (size_t i = from; i < chain.rules.size(); ++i) {
            if (--m_budget < 0)
                return {Outcome::Unknown, u"rule set too complex to evaluate"_s, false};
            const FilterRule &rule = chain.rules[i];
            if (rule.match == FilterRule::Match::Never)
                continue;
            const std::optional<FilterVerdict> verdict = verdictFor(rule);
            if (!verdict || verdict->action == FilterAction::None)
                continue;
            const Outcome matched = apply(*verdict, rule, chain, i, depth);
            if (rule.match == FilterRule::Match::Always)
                return matched;
            // The rule may or may not match: when both ways end alike the answer is certain.
            Outcome rest = walk(chain, i + 1, depth);
            if (rest.kind == matched.kind)
                return rest;
            Outcome uncertain = matched;
            uncertain.conditional = true;
            return uncertain;
        }
        // Falling off a base chain is its policy; off any other chain, back to the caller.
        return chain.inputHook ? policy(chain) : Outcome{};
    }

    Outcome policy(const FilterChain &chain) const
    {
        const bool drop = chain.policy == u"drop"_s;
        return {drop ? Outcome::Drop : Outcome::Accept,
                m_iptablesStyle ? u"-P "_s + chain.name + u' ' + chain.policy.toUpper()
                                : describe(chain, u"policy "_s + chain.policy),
                false};
    }

    QString describe(const FilterChain &chain, const QString &what) const
    {
        if (m_iptablesStyle)
            return what;
        return u"table "_s + m_table.family + u' ' + m_table.name + u" chain "_s + chain.name +
               u": "_s + what;
    }

private:
    std::optional<FilterVerdict> verdictFor(const FilterRule &rule) const
    {
        if (!rule.portVerdicts.empty()) {
            for (const auto &[span, verdict] : rule.portVerdicts) {
                if (span.contains(m_port))
                    return verdict;
            }
            return std::nullopt;
        }
        if (!rule.anyPort && spansContain(rule.ports, m_port) == rule.portsNegated)
            return std::nullopt;
        return rule.verdict;
    }

    Outcome apply(const FilterVerdict &verdict, const FilterRule &rule, const FilterChain &chain,
                  size_t index, int depth)
    {
        const QString text = describe(chain, rule.text);
        switch (verdict.action) {
        case FilterAction::Accept:
            return {Outcome::Accept, text, false};
        case FilterAction::Drop:
        case FilterAction::Reject:
            return {Outcome::Drop, text, false};
        case FilterAction::Return:
            return chain.inputHook ? policy(chain) : Outcome{Outcome::Continue, text, false};
        case FilterAction::Jump:
        case FilterAction::Goto: {
            const FilterChain *target = m_table.chain(verdict.target);
            if (!target)
                return {Outcome::Unknown, text, false};
            const Outcome sub = walk(*target, 0, depth + 1);
            if (sub.kind != Outcome::Continue)
                return sub;
            // Back from a jump: the next rule; back from a goto: the caller, or the policy.
            if (verdict.action == FilterAction::Jump)
                return walk(chain, index + 1, depth);
            return chain.inputHook ? policy(chain) : sub;
        }
        case FilterAction::None:
        case FilterAction::Other:
            break;
        }
        return {Outcome::Unknown, text, false};
    }

    const FilterTable &m_table;
    int m_port;
    bool m_iptablesStyle;
    int m_budget = 20000;
};

} // namespace

const FilterChain *FilterTable::chain(const QString &name) const
{
    for (const FilterChain &candidate : chains) {
        if (candidate.name == name)
            return &candidate;
    }
    return nullptr;
}

bool PacketFilterFacts::filtersInput() const
{
    for (const FilterTable &table : tables) {
        if (table.family != u"ip"_s && table.family != u"inet"_s)
            continue;
        for (const FilterChain &chain : table.chains) {
            if (chain.inputHook && (!chain.rules.empty() || chain.policy != u"accept"_s))
                return true;
        }
    }
    return false;
}

PortDecision packetFilterAllowsPort(const PacketFilterFacts &filter, int port,
                                    const QString &source)
{
    if (!filter.toolFound || !filter.readable)
        return {PortVerdict::Unknown,
                filter.error.isEmpty() ? source + u" rules could not be read"_s : filter.error,
                source, false};
    const bool iptablesStyle = source == u"iptables"_s;
    std::vector<PortDecision> decisions;
    for (const FilterTable &table : filter.tables) {
        if (table.family != u"ip"_s && table.family != u"inet"_s)
            continue; // IPv6-only, ARP, bridge and netdev tables do not see this traffic
        for (const FilterChain &chain : table.chains) {
            if (!chain.inputHook)
                continue;
            ChainWalker walker(table, port, iptablesStyle);
            const Outcome outcome = walker.walk(chain, 0, 0);
            const PortVerdict verdict = outcome.kind == Outcome::Accept ? PortVerdict::Allowed
                                        : outcome.kind == Outcome::Drop ? PortVerdict::Blocked
                                                                        : PortVerdict::Unknown;
            decisions.push_back({verdict, outcome.rule, source, outcome.conditional});
        }
    }
    if (decisions.empty())
        return {PortVerdict::Allowed, source + u": no input rules"_s, source, false};
    // A drop anywhere wins (a certain one first), then an unknown, else the packet is accepted.
    for (const bool conditional : {false, true}) {
        for (const PortDecision &decision : decisions) {
            if (decision.verdict == PortVerdict::Blocked && decision.conditional == conditional)
                return decision;
        }
    }
    for (const PortDecision &decision : decisions) {
        if (decision.verdict == PortVerdict::Unknown)
            return decision;
    }
    for (const PortDecision &decision : decisions) {
        if (decision.conditional)
            return decision;
    }
    return decisions.front();
}

} // namespace cw
