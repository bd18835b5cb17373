// SPDX-License-Identifier: GPL-3.0-or-later
// The check table against both of its readers: the C++ catalogue and the generated check.sh must
// name the same checks and the same required ports, for projects of every accelerator and mode
// with 1 and 3 servers. check.sh runs for real here: `--list` for what it would check and which
// ports it needs, and a whole run (--no-reach) for the ids its bash verdicts print.
#include "checks/CheckCatalogue.h"
#include "checks/CheckTable.h"
#include "checks/ValueChecks.h"
#include "discover/FactCommands.h"
#include "discover/ProbeParsers.h"
#include "fix/FixTable.h"
#include "generate/ScriptFiles.h"
#include "plan/Planner.h"
#include "rules/ProjectValidator.h"

#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

using namespace cw;
using namespace Qt::StringLiterals;

namespace {

// servers[0] is this machine, the others addresses of TEST-NET-2 that nothing here contacts.
Project project(Accelerator accelerator, LaunchMode mode, int servers, const QString &workdir)
{
    Project p;
    p.name = u"table"_s;
    p.accelerator = accelerator;
    for (int s = 0; s < servers; ++s) {
        Server server;
        server.name = u"server%1"_s.arg(s);
        server.host = s == 0 ? u"127.0.0.1"_s : u"198.51.100.%1"_s.arg(20 + s);
        server.user = u"root"_s;
        server.port = s == 0 ? 22 : 2222;
        server.devices = {0, 1, 2, 3, 4, 5, 6, 7};
        p.servers.push_back(server);
    }
    p.launch.mode = mode;
    if (mode == LaunchMode::Msrun)
        p.launch.framework = Framework::MindSpore; // msrun is MindSpore's launcher
    p.launch.workdir = workdir;
    p.launch.entry = u"main.py"_s;
    p.launch.python = u"/bin/true"_s; // the verdicts do not matter here, only their ids
    p.launch.masterPort = 29517;
    if (isAscend(accelerator)) {
        const PlanResult plan = planDeviceNetwork(p);
        if (!plan.ok)
            qFatal("no device plan: %s", qPrintable(plan.reason));
        p = plan.project;
    }
    return p;
}

// A firewall that lets every TCP port in: the firewall-ports check then lists the ports it
// looked at ("iptables lets in 29517, 32768-60999").
ServerDiscovery reachedWithOpenFirewall(int index)
{
    ServerDiscovery found;
    found.connection.serverIndex = index;
    ServerFacts facts;
    facts.firewall.iptables = parseIptablesRules(u"-P INPUT DROP\n-A INPUT -p tcp -j ACCEPT\n"_s);
    deriveFirewallKind(facts.firewall);
    found.facts = facts;
    return found;
}

struct ScriptRun {
    int exitCode = -1;
    QString out;
};

QString problemsText(const Problems &problems)
{
    QStringList lines;
    for (const Problem &problem : problems)
        lines << problem.toString();
    return lines.join(u"; "_s);
}

QSet<QString> setOf(const QStringList &list)
{
    return QSet<QString>(list.begin(), list.end());
}

} // namespace

