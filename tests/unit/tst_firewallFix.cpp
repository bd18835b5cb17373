// SPDX-License-Identifier: GPL-3.0-or-later
// The firewall fixes: the exact commands per layer for facts parsed from captured outputs, and the
// nftables and iptables ones run for real in a network namespace of the test's own (open, run
// again, undo; stop, undo), proven by parsing the firewall again and comparing with the snapshot.
// ufw and firewalld cannot be run per namespace here: they are covered by the exact commands only.
#include "ProbeTestData.h"

#include "fix/FirewallFix.h"
#include "shell/ShellQuote.h"

#include <QCoreApplication>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

using namespace cw;
using namespace cwtest;
using namespace Qt::StringLiterals;

namespace {

FirewallFacts factsFrom(const QString &layer, const QString &text)
{
    FirewallFacts facts;
    if (layer == u"ufw"_s)
        facts.ufw = parseUfwStatus(text);
    else if (layer == u"firewalld"_s)
        facts.firewalld = parseFirewalldListAll(text);
    else if (layer == u"nftables"_s)
        facts.nftables = parseNftRuleset(text);
    else
        facts.iptables = parseIptablesRules(text);
    deriveFirewallKind(facts);
    return facts;
}

// "29501,60000-60031" -> spans
std::vector<PortSpan> spans(const QString &text)
{
    std::vector<PortSpan> result;
    for (const QString &part : text.split(u',', Qt::SkipEmptyParts)) {
        const QStringList ends = part.split(u'-');
        result.push_back({ends.first().toInt(), ends.last().toInt()});
    }
    return result;
}

QStringList descriptions(const std::vector<RemoteStep> &steps)
{
    QStringList result;
    for (const RemoteStep &step : steps)
        result << step.description;
    return result;
}

bool allowed(const FirewallFacts &facts, int port)
{
    return firewallAllowsPort(facts, port).verdict == PortVerdict::Allowed;
}

} // namespace

Q_DECLARE_METATYPE(cw::FirewallFacts)

class TestFirewallFix : public QObject {
    Q_OBJECT

    QString m_namespace;
    QTemporaryDir m_varLib; // bind-mounted over /var/lib inside the namespace: no host state

    struct Result {
        int rc = -1;
        QString out;
    };

