// SPDX-License-Identifier: GPL-3.0-or-later
// firewallAllowsPort() and the layer decisions under it, over captured `ufw status verbose`,
// `firewall-cmd --list-all`, `nft list ruleset` and `iptables -S`: the verdict and the exact
// rule that decides, as the user will see it in a failed check.
#include "ProbeTestData.h"

#include "discover/FirewallFacts.h"
#include "discover/ProbeParsers.h"

#include <QTest>

using namespace cw;
using namespace cwtest;
using namespace Qt::StringLiterals;

namespace {

PortDecision decide(const QString &layer, const QString &file, int port)
{
    const QString text = probeText(file);
    if (layer == u"ufw"_s)
        return ufwAllowsPort(parseUfwStatus(text), port);
    if (layer == u"firewalld"_s)
        return firewalldAllowsPort(parseFirewalldListAll(text), port);
    if (layer == u"nftables"_s)
        return packetFilterAllowsPort(parseNftRuleset(text), port, layer);
    return packetFilterAllowsPort(parseIptablesRules(text), port, layer);
}

QString section(const QString &name, int rc, const QString &text)
{
    return u"@@clusterwiz-probe "_s + name + u" rc="_s + QString::number(rc) + u"@@\n"_s + text +
           u'\n';
}

} // namespace