class TestCheckTable : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    ScriptRun runCheckScript(const Project &p, int nodeRank, const QStringList &args)
    {
        const QString script = m_dir.filePath(u"check.sh"_s);
        QFile file(script);
        if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
            return {-2, file.errorString()};
        file.write(checkScript(p));
        file.close();
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(u"PATH"_s, QStringLiteral(CLUSTERWIZ_SOURCE_DIR "/tests/fixtures/ascend:") +
                                  env.value(u"PATH"_s));
        env.insert(u"HCCN_CONF"_s, m_dir.filePath(u"hccn.conf"_s));
        env.insert(u"CLUSTERWIZ_NODE_RANK"_s, QString::number(nodeRank));
        env.insert(u"HOME"_s, m_dir.path());
        QProcess process;
        process.setProcessEnvironment(env);
        process.setProcessChannelMode(QProcess::MergedChannels);
        process.start(u"/bin/bash"_s, QStringList{script} + args);
        if (!process.waitForFinished(120000)) {
            process.kill();
            process.waitForFinished();
        }
        return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1,
                QString::fromUtf8(process.readAll())};
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QFile conf(m_dir.filePath(u"hccn.conf"_s));
        QVERIFY(conf.open(QIODevice::WriteOnly));
        conf.write("npu_count=8\n");
    }

    // Every row of the table has a verdict on both sides and reads facts that exist.
    void everyCheckIsDecidedOnBothSides()
    {
        QSet<QString> ids;
        for (const CheckSpec &spec : checkTable()) {
            const QString id = QLatin1StringView(spec.id);
            QVERIFY2(!ids.contains(id), qPrintable(id));
            ids.insert(id);
            QVERIFY2(catalogueDecides(id), qPrintable(id));
            QVERIFY2(spec.scriptFunction &&
                         QByteArray(spec.scriptFunction).startsWith("clusterwiz_check_"),
                     qPrintable(id));
            for (const char *section : spec.facts)
                QVERIFY2(factCommand(QLatin1StringView(section)), section);
        }
        // Each function is defined in the check.sh of a project the check applies to.
        const Project ascend =
            project(Accelerator::Ascend910, LaunchMode::Mpirun, 3, m_dir.filePath(u"w"_s));
        const Project nvidia =
            project(Accelerator::Nvidia, LaunchMode::Launch, 1, m_dir.filePath(u"w"_s));
        const Project msrun =
            project(Accelerator::Ascend910b, LaunchMode::Msrun, 2, m_dir.filePath(u"w"_s));
        for (const Project &p : {ascend, nvidia, msrun}) {
            const Problems problems = validateProject(p);
            QVERIFY2(problems.empty(), qPrintable(problemsText(problems)));
            const QByteArray script = checkScript(p);
            for (const CheckSpec *spec : applicableCheckSpecs(p))
                QVERIFY2(script.contains(QByteArray(spec->scriptFunction) + "() {"),
                         spec->scriptFunction);
        }
    }

    // Every fact has a command and exactly one reader: discovery's, or a value row's (the row
    // is then its only reader, checks/ValueChecks.h); every section the probe prints reaches one.
    void everyFactHasACommandAndAReader()
    {
        for (const FactCommand &fact : factCommands()) {
            bool readByRow = false;
            for (const checks::ValueCheckRow &row : checks::valueCheckRows())
                readByRow =
                    readByRow || QLatin1StringView(row.section) == QLatin1StringView(fact.section);
            QVERIFY2(bool(fact.read) != readByRow, fact.section);
            QVERIFY2(fact.reads, fact.section);
            const bool perDevice = fact.devices != FactDevices::None;
            QVERIFY2(perDevice == (fact.deviceArgv != nullptr), fact.section);
            QVERIFY2(!fact.argv.isEmpty() || fact.deviceArgv || fact.projectArgv, fact.section);
        }
        QCOMPARE(portOwnersArgv(), (QStringList{u"ss"_s, u"-tulnp"_s}));
        QCOMPARE(portOwnersCommand(), u"'ss' '-tulnp'"_s);
    }

    // The fixes a row offers are fixes of the fix table, and a fix no row offers is dead.
    void rowsOfferKnownFixes()
    {
        QSet<QString> offered;
        for (const CheckSpec &spec : checkTable()) {
            for (const char *fix : spec.fixes) {
                QVERIFY2(fixSpec(QLatin1StringView(fix)), fix);
                offered.insert(QLatin1StringView(fix));
            }
        }
        for (const FixSpec &fix : fixTable()) {
            QVERIFY2(offered.contains(QLatin1StringView(fix.id)), fix.id);
            QVERIFY2(fix.title && fix.plan && fix.help, fix.id);
            QCOMPARE(newFixPlan(fix.id).title, QLatin1StringView(fix.title));
        }
    }

    // The device rows are written once for Ascend and apply to both generations (910A, 910B),
    // never to nvidia or cpu.
    void deviceChecksApplyToBothAscendGenerations()
    {
        const QString work = m_dir.filePath(u"work"_s);
        const QStringList deviceIds = {u"device-ips"_s, u"device-links"_s, u"device-net-health"_s,
                                       u"hccl-ports-free"_s};
        for (const Accelerator a : {Accelerator::Ascend910, Accelerator::Ascend910b}) {
            const QStringList ids = applicableCheckIds(project(a, LaunchMode::Launch, 2, work));
            for (const QString &id : deviceIds)
                QVERIFY2(ids.contains(id), qPrintable(acceleratorName(a) + u": no "_s + id));
        }
        for (const Accelerator a : {Accelerator::Nvidia, Accelerator::Cpu}) {
            const QStringList ids = applicableCheckIds(project(a, LaunchMode::Launch, 2, work));
            for (const QString &id : deviceIds)
                QVERIFY2(!ids.contains(id), qPrintable(acceleratorName(a) + u": has "_s + id));
        }
    }

    void checkScriptAgreesWithCatalogue_data()
    {
        QTest::addColumn<Accelerator>("accelerator");
        QTest::addColumn<LaunchMode>("mode");
        QTest::addColumn<int>("servers");
        for (const int servers : {1, 3}) {
            const auto row = [servers](const char *name, Accelerator a, LaunchMode m) {
                QTest::addRow("%s, %d servers", name, servers) << a << m << servers;
            };
            row("ascend launch", Accelerator::Ascend910, LaunchMode::Launch);
            row("ascend mpirun", Accelerator::Ascend910, LaunchMode::Mpirun);
            row("ascend910b launch", Accelerator::Ascend910b, LaunchMode::Launch);
            row("ascend910b msrun", Accelerator::Ascend910b, LaunchMode::Msrun);
            row("cpu mpirun", Accelerator::Cpu, LaunchMode::Mpirun);
            row("cpu no-ranktable", Accelerator::Cpu, LaunchMode::NoRankTable);
            row("nvidia ranktable", Accelerator::Nvidia, LaunchMode::RankTable);
        }
    }

    // Per server: the check ids and the required ports of `check.sh --list` are those of the
    // C++ catalogue's report, and a real run prints a line under every one of those ids only.
    void checkScriptAgreesWithCatalogue()
    {
        QFETCH(Accelerator, accelerator);
        QFETCH(LaunchMode, mode);
        QFETCH(int, servers);
        const Project p = project(accelerator, mode, servers, m_dir.filePath(u"work"_s));
        const Problems problems = validateProject(p);
        QVERIFY2(problems.empty(), qPrintable(problemsText(problems)));

        std::vector<ServerDiscovery> discovery;
        for (int s = 0; s < servers; ++s)
            discovery.push_back(reachedWithOpenFirewall(s));
        const CheckReport report = evaluateChecks(p, discovery, {});
        static const QRegularExpression listedSpan(u"(\\d+(?:-\\d+)?)"_s);
        static const QRegularExpression printedId(u"^\\[(?: OK |WARN|FAIL|SKIP)\\] ([a-z-]+): "_s);

        const std::vector<int> order = p.launchOrder();
        for (int rank = 0; rank < servers; ++rank) {
            const int index = order[size_t(rank)];
            QStringList catalogueIds;
            QStringList cataloguePorts;
            for (const CheckResult &result : report.results) {
                if (result.serverIndex != index)
                    continue;
                catalogueIds << result.id;
                if (result.id == QLatin1StringView(check::kFirewallPorts)) {
                    QVERIFY2(result.reason.startsWith(u"iptables lets in "_s),
                             qPrintable(result.reason));
                    auto it = listedSpan.globalMatch(result.reason);
                    while (it.hasNext())
                        cataloguePorts << it.next().captured(1);
                }
            }
            QCOMPARE(catalogueIds, applicableCheckIds(p));

            const ScriptRun listed = runCheckScript(p, rank, {u"--list"_s});
            QCOMPARE(listed.exitCode, 0);
            QStringList scriptIds;
            QStringList scriptPorts;
            QStringList scriptPortLines;
            for (const QString &line : listed.out.split(u'\n', Qt::SkipEmptyParts)) {
                if (line.startsWith(u"check "_s)) {
                    scriptIds << line.mid(6);
                } else if (line.startsWith(u"port "_s)) {
                    scriptPorts << line.section(u' ', 1, 1);
                    scriptPortLines << line.mid(5);
                } else {
                    QFAIL(qPrintable(u"unexpected line: "_s + line));
                }
            }
            QCOMPARE(scriptIds, catalogueIds);
            QCOMPARE(scriptPorts, cataloguePorts);
            QStringList requiredLines;
            for (const RequiredPort &port : requiredPorts(p, index))
                requiredLines << portSpanText(port.span) + u' ' + port.why;
            QCOMPARE(scriptPortLines, requiredLines);

            const ScriptRun run = runCheckScript(p, rank, {u"--no-reach"_s});
            QSet<QString> printed;
            for (const QString &line : run.out.split(u'\n')) {
                const auto match = printedId.match(line);
                if (match.hasMatch())
                    printed.insert(match.captured(1));
            }
            QVERIFY2(printed == setOf(catalogueIds), qPrintable(run.out));
        }
    }

    // The ephemeral range is a required port wherever gloo or NCCL connect, in check.sh too.
    void ephemeralPortsInCheckScript()
    {
        const Project cpu = project(Accelerator::Cpu, LaunchMode::Mpirun, 3, u"/w"_s);
        const ScriptRun listed = runCheckScript(cpu, 1, {u"--list"_s});
        QVERIFY2(listed.out.contains(u"\nport 32768-60999 ephemeral ports (gloo)\n"_s),
                 qPrintable(listed.out));
        QVERIFY(listed.out.contains(u"\nport 2222 SSH (mpirun logs in from the master)\n"_s));
        QVERIFY(!listed.out.contains(u"port 29517"_s));
    }
};

QTEST_GUILESS_MAIN(TestCheckTable)
#include "tst_checkTable.moc"