    Result inNamespace(const QString &command)
    {
        QProcess process;
        const QString script = u"mount --bind "_s + shellQuote(m_varLib.path()) +
                               u" /var/lib || exit 99\n"_s + command;
        process.start(u"ip"_s, {u"netns"_s, u"exec"_s, m_namespace, u"sh"_s, u"-c"_s, script});
        if (!process.waitForFinished(30000))
            qFatal("command hung in namespace: %s", qPrintable(command));
        return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1,
                QString::fromUtf8(process.readAllStandardOutput())};
    }

    QString must(const QString &command)
    {
        const Result result = inNamespace(command);
        if (result.rc != 0)
            qWarning("failed (rc %d): %s", result.rc, qPrintable(command));
        return result.rc == 0 ? result.out : u"<failed>"_s;
    }

    // Creates this test's namespace; false (the caller skips) when that is not possible here.
    bool startNamespace(QString *why)
    {
        if (geteuid() != 0) {
            *why = u"needs root for ip netns"_s;
            return false;
        }
        m_namespace = u"cwfw"_s + QString::number(QCoreApplication::applicationPid());
        QProcess add;
        add.start(u"ip"_s, {u"netns"_s, u"add"_s, m_namespace});
        if (!add.waitForFinished(10000) || add.exitCode() != 0) {
            *why = u"ip netns add failed: "_s + QString::fromUtf8(add.readAllStandardError());
            m_namespace.clear();
            return false;
        }
        return true;
    }

    FirewallFacts readFacts(bool withIptables)
    {
        FirewallFacts facts;
        facts.nftables = parseNftRuleset(must(u"nft list ruleset"_s));
        if (withIptables)
            facts.iptables = parseIptablesRules(must(u"iptables -S"_s));
        deriveFirewallKind(facts);
        return facts;
    }

    // Open, prove, run again, undo: the whole life of the open-ports fix on a live firewall.
    void openCycle(bool iptables, const QString &listing)
    {
        FirewallFacts facts = readFacts(iptables);
        QVERIFY(!allowed(facts, 29501));
        QVERIFY(!allowed(facts, 60010));
        QVERIFY(allowed(facts, 22));
        const std::vector<RemoteStep> steps =
            openPortSteps(3, facts, {{22, 22}, {29501, 29501}, {60000, 60031}});
        QCOMPARE(steps.size(), size_t(2));
        QCOMPARE(steps[0].serverIndex, 3);
        const QString before = must(listing);
        for (const RemoteStep &step : steps) {
            QVERIFY(!must(step.snapshotCommand).isEmpty());
            QCOMPARE(inNamespace(step.command).rc, 0);
        }
        facts = readFacts(iptables);
        QVERIFY(allowed(facts, 29501));
        QVERIFY(allowed(facts, 60000));
        QVERIFY(allowed(facts, 60031));
        QVERIFY(!allowed(facts, 60032));
        QVERIFY(openPortSteps(3, facts, {{29501, 29501}, {60000, 60031}}).empty());
        const QString opened = must(listing);
        for (const RemoteStep &step : steps)
            QCOMPARE(inNamespace(step.command).rc, 0);
        QCOMPARE(must(listing), opened); // check-then-set
        for (auto step = steps.rbegin(); step != steps.rend(); ++step)
            QCOMPARE(inNamespace(step->undoCommand).rc, 0);
        QCOMPARE(must(listing), before);
        QVERIFY(!allowed(readFacts(iptables), 29501));
    }

    void stopCycle(bool iptables, const QString &listing)
    {
        const FirewallFacts facts = readFacts(iptables);
        const std::vector<RemoteStep> steps = stopFirewallSteps(0, facts);
        QCOMPARE(steps.size(), size_t(1));
        const QString before = must(steps[0].snapshotCommand);
        QCOMPARE(must(listing), before);
        QCOMPARE(inNamespace(steps[0].command).rc, 0);
        QVERIFY(allowed(readFacts(iptables), 29501));
        QCOMPARE(inNamespace(steps[0].command).rc, 0); // must keep the first save
        QCOMPARE(inNamespace(steps[0].undoCommand).rc, 0);
        QCOMPARE(must(listing), before);
        QVERIFY(!allowed(readFacts(iptables), 29501));
        QCOMPARE(inNamespace(steps[0].undoCommand).rc, 0); // nothing left to undo
        QCOMPARE(must(listing), before);
    }

    static constexpr char kNftSetup[] =
        "nft add table inet filter && nft add chain inet filter input "
        "'{ type filter hook input priority 0; policy drop; }' && "
        "nft add rule inet filter input tcp dport 22 accept";
    static constexpr char kIptablesSetup[] =
        "iptables -P INPUT DROP && iptables -A INPUT -p tcp --dport 22 -j ACCEPT";

