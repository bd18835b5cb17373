// SPDX-License-Identifier: GPL-3.0-or-later
// Fixes and their undo on in-memory servers (tests/support/FakeRemote.h): a planned fix's
// snapshot, command and undo reach the right server in order, stages wait for the stage before,
// one step's output is the next one's input, the journal keeps what ran, and a failing step ends
// its server's work and is reported. The same fixes against real sshd, proven by what the servers
// show afterwards, are tests/cluster/tst_checkFix.cpp.
#include "FakeRemote.h"

#include "fix/FixJournal.h"
#include "fix/FixPlanner.h"
#include "plan/HccnCommands.h"
#include "plan/Planner.h"
#include "shell/ShellQuote.h"

#include <QDir>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

using namespace cw;
using namespace cwtest;
using namespace Qt::StringLiterals;

namespace {

const QString kWrongIp = QStringLiteral("192.168.250.3");

QString getIp(int device)
{
    return shellJoin(hccnGetIpCommand(device));
}

QString setIp(int device, const QString &address, const QString &netmask)
{
    return shellJoin(hccnSetIpCommand(device, address, netmask));
}

} // namespace

class TestFakeFix : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    std::shared_ptr<FakeFleet> m_fleet;
    Project m_project; // ascend910, device IPs planned
    FleetOptions m_options;
    QString m_journal;

    FakeServer &fake(int index) const { return m_fleet->server(m_project.servers[index].name); }
    QString netmask() const { return m_project.deviceNetwork.netmask; }
    QString planned(int server, int device) const
    {
        return m_project.servers[size_t(server)].deviceIps[device];
    }

    // What discovery would have found: every device at its planned address but `wrong` ones
    // (server, device) at kWrongIp.
    CheckRun foundWith(const std::vector<std::pair<int, int>> &wrong) const
    {
        CheckRun run;
        for (size_t i = 0; i < m_project.servers.size(); ++i) {
            ServerFacts facts;
            for (int device : m_project.servers[i].devices) {
                AscendDeviceFacts found;
                found.device = device;
                found.netmask = netmask();
                found.address =
                    std::find(wrong.begin(), wrong.end(), std::pair{int(i), device}) != wrong.end()
                        ? kWrongIp
                        : planned(int(i), device);
                facts.ascendDevices.push_back(found);
            }
            FleetResult reached;
            reached.serverIndex = int(i);
            reached.serverName = m_project.servers[i].name;
            run.discovery.push_back(ServerDiscovery{reached, facts});
        }
        return run;
    }

    // hccn_tool on a fake server: `-ip -g` prints what it read, `-ip -s` exits 0.
    void scriptDevice(int server, int device)
    {
        fake(server).on(
            FakeMatch::exact(getIp(device)),
            FakeAnswer{
                "ipaddr:" + kWrongIp.toUtf8() + "\nnetmask:" + netmask().toUtf8() + '\n', {}, 0});
        fake(server).on(FakeMatch::exact(setIp(device, planned(server, device), netmask())),
                        FakeAnswer{});
        fake(server).on(FakeMatch::exact(setIp(device, kWrongIp, netmask())), FakeAnswer{});
    }