class TestProbeFirewall : public QObject {
    Q_OBJECT

private:
    static void row(const char *layer, const char *file, int port, PortVerdict verdict,
                    const QString &rule, bool conditional = false)
    {
        QTest::addRow("%s %s %d", layer, file, port)
            << QString::fromLatin1(layer) << QString::fromLatin1(file) << port << verdict << rule
            << conditional;
    }

private Q_SLOTS:
    void decisions_data()
    {
        QTest::addColumn<QString>("layer");
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("port");
        QTest::addColumn<PortVerdict>("verdict");
        QTest::addColumn<QString>("rule");
        QTest::addColumn<bool>("conditional");
        const auto allowed = PortVerdict::Allowed;
        const auto blocked = PortVerdict::Blocked;

        row("ufw", "ufw/active.txt", 29501, allowed,
            u"29501/tcp                  ALLOW IN    Anywhere"_s);
        row("ufw", "ufw/active.txt", 60010, allowed,
            u"60000:60031/tcp            ALLOW IN    Anywhere                   # HCCL"_s);
        row("ufw", "ufw/active.txt", 8888, blocked,
            u"8888                       DENY IN     Anywhere"_s);
        row("ufw", "ufw/active.txt", 9000, allowed,
            u"9000/tcp                   ALLOW IN    10.0.0.0/24"_s, true);
        row("ufw", "ufw/active.txt", 1234, blocked, u"Default: deny (incoming)"_s);
        row("ufw", "ufw/inactive.txt", 29501, allowed, u"Status: inactive"_s);
        row("ufw", "ufw/reject-master.txt", 22, allowed,
            u"OpenSSH                    ALLOW IN    Anywhere"_s);
        row("ufw", "ufw/reject-master.txt", 29501, blocked,
            u"29501/tcp                  REJECT IN   Anywhere"_s);
        row("ufw", "ufw/reject-master.txt", 5000, allowed, u"Default: allow (incoming)"_s);
        row("ufw", "ufw/reject-master.txt", 29510, allowed,
            u"29500,29510/tcp            LIMIT IN    Anywhere"_s, true);
        row("ufw", "ufw/not-root.txt", 22, PortVerdict::Unknown, u"ufw status unreadable"_s);
        // Allowed from the servers' subnet only: allowed for the traffic the rule names.
        row("ufw", "ufw/source-range.txt", 29501, allowed,
            u"29501/tcp                  ALLOW IN    10.0.0.0/24"_s, true);
        row("ufw", "ufw/source-range.txt", 60031, allowed,
            u"60000:60031/tcp            ALLOW IN    10.0.0.0/24"_s, true);
        row("ufw", "ufw/source-range.txt", 8080, blocked, u"Default: deny (incoming)"_s);
        // An application profile names no port here: whether it opens 29501 cannot be told.
        row("ufw", "ufw/app-profile.txt", 29501, PortVerdict::Unknown,
            u"Apache Full                ALLOW IN    Anywhere"_s);
        row("ufw", "ufw/app-profile.txt", 60000, allowed,
            u"60000:60031/tcp            ALLOW IN    Anywhere"_s);
        row("ufw", "ufw/app-profile.txt", 22, allowed,
            u"OpenSSH                    ALLOW IN    Anywhere"_s);

        row("firewalld", "firewalld/public.txt", 29501, allowed, u"ports: 29501/tcp"_s);
        row("firewalld", "firewalld/public.txt", 60031, allowed, u"ports: 60000-60031/tcp"_s);
        row("firewalld", "firewalld/public.txt", 22, allowed, u"services: ssh"_s);
        row("firewalld", "firewalld/public.txt", 8050, allowed,
            u"rule family=\"ipv4\" source address=\"10.0.0.0/24\" port port=\"8000-8100\" protocol=\"tcp\" accept"_s,
            true);
        row("firewalld", "firewalld/public.txt", 9000, blocked,
            u"rule family=\"ipv4\" port port=\"9000\" protocol=\"tcp\" reject"_s);
        row("firewalld", "firewalld/public.txt", 1234, blocked, u"target: default (zone public)"_s);
        row("firewalld", "firewalld/trusted.txt", 1234, allowed, u"target: ACCEPT"_s);
        row("firewalld", "firewalld/rhel9-default.txt", 29501, blocked,
            u"target: default (zone public)"_s);
        row("firewalld", "firewalld/rhel9-default.txt", 9090, allowed, u"services: cockpit"_s);
        row("firewalld", "firewalld/rich-source.txt", 60015, allowed,
            u"rule family=\"ipv4\" source address=\"10.0.0.0/24\" port port=\"60000-60031\" protocol=\"tcp\" accept"_s,
            true);
        row("firewalld", "firewalld/rich-source.txt", 8080, blocked,
            u"target: default (zone public)"_s);

        row("nftables", "nft/debian-default.txt", 29501, allowed,
            u"table inet filter chain input: policy accept"_s);
        row("nftables", "nft/policy-drop-open-ports.txt", 22, allowed,
            u"table inet filter chain input: tcp dport 22 accept comment \"ssh\""_s);
        row("nftables", "nft/policy-drop-open-ports.txt", 29501, allowed,
            u"table inet filter chain input: tcp dport { 29501, 60000-60031 } ct state new counter packets 12 bytes 720 accept"_s);
        row("nftables", "nft/policy-drop-open-ports.txt", 29502, blocked,
            u"table inet filter chain input: policy drop"_s);
        row("nftables", "nft/drop-master-port.txt", 29501, blocked,
            u"table inet filter chain input: tcp dport 29501 counter packets 3 bytes 180 drop"_s);
        row("nftables", "nft/drop-master-port.txt", 22, allowed,
            u"table inet filter chain input: policy accept"_s);
        row("nftables", "nft/named-set-jump.txt", 29501, allowed,
            u"table inet fw chain inbound: tcp dport @allowed_tcp accept"_s);
        row("nftables", "nft/named-set-jump.txt", 60031, allowed,
            u"table inet fw chain inbound: tcp dport @allowed_tcp accept"_s);
        row("nftables", "nft/named-set-jump.txt", 60032, blocked,
            u"table inet fw chain input: policy drop"_s);
        row("nftables", "nft/named-set-jump.txt", 8050, allowed,
            u"table inet fw chain inbound: ip saddr 10.0.0.0/24 tcp dport 8000-8100 accept"_s,
            true);
        row("nftables", "nft/named-set-jump.txt", 9000, blocked,
            u"table inet fw chain inbound: tcp dport 9000 reject with tcp reset"_s);
        row("nftables", "nft/iptables-nft.txt", 22, allowed,
            u"table ip filter chain INPUT: meta l4proto tcp tcp dport 22 counter packets 3 bytes 180 accept"_s);
        row("nftables", "nft/iptables-nft.txt", 29501, blocked,
            u"table ip filter chain INPUT: policy drop"_s);
        const QString vmap =
            u"table inet filter chain input: tcp dport vmap { 22 : accept, 29501 : drop, 60000-60031 : accept }"_s;
        row("nftables", "nft/vmap-ports.txt", 29501, blocked, vmap);
        row("nftables", "nft/vmap-ports.txt", 60001, allowed, vmap);
        row("nftables", "nft/vmap-ports.txt", 8080, allowed,
            u"table inet filter chain input: policy accept"_s);

        row("iptables", "iptables/accept-all.txt", 29501, allowed, u"-P INPUT ACCEPT"_s);
        row("iptables", "iptables/rhel-reject.txt", 29501, allowed,
            u"-A INPUT -p tcp -m multiport --dports 29501,60000:60031 -m comment --comment \"clusterwiz job ports\" -j ACCEPT"_s);
        row("iptables", "iptables/rhel-reject.txt", 22, allowed,
            u"-A INPUT -p tcp -m state --state NEW -m tcp --dport 22 -j ACCEPT"_s);
        row("iptables", "iptables/rhel-reject.txt", 8080, blocked,
            u"-A INPUT -j REJECT --reject-with icmp-host-prohibited"_s);
        row("iptables", "iptables/drop-port.txt", 22, allowed,
            u"-A INPUT -p tcp -m tcp --dport 22 -j ACCEPT"_s);
        row("iptables", "iptables/drop-port.txt", 29501, blocked, u"-P INPUT DROP"_s);
        row("iptables", "iptables/drop-port.txt", 60010, allowed,
            u"-A TRAINING -p tcp -m multiport --dports 60000:60031 -j ACCEPT"_s, true);
        row("iptables", "iptables/source-range.txt", 29501, allowed,
            u"-A INPUT -s 10.0.0.0/24 -p tcp -m tcp --dport 29501 -j ACCEPT"_s, true);
        row("iptables", "iptables/source-range.txt", 8080, blocked, u"-P INPUT DROP"_s);
        row("iptables", "iptables/ufw-chains.txt", 29501, allowed,
            u"-A ufw-user-input -p tcp -m tcp --dport 29501 -j ACCEPT"_s);
        row("iptables", "iptables/ufw-chains.txt", 60000, allowed,
            u"-A ufw-user-input -p tcp -m multiport --dports 60000:60031 -j ACCEPT"_s);
        row("iptables", "iptables/ufw-chains.txt", 8080, blocked, u"-P INPUT DROP"_s);
    }
    void decisions()
    {
        QFETCH(QString, layer);
        QFETCH(QString, file);
        QFETCH(int, port);
        QFETCH(PortVerdict, verdict);
        QFETCH(QString, rule);
        QFETCH(bool, conditional);
        const PortDecision decision = decide(layer, file, port);
        QCOMPARE(portVerdictName(decision.verdict), portVerdictName(verdict));
        QCOMPARE(decision.rule, rule);
        QCOMPARE(decision.conditional, conditional);
        QCOMPARE(decision.source, layer);
    }