private Q_SLOTS:
    void init() { QVERIFY(m_varLib.isValid()); }

    void cleanup()
    {
        if (m_namespace.isEmpty())
            return;
        QProcess::execute(u"ip"_s, {u"netns"_s, u"del"_s, m_namespace});
        m_namespace.clear();
    }

    void whichSpans_data();
    void whichSpans();
    void exactCommands_data();
    void exactCommands();
    void hostileNames();
    void refusals_data();
    void refusals();
    void stopCommands();

    void realNftablesOpen()
    {
        QString why;
        if (!startNamespace(&why))
            QSKIP(qPrintable(why));
        QCOMPARE(inNamespace(QString::fromLatin1(kNftSetup)).rc, 0);
        openCycle(false, u"nft list ruleset"_s);
    }

    void realNftablesStop()
    {
        QString why;
        if (!startNamespace(&why))
            QSKIP(qPrintable(why));
        QCOMPARE(inNamespace(QString::fromLatin1(kNftSetup)).rc, 0);
        stopCycle(false, u"nft list ruleset"_s);
    }

    // iptables here is iptables-nft: discovery reads both listings, and the fix must change the
    // rules through iptables only (nft shows that table as "do not touch").
    void realIptablesOpen()
    {
        QString why;
        if (!startNamespace(&why))
            QSKIP(qPrintable(why));
        QCOMPARE(inNamespace(QString::fromLatin1(kIptablesSetup)).rc, 0);
        const std::vector<RemoteStep> steps = openPortSteps(0, readFacts(true), {{29501, 29501}});
        QCOMPARE(descriptions(steps), QStringList{u"open 29501/tcp in iptables chain INPUT"_s});
        openCycle(true, u"iptables -S"_s);
    }

    // nftables and iptables both drop the port: one step per span changes both, and the undo
    // (or the stop's undo, run in reverse order) gives back both listings as they were.
    void realBothLayers()
    {
        QString why;
        if (!startNamespace(&why))
            QSKIP(qPrintable(why));
        QCOMPARE(inNamespace(QString::fromLatin1(kNftSetup) + u" && "_s +
                             QString::fromLatin1(kIptablesSetup))
                     .rc,
                 0);
        const QString listings = u"nft list ruleset && iptables -S"_s;
        const std::vector<RemoteStep> steps = openPortSteps(0, readFacts(true), {{29501, 29501}});
        QCOMPARE(descriptions(steps),
                 QStringList{u"open 29501/tcp in nftables table inet filter, chain input and "
                             "iptables chain INPUT"_s});
        QCOMPARE(steps[0].snapshotCommand, listings);
        openCycle(true, listings);

        // iptables-restore makes iptables-nft create its empty FORWARD and OUTPUT chains (policy
        // accept) that it had left out before: the same filtering, a longer nft listing. So the
        // stop is compared per layer: iptables' rules and the nft table that is nft's own.
        const QString layers = u"nft list table inet filter && iptables -S"_s;
        const QString before = must(layers);
        const std::vector<RemoteStep> stops = stopFirewallSteps(0, readFacts(true));
        QCOMPARE(stops.size(), size_t(2));
        for (const RemoteStep &step : stops)
            QCOMPARE(inNamespace(step.command).rc, 0);
        QVERIFY(allowed(readFacts(true), 29501));
        for (auto step = stops.rbegin(); step != stops.rend(); ++step)
            QCOMPARE(inNamespace(step->undoCommand).rc, 0);
        QCOMPARE(must(layers), before);
        QVERIFY(!allowed(readFacts(true), 29501));
    }

    void realIptablesStop()
    {
        QString why;
        if (!startNamespace(&why))
            QSKIP(qPrintable(why));
        QCOMPARE(inNamespace(QString::fromLatin1(kIptablesSetup)).rc, 0);
        stopCycle(true, u"iptables -S"_s);
    }
};

// ---- pure: the commands for facts parsed from captured outputs ---------------------------------

// Only the spans that are not allowed get a step, one step per span.
void TestFirewallFix::whichSpans_data()
{
    QTest::addColumn<QString>("layer");
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("ports");
    QTest::addColumn<QStringList>("expected");

    QTest::newRow("ufw default deny, deny rule, range")
        << u"ufw"_s << u"ufw/active.txt"_s << u"29501,1234,8888,60000-60031,61000-61010"_s
        << QStringList{u"open 1234/tcp in ufw"_s,
                       u"open 8888/tcp in ufw (as rule 1, before the rule that denies it)"_s,
                       u"open 61000-61010/tcp in ufw"_s};
    QTest::newRow("ufw reject rule")
        << u"ufw"_s << u"ufw/reject-master.txt"_s << u"22,29501"_s
        << QStringList{u"open 29501/tcp in ufw (as rule 1, before the rule that denies it)"_s};
    QTest::newRow("ufw inactive") << u"ufw"_s << u"ufw/inactive.txt"_s << u"29501"_s
                                  << QStringList{};
    // 9000 is rejected by a rich rule, which --add-port cannot override: no step for it.
    QTest::newRow("firewalld")
        << u"firewalld"_s << u"firewalld/public.txt"_s << u"29501,60000-60031,9000,7000-7010"_s
        << QStringList{u"open 7000-7010/tcp in firewalld zone public (runtime and permanent)"_s};
    QTest::newRow("nft drop rule")
        << u"nftables"_s << u"nft/drop-master-port.txt"_s << u"29501,29502"_s
        << QStringList{u"open 29501/tcp in nftables table inet filter, chain input"_s};
    QTest::newRow("nft policy drop")
        << u"nftables"_s << u"nft/policy-drop-open-ports.txt"_s
        << u"22,29501,60000-60031,29600-29601"_s
        << QStringList{u"open 29600-29601/tcp in nftables table inet filter, chain input"_s};
    QTest::newRow("nft of iptables-nft, iptables unread")
        << u"nftables"_s << u"nft/iptables-nft.txt"_s << u"22,29501"_s
        << QStringList{u"open 29501/tcp in nftables table ip filter, chain INPUT"_s};
    QTest::newRow("iptables jump to a dropping chain")
        << u"iptables"_s << u"iptables/drop-port.txt"_s << u"22,29501,60000-60031,61000-61010"_s
        << QStringList{u"open 29501/tcp in iptables chain INPUT"_s,
                       u"open 61000-61010/tcp in iptables chain INPUT"_s};
    QTest::newRow("iptables accept all")
        << u"iptables"_s << u"iptables/accept-all.txt"_s << u"29501"_s << QStringList{};
}