private Q_SLOTS:
    void init()
    {
        m_fleet = std::make_shared<FakeFleet>();
        Project project;
        project.name = u"fix-test"_s;
        project.accelerator = Accelerator::Ascend910;
        for (int i = 0; i < 2; ++i) {
            Server node;
            node.name = u"node%1"_s.arg(i);
            node.host = u"10.2.0.%1"_s.arg(i + 1);
            node.user = u"root"_s;
            node.devices = {0, 1, 2, 3, 4, 5, 6, 7};
            project.servers.push_back(node);
            m_fleet->add(node.name, node.host);
        }
        project.launch.mode = LaunchMode::RankTable;
        project.launch.workdir = u"/root"_s;
        project.launch.entry = u"train.py"_s;
        const PlanResult plan = planDeviceNetwork(project);
        QVERIFY2(plan.ok, qPrintable(plan.reason));
        m_project = plan.project;
        m_options.connector = m_fleet;
        m_options.timeoutMs = 5000;
        m_journal = m_dir.filePath(
            u"%1.clusterwiz-undo.json"_s.arg(QString::fromLatin1(QTest::currentTestFunction())));
    }

    void aDeviceIpIsSetOnItsServerAndUndone()
    {
        const FixPlan plan = planSetDeviceIps(m_project, foundWith({{1, 3}}));
        QCOMPARE(plan.steps.size(), size_t(1));
        scriptDevice(1, 3);
        const FixOutcome outcome = applyFix(m_project, plan, m_options);
        QVERIFY2(outcome.ok(), qPrintable(outcome.firstError()));
        QCOMPARE(fake(1).commands(),
                 (QStringList{getIp(3), setIp(3, planned(1, 3), netmask())})); // snapshot first
        QCOMPARE(fake(0).connectAttempts(), 0);

        QCOMPARE(outcome.undo.steps.size(), size_t(1));
        const UndoStep &undo = outcome.undo.steps.front();
        QCOMPARE(undo.server, u"node1"_s);
        QCOMPARE(undo.command, setIp(3, kWrongIp, netmask()));
        QVERIFY(undo.snapshot.contains(u"ipaddr:"_s + kWrongIp));
        QCOMPARE(recordAppliedFix(m_journal, outcome.undo), QString());
        QString error;
        const auto journal = loadUndoJournal(m_journal, &error);
        QVERIFY2(journal && journal->size() == 1, qPrintable(error));
        QCOMPARE(journal->front().fixId, plan.id);

        const PendingUndo pending = pendingUndo(m_project, m_journal);
        QCOMPARE(pending.plan.steps.size(), size_t(1));
        QCOMPARE(pending.plan.steps.front().command, setIp(3, kWrongIp, netmask()));
        const UndoOutcome undone = undoLastFix(m_project, m_journal, m_options);
        QVERIFY2(undone.undone, qPrintable(undone.error));
        QCOMPARE(fake(1).commands().last(), setIp(3, kWrongIp, netmask()));
        QCOMPARE(fake(0).connectAttempts(), 0);
        QVERIFY(loadUndoJournal(m_journal, &error)->empty());
    }

    void oneUndoTakesBackAWholeFixCommand()
    {
        // Two fixes of one command (one group, as `fix --all` records them), then another command.
        const QString command = newFixGroup();
        for (int device : {3, 5}) {
            scriptDevice(1, device);
            const FixOutcome outcome = applyFix(
                m_project, planSetDeviceIps(m_project, foundWith({{1, device}})), m_options);
            QVERIFY2(outcome.ok(), qPrintable(outcome.firstError()));
            QCOMPARE(recordAppliedFix(m_journal, outcome.undo, command), QString());
        }
        scriptDevice(1, 6);
        const FixOutcome later =
            applyFix(m_project, planSetDeviceIps(m_project, foundWith({{1, 6}})), m_options);
        QCOMPARE(recordAppliedFix(m_journal, later.undo), QString());
        QString error;
        QCOMPARE(loadUndoJournal(m_journal, &error)->size(), size_t(3));

        QCOMPARE(pendingUndo(m_project, m_journal).fixes, 1);
        QVERIFY(undoLastFix(m_project, m_journal, m_options).undone);
        QCOMPARE(fake(1).commands().last(), setIp(6, kWrongIp, netmask()));

        const PendingUndo pending = pendingUndo(m_project, m_journal);
        QCOMPARE(pending.fixes, 2);
        QCOMPARE(pending.plan.steps.size(), size_t(2));
        QCOMPARE(pending.plan.steps[0].command, setIp(5, kWrongIp, netmask())); // newest first
        const UndoOutcome undone = undoLastFix(m_project, m_journal, m_options);
        QVERIFY2(undone.undone, qPrintable(undone.error));
        QCOMPARE(undone.plan.steps.size(), size_t(2));
        const QStringList commands = fake(1).commands();
        QCOMPARE(commands.mid(commands.size() - 2),
                 (QStringList{setIp(5, kWrongIp, netmask()), setIp(3, kWrongIp, netmask())}));
        QVERIFY(loadUndoJournal(m_journal, &error)->empty());
    }

    void aCorruptJournalIsKeptAside()
    {
        QFile junk(m_journal);
        QVERIFY(junk.open(QIODevice::WriteOnly) && junk.write("{\"entries\": [") > 0);
        junk.close();
        scriptDevice(1, 3);
        const FixOutcome outcome =
            applyFix(m_project, planSetDeviceIps(m_project, foundWith({{1, 3}})), m_options);
        const QString message = recordAppliedFix(m_journal, outcome.undo);
        QVERIFY2(message.contains(u".corrupt-"_s), qPrintable(message));
        const QStringList aside =
            QDir(m_dir.path())
                .entryList({QFileInfo(m_journal).fileName() + u".corrupt-*"_s}, QDir::Files);
        QCOMPARE(aside.size(), 1);
        QFile kept(m_dir.filePath(aside.constFirst()));
        QVERIFY(kept.open(QIODevice::ReadOnly));
        QCOMPARE(kept.readAll(), QByteArray("{\"entries\": ["));
        QString error;
        QCOMPARE(loadUndoJournal(m_journal, &error)->size(), size_t(1));
        QCOMPARE(QFileInfo(m_journal).permissions() & 0x0077, QFileDevice::Permissions()); // 0600
    }

    void aFailingStepEndsItsServersWorkAndIsReported()
    {
        const FixPlan plan = planSetDeviceIps(m_project, foundWith({{0, 1}, {1, 3}, {1, 5}}));
        QCOMPARE(plan.steps.size(), size_t(3));
        scriptDevice(0, 1);
        scriptDevice(1, 3);
        scriptDevice(1, 5);
        fake(1).on(FakeMatch::exact(setIp(3, planned(1, 3), netmask())),
                   FakeAnswer{{}, "hccn_tool: device 3 is busy\n", 1});
        const FixOutcome outcome = applyFix(m_project, plan, m_options);
        QVERIFY(!outcome.ok());
        QVERIFY(outcome.steps[0].ok);
        QCOMPARE(outcome.steps[1].error, u"exit 1: hccn_tool: device 3 is busy"_s);
        QCOMPARE(outcome.steps[2].error, u"not run: an earlier step failed"_s);
        QCOMPARE(outcome.firstError(), u"step 2: exit 1: hccn_tool: device 3 is busy"_s);
        QCOMPARE(fake(1).commands(), (QStringList{getIp(3), setIp(3, planned(1, 3), netmask())}));
        QCOMPARE(fake(0).commands(), (QStringList{getIp(1), setIp(1, planned(0, 1), netmask())}));
        const QString text = fixOutcomeText(m_project, plan, outcome);
        QVERIFY2(text.contains(u"ok      [node0] device 1"_s) &&
                     text.contains(u"FAILED  [node1] device 3"_s),
                 qPrintable(text));
        // Only what changed can be undone.
        QCOMPARE(outcome.undo.steps.size(), size_t(1));
        QCOMPARE(outcome.undo.steps.front().server, u"node0"_s);
    }

    void anUnreachableServerIsNamedInItsSteps()
    {
        const FixPlan plan = planSetDeviceIps(m_project, foundWith({{0, 1}, {1, 3}}));
        scriptDevice(0, 1);
        fake(1).refuseConnections(SshError::Kind::Unreachable);
        const FixOutcome outcome = applyFix(m_project, plan, m_options);
        QVERIFY(outcome.steps[0].ok);
        QVERIFY2(outcome.steps[1].error.startsWith(u"cannot connect to 10.2.0.2:22"_s),
                 qPrintable(outcome.steps[1].error));
        QVERIFY(fixOutcomeText(m_project, plan, outcome).contains(u"FAILED  [node1]"_s));
    }

    // deploy-ssh-key: the master's key (stage 1) is the input of the peer's step (stage 2); undo
    // runs the stages last-first.
    void stagesRunInOrderAndPassOutputOn()
    {
        CheckRun run = foundWith({});
        run.probes.peerProbeRan = true;
        run.probes.peers[1].login = PeerTrust::Login::Denied;
        const FixPlan plan = planDeploySshKey(m_project, run);
        QCOMPARE(plan.steps.size(), size_t(2));
        QCOMPARE(plan.steps[0].serverIndex, 0);
        QCOMPARE(plan.steps[1].serverIndex, 1);
        const QByteArray key = "ssh-ed25519 AAAAC3Nza clusterwiz";
        fake(0).on(FakeMatch::exact(plan.steps[0].command), FakeAnswer{key + '\n', {}, 0});
        fake(1).on(FakeMatch::exact(plan.steps[1].snapshotCommand), FakeAnswer{"old-key\n", {}, 0});
        fake(1).on(FakeMatch::exact(plan.steps[1].command), FakeAnswer{});
        const FixOutcome outcome = applyFix(m_project, plan, m_options);
        QVERIFY2(outcome.ok(), qPrintable(outcome.firstError()));
        const std::vector<FakeEvent> all = m_fleet->events();
        QCOMPARE(all.size(), size_t(3));
        QCOMPARE(all[0].command, plan.steps[0].command);
        QCOMPARE(all[1].command, plan.steps[1].snapshotCommand);
        QCOMPARE(all[2].command, plan.steps[1].command);
        QCOMPARE(all[2].data, key + '\n');
        QCOMPARE(recordAppliedFix(m_journal, outcome.undo), QString());

        // The peer's undo fails: the master's undo (the stage before) does not run, and the
        // entry stays in the journal to try again.
        fake(1).on(FakeMatch::exact(plan.steps[1].undoCommand),
                   FakeAnswer{{}, "read-only file system\n", 1});
        fake(0).on(FakeMatch::exact(plan.steps[0].undoCommand), FakeAnswer{});
        const UndoOutcome failed = undoLastFix(m_project, m_journal, m_options);
        QVERIFY(!failed.undone);
        QVERIFY2(failed.error.contains(u"read-only file system"_s) &&
                     failed.error.contains(u"the entry stays in"_s),
                 qPrintable(failed.error));
        QCOMPARE(fake(1).events().back().data, key + '\n');
        QVERIFY(!fake(0).commands().contains(plan.steps[0].undoCommand));
        QString error;
        QCOMPARE(loadUndoJournal(m_journal, &error)->size(), size_t(1));

        fake(1).on(FakeMatch::exact(plan.steps[1].undoCommand), FakeAnswer{});
        const UndoOutcome undone = undoLastFix(m_project, m_journal, m_options);
        QVERIFY2(undone.undone, qPrintable(undone.error));
        QCOMPARE(fake(0).commands().last(), plan.steps[0].undoCommand);
        QVERIFY(loadUndoJournal(m_journal, &error)->empty());
    }

    void aFailedFirstStageStartsNoOther()
    {
        CheckRun run = foundWith({});
        run.probes.peerProbeRan = true;
        run.probes.peers[1].login = PeerTrust::Login::Denied;
        const FixPlan plan = planDeploySshKey(m_project, run);
        fake(0).on(FakeMatch::exact(plan.steps[0].command),
                   FakeAnswer{{}, "ssh-keygen: not found\n", 127});
        const FixOutcome outcome = applyFix(m_project, plan, m_options);
        QCOMPARE(outcome.steps[1].error, u"not run: an earlier stage failed"_s);
        QCOMPARE(fake(1).connectAttempts(), 0);
        QVERIFY(outcome.undo.steps.empty());
    }
};

QTEST_GUILESS_MAIN(TestFakeFix)
#include "tst_fakeFix.moc"