    // Which layer is in charge, from whole probe outputs (exit statuses included).
    void kindAndCombinedVerdict_data()
    {
        QTest::addColumn<QString>("output");
        QTest::addColumn<QString>("kind");
        QTest::addColumn<PortVerdict>("master"); // port 29501
        const QString none = section(u"ufw"_s, 127, u"sh: 1: ufw: not found"_s) +
                             section(u"firewalld-state"_s, 127, QString());
        QTest::newRow("nothing filters")
            << none + section(u"nft"_s, 0, probeText(u"nft/debian-default.txt"_s)) +
                   section(u"iptables"_s, 0, probeText(u"iptables/accept-all.txt"_s))
            << u"none"_s << PortVerdict::Allowed;
        QTest::newRow("ufw active")
            << section(u"ufw"_s, 0, probeText(u"ufw/reject-master.txt"_s)) +
                   section(u"iptables"_s, 0, probeText(u"iptables/ufw-chains.txt"_s))
            << u"ufw"_s << PortVerdict::Blocked;
        QTest::newRow("ufw inactive, nft drops")
            << section(u"ufw"_s, 0, probeText(u"ufw/inactive.txt"_s)) +
                   section(u"nft"_s, 0, probeText(u"nft/drop-master-port.txt"_s))
            << u"nftables"_s << PortVerdict::Blocked;
        QTest::newRow("firewalld running")
            << section(u"firewalld-state"_s, 0, u"running"_s) +
                   section(u"firewalld"_s, 0, probeText(u"firewalld/public.txt"_s))
            << u"firewalld"_s << PortVerdict::Allowed;
        QTest::newRow("firewalld not running")
            << section(u"firewalld-state"_s, 252, u"not running"_s) +
                   section(u"iptables"_s, 0, probeText(u"iptables/rhel-reject.txt"_s))
            << u"iptables"_s << PortVerdict::Allowed;
        QTest::newRow("legacy iptables drops under an open nftables")
            << none +
                   section(u"nft"_s, 0,
                           probeText(u"nft/vmap-ports.txt"_s)
                               .replace(u"29501 : drop"_s, u"29501 : accept"_s)) +
                   section(u"iptables"_s, 0, probeText(u"iptables/drop-port.txt"_s))
            << u"nftables"_s << PortVerdict::Blocked;
        // A tool that would not tell: nothing is known of what it lets in, whatever the readable
        // layers show (an active ufw puts its rules in iptables; legacy iptables rules are not in
        // the nftables ruleset).
        QTest::newRow("ufw not root, packet filters read")
            << section(u"ufw"_s, 1, probeText(u"ufw/not-root.txt"_s)) +
                   section(u"firewalld-state"_s, 127, QString()) +
                   section(u"nft"_s, 0, probeText(u"nft/debian-default.txt"_s)) +
                   section(u"iptables"_s, 0, probeText(u"iptables/accept-all.txt"_s))
            << u"unknown"_s << PortVerdict::Unknown;
        QTest::newRow("iptables not root under an empty nftables")
            << none + section(u"nft"_s, 0, probeText(u"nft/debian-default.txt"_s)) +
                   section(u"iptables"_s, 4, probeText(u"iptables/not-root.txt"_s))
            << u"unknown"_s << PortVerdict::Unknown;
        QTest::newRow("firewalld running, its zone not listed")
            << section(u"firewalld-state"_s, 0, u"running"_s) +
                   section(u"firewalld"_s, 253, probeText(u"firewalld/not-authorized.txt"_s))
            << u"firewalld"_s << PortVerdict::Unknown;
        QTest::newRow("not root") << section(u"ufw"_s, 1, probeText(u"ufw/not-root.txt"_s)) +
                                         section(u"firewalld-state"_s, 127, QString()) +
                                         section(u"nft"_s, 1, u"Error: Operation not permitted"_s) +
                                         section(u"iptables"_s, 4,
                                                 probeText(u"iptables/not-root.txt"_s))
                                  << u"unknown"_s << PortVerdict::Unknown;
    }
    void kindAndCombinedVerdict()
    {
        QFETCH(QString, output);
        QFETCH(QString, kind);
        QFETCH(PortVerdict, master);
        const ServerFacts facts = parseProbeOutput(output + section(u"end"_s, 0, QString()));
        QCOMPARE(firewallKindName(facts.firewall.kind), kind);
        QCOMPARE(facts.firewall.active, kind != u"none"_s && kind != u"unknown"_s);
        QCOMPARE(portVerdictName(firewallAllowsPort(facts.firewall, 29501).verdict),
                 portVerdictName(master));
        QVERIFY(facts.issues.empty());
    }