void TestFirewallFix::whichSpans()
{
    QFETCH(QString, layer);
    QFETCH(QString, file);
    QFETCH(QString, ports);
    QFETCH(QStringList, expected);
    const FirewallFacts facts = factsFrom(layer, probeText(file));
    QCOMPARE(firewallFixRefusal(facts), QString());
    const std::vector<RemoteStep> steps = openPortSteps(7, facts, spans(ports));
    QCOMPARE(descriptions(steps), expected);
    for (const RemoteStep &step : steps) {
        QCOMPARE(step.serverIndex, 7);
        QVERIFY(!step.snapshotCommand.isEmpty());
        QVERIFY(!step.undoCommand.isEmpty());
        QVERIFY(!step.command.contains(u"sudo"_s));
    }
}

void TestFirewallFix::exactCommands_data()
{
    QTest::addColumn<QString>("layer");
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("ports");
    QTest::addColumn<QString>("snapshot");
    QTest::addColumn<QString>("command");
    QTest::addColumn<QString>("undo");

    QTest::newRow("ufw") << u"ufw"_s << u"ufw/active.txt"_s << u"61000-61010"_s
                         << u"ufw status numbered"_s << u"ufw allow '61000:61010/tcp'"_s
                         << u"ufw delete allow '61000:61010/tcp'"_s;
    QTest::newRow("ufw before a deny")
        << u"ufw"_s << u"ufw/active.txt"_s << u"8888"_s << u"ufw status numbered"_s
        << u"ufw insert 1 allow '8888/tcp'"_s << u"ufw delete allow '8888/tcp'"_s;
    QTest::newRow("firewalld")
        << u"firewalld"_s << u"firewalld/public.txt"_s << u"7000-7010"_s
        << u"firewall-cmd --zone='public' --list-all"_s
        << u"firewall-cmd --zone='public' --add-port='7000-7010/tcp' && "
           "firewall-cmd --permanent --zone='public' --add-port='7000-7010/tcp'"_s
        << u"firewall-cmd --zone='public' --remove-port='7000-7010/tcp' && "
           "firewall-cmd --permanent --zone='public' --remove-port='7000-7010/tcp'"_s;
    QTest::newRow("nftables")
        << u"nftables"_s << u"nft/drop-master-port.txt"_s << u"29501"_s << u"nft list ruleset"_s
        << u"{ nft -a list chain 'inet' 'filter' 'input' | grep -qF 'comment \"clusterwiz-29501\"'"
           " || nft insert rule 'inet' 'filter' 'input' tcp dport '29501' accept comment "
           "'\"clusterwiz-29501\"'; }"_s
        << u"for h in $(nft -a list chain 'inet' 'filter' 'input' | sed -n "
           "'s/.* comment \"clusterwiz-29501\" # handle \\([0-9][0-9]*\\)$/\\1/p'); "
           "do nft delete rule 'inet' 'filter' 'input' handle \"$h\"; done"_s;
    QTest::newRow("iptables range")
        << u"iptables"_s << u"iptables/drop-port.txt"_s << u"61000-61010"_s << u"iptables -S"_s
        << u"{ iptables -C INPUT -p tcp --dport '61000:61010' -m comment --comment "
           "'clusterwiz-61000-61010' -j ACCEPT 2>/dev/null || iptables -I INPUT -p tcp --dport "
           "'61000:61010' -m comment --comment 'clusterwiz-61000-61010' -j ACCEPT; }"_s
        << u"if iptables -C INPUT -p tcp --dport '61000:61010' -m comment --comment "
           "'clusterwiz-61000-61010' -j ACCEPT 2>/dev/null; then iptables -D INPUT -p tcp "
           "--dport '61000:61010' -m comment --comment 'clusterwiz-61000-61010' -j ACCEPT; fi"_s;
}

void TestFirewallFix::exactCommands()
{
    QFETCH(QString, layer);
    QFETCH(QString, file);
    QFETCH(QString, ports);
    QFETCH(QString, snapshot);
    QFETCH(QString, command);
    QFETCH(QString, undo);
    const std::vector<RemoteStep> steps =
        openPortSteps(0, factsFrom(layer, probeText(file)), spans(ports));
    QCOMPARE(steps.size(), size_t(1));
    QCOMPARE(steps[0].snapshotCommand, snapshot);
    QCOMPARE(steps[0].command, command);
    QCOMPARE(steps[0].undoCommand, undo);
    QVERIFY(steps[0].input.isEmpty());
    QCOMPARE(steps[0].inputFromStep, -1);
}

void TestFirewallFix::hostileNames()
{
    // A firewalld zone reaches the shell single-quoted, quote and $(...) included.
    FirewallFacts firewalld = factsFrom(u"firewalld"_s, probeText(u"firewalld/public.txt"_s));
    firewalld.firewalld.zone = u"pub'lic $(reboot)"_s;
    const std::vector<RemoteStep> zoneSteps = openPortSteps(0, firewalld, {{7000, 7000}});
    QCOMPARE(zoneSteps.size(), size_t(1));
    QVERIFY(zoneSteps[0].command.startsWith(
        u"firewall-cmd --zone='pub'\\''lic $(reboot)' --add-port='7000/tcp'"_s));

    // nft names it can read back are quoted for the shell.
    FirewallFacts nft = factsFrom(u"nftables"_s, probeText(u"nft/drop-master-port.txt"_s));
    nft.nftables.tables[0].name = u"my-table.v2"_s;
    nft.nftables.tables[0].chains[0].name = u"in_put"_s;
    const std::vector<RemoteStep> steps = openPortSteps(0, nft, {{29501, 29501}});
    QCOMPARE(steps.size(), size_t(1));
    QVERIFY(steps[0].command.contains(u"nft insert rule 'inet' 'my-table.v2' 'in_put' tcp"_s));
    QCOMPARE(steps[0].description,
             u"open 29501/tcp in nftables table inet my-table.v2, chain in_put"_s);

    // Others nft itself would split or misread: refused, with the name quoted in the reason.
    nft.nftables.tables[0].chains[0].name = u"in'put; flush ruleset"_s;
    QCOMPARE(
        firewallFixRefusal(nft),
        u"nftables name 'in'\\''put; flush ruleset' cannot be written back to nft as one word"_s);
    QVERIFY(openPortSteps(0, nft, {{29501, 29501}}).empty());
    QVERIFY(stopFirewallSteps(0, nft).empty());
}