    // What cannot be read is named, tool by tool, with the first line the tool printed.
    void unreadableFirewallsNamed()
    {
        const ServerFacts facts = parseProbeOutput(
            section(u"ufw"_s, 1, probeText(u"ufw/not-root.txt"_s)) +
            section(u"firewalld-state"_s, 0, u"running"_s) +
            section(u"firewalld"_s, 253, probeText(u"firewalld/not-authorized.txt"_s)) +
            section(u"nft"_s, 0, probeText(u"nft/truncated.txt"_s)) +
            section(u"iptables"_s, 127, u"sh: 1: iptables: not found"_s) +
            section(u"end"_s, 0, QString()));
        QCOMPARE(unreadableFirewalls(facts.firewall),
                 (QStringList{u"ufw: ERROR: You need to be root to run this script"_s,
                              u"firewalld: Authorization failed."_s,
                              u"nftables: output cut short inside table inet fw"_s}));
        QCOMPARE(firewalldAllowsPort(facts.firewall.firewalld, 22).rule,
                 u"Authorization failed."_s);
        FirewallFacts none;
        deriveFirewallKind(none);
        QVERIFY(unreadableFirewalls(none).isEmpty());
        QCOMPARE(none.kind, FirewallKind::None);
    }

    // A listing cut short may have lost the rule that drops the port: unreadable, never "no
    // firewall". The tables before the cut are still parsed.
    void cutShortListingIsUnreadable()
    {
        QString problem;
        const PacketFilterFacts cut = parseNftRuleset(probeText(u"nft/truncated.txt"_s), &problem);
        QVERIFY(!cut.readable);
        QCOMPARE(cut.error, u"output cut short inside table inet fw"_s);
        QCOMPARE(problem, u"unrecognised output: table inet fw {"_s);
        const QString whole = probeText(u"nft/drop-master-port.txt"_s);
        const PacketFilterFacts firstTable =
            parseNftRuleset(whole.left(whole.indexOf(u"}\n}"_s) + 3));
        QVERIFY(firstTable.readable); // cut between two tables: nothing is open
        const PacketFilterFacts secondOpen = parseNftRuleset(whole.left(whole.size() - 4));
        QVERIFY(!secondOpen.readable);
        QCOMPARE(secondOpen.error, u"output cut short inside table ip nat"_s);
        QCOMPARE(secondOpen.tables.size(), 1);
        const ServerFacts facts =
            parseProbeOutput(section(u"nft"_s, 0, probeText(u"nft/truncated.txt"_s)) +
                             section(u"iptables"_s, 0, probeText(u"iptables/accept-all.txt"_s)) +
                             section(u"end"_s, 0, QString()));
        QCOMPARE(facts.firewall.kind, FirewallKind::Unknown);
    }

    void unreadableSaysWhy()
    {
        const ServerFacts facts =
            parseProbeOutput(section(u"ufw"_s, 1, probeText(u"ufw/not-root.txt"_s)) +
                             section(u"end"_s, 0, QString()));
        const PortDecision decision = firewallAllowsPort(facts.firewall, 22);
        QCOMPARE(decision.verdict, PortVerdict::Unknown);
        QCOMPARE(decision.rule, u"ERROR: You need to be root to run this script"_s);
    }
};

QTEST_GUILESS_MAIN(TestProbeFirewall)
#include "tst_probeFirewall.moc"