void TestFirewallFix::refusals_data()
{
    QTest::addColumn<FirewallFacts>("facts");
    QTest::addColumn<QString>("refusal");

    QTest::newRow("ufw not root")
        << factsFrom(u"ufw"_s, probeText(u"ufw/not-root.txt"_s))
        << u"the firewall could not be read (discovery needs root for it)"_s;
    FirewallFacts iptables; // as parseProbeOutput() leaves it for iptables/not-root.txt
    iptables.iptables.toolFound = true;
    iptables.iptables.error = probeText(u"iptables/not-root.txt"_s).trimmed();
    deriveFirewallKind(iptables);
    QTest::newRow("iptables not root")
        << iptables
        << u"the firewall could not be read (discovery needs root for it): iptables v1.8.9 "
           "(nf_tables): Could not fetch rule set generation id: Permission denied (you must be "
           "root)"_s;
}

void TestFirewallFix::refusals()
{
    QFETCH(FirewallFacts, facts);
    QFETCH(QString, refusal);
    QCOMPARE(facts.kind, FirewallKind::Unknown);
    QCOMPARE(firewallFixRefusal(facts), refusal);
    QVERIFY(openPortSteps(0, facts, {{29501, 29501}}).empty());
    QVERIFY(stopFirewallSteps(0, facts).empty());

    const FirewallFacts none; // no firewall: nothing to do and nothing to refuse
    QCOMPARE(firewallFixRefusal(none), QString());
    QVERIFY(openPortSteps(0, none, {{29501, 29501}}).empty());
    QVERIFY(stopFirewallSteps(0, none).empty());
}

void TestFirewallFix::stopCommands()
{
    const auto stop = [](const QString &layer, const QString &file) {
        const std::vector<RemoteStep> steps =
            stopFirewallSteps(1, factsFrom(layer, probeText(file)));
        return steps.size() == 1 ? steps[0] : RemoteStep{};
    };
    const RemoteStep ufw = stop(u"ufw"_s, u"ufw/active.txt"_s);
    QCOMPARE(ufw.serverIndex, 1);
    QCOMPARE(ufw.snapshotCommand, u"ufw status numbered"_s);
    QCOMPARE(ufw.command, u"ufw disable"_s);
    QCOMPARE(ufw.undoCommand, u"ufw --force enable"_s);
    const RemoteStep firewalld = stop(u"firewalld"_s, u"firewalld/public.txt"_s);
    QCOMPARE(firewalld.snapshotCommand, u"firewall-cmd --list-all"_s);
    QCOMPARE(firewalld.command, u"systemctl stop firewalld"_s);
    QCOMPARE(firewalld.undoCommand, u"systemctl start firewalld"_s);
    const RemoteStep nft = stop(u"nftables"_s, u"nft/policy-drop-open-ports.txt"_s);
    QCOMPARE(nft.snapshotCommand, u"nft list ruleset"_s);
    QVERIFY(nft.command.endsWith(u"&& nft flush ruleset; else rm -f "
                                 "'/var/lib/clusterwiz/nft-ruleset-before-stop.nft.tmp'; fi"_s));
    QCOMPARE(nft.undoCommand,
             u"if [ -f '/var/lib/clusterwiz/nft-ruleset-before-stop.nft' ]; then nft flush ruleset "
             "&& nft -f '/var/lib/clusterwiz/nft-ruleset-before-stop.nft' && rm -f "
             "'/var/lib/clusterwiz/nft-ruleset-before-stop.nft'; fi"_s);
    const RemoteStep iptables = stop(u"iptables"_s, u"iptables/drop-port.txt"_s);
    QCOMPARE(iptables.snapshotCommand, u"iptables -S"_s);
    QCOMPARE(
        iptables.command,
        u"if iptables -S INPUT | grep -qv '^-P INPUT ACCEPT$'; then mkdir -p "
        "'/var/lib/clusterwiz' && iptables-save > '/var/lib/clusterwiz/iptables-before-stop.rules'"
        " && iptables -P INPUT ACCEPT && iptables -F INPUT; fi"_s);
    QCOMPARE(iptables.undoCommand,
             u"if [ -f '/var/lib/clusterwiz/iptables-before-stop.rules' ]; then iptables-restore < "
             "'/var/lib/clusterwiz/iptables-before-stop.rules' && rm -f "
             "'/var/lib/clusterwiz/iptables-before-stop.rules'; fi"_s);
}

QTEST_GUILESS_MAIN(TestFirewallFix)
#include "tst_firewallFix.moc"
