// SPDX-License-Identifier: GPL-3.0-or-later
// launchJob on in-memory servers (tests/support/FakeRemote.h): what goes where and in which
// order (the master-port check first, every upload everywhere before any start), the record
// beside the project, and what a refusal, a failed upload or a failed start leaves behind. The
// same launch against real sshd and real ranks is tests/cluster/tst_jobRunner.cpp.
#include "FakeProjects.h"
#include "FakeRemote.h"
#include "ValidProjects.h"

#include "discover/FactCommands.h"

#include "generate/Generator.h"
#include "launch/LaunchPlan.h"
#include "launch/Launcher.h"
#include "launch/RemoteCommands.h"
#include "launch/RunControl.h"

#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

using namespace cw;
using namespace cwtest;
using namespace Qt::StringLiterals;

Q_DECLARE_METATYPE(cw::LaunchMode)

namespace {

// The start command launchJob must send to `server`, from the product's own builder.
QString expectedStart(const Project &project, const QString &runId, int serverIndex)
{
    const bool mpirun = project.launch.mode == LaunchMode::Mpirun;
    const std::vector<int> order = project.launchOrder();
    const int nodeRank = int(std::find(order.begin(), order.end(), serverIndex) - order.begin());
    if (mpirun)
        return serverIndex == project.masterIndex()
                   ? startCommand(project, runId, project.servers[size_t(serverIndex)], u"run.sh"_s,
                                  -1)
                   : QString();
    return startCommand(project, runId, project.servers[size_t(serverIndex)], u"train.sh"_s,
                        nodeRank);
}

// Servers that do what launch asks: a free master port, a workdir, a start that leaves a
// process of the run, a stop that ends them and says how many are left.
void scriptServers(FakeFleet &fleet, const Project &project, const QString &runId)
{
    for (size_t i = 0; i < project.servers.size(); ++i) {
        const Server &server = project.servers[i];
        FakeServer &fake = fleet.server(server.name);
        fake.on(FakeMatch::exact(portOwnersCommand()), FakeAnswer{});
        fake.on(FakeMatch::exact(makeWorkdirCommand(project)), FakeAnswer{});
        if (const QString start = expectedStart(project, runId, int(i)); !start.isEmpty()) {
            fake.on(FakeMatch::exact(start), [runId](FakeCall &call) {
                call.server().startProcess(u"CLUSTERWIZ_RUN_ID="_s + runId);
                return FakeAnswer{};
            });
        }
        fake.on(FakeMatch::exact(stopCommand(project, runId, server, kStopGraceSeconds)),
                [](FakeCall &call) {
                    call.server().endProcesses([](const FakeProcess &) { return true; });
                    return FakeAnswer{"left 0\n", {}, 0};
                });
    }
}

qint64 firstSequence(const std::vector<FakeEvent> &events, const QString &command)
{
    for (const FakeEvent &event : events) {
        if (event.command == command)
            return event.sequence;
    }
    return -1;
}

std::vector<FakeEvent> uploadsOf(const FakeServer &server)
{
    std::vector<FakeEvent> uploads;
    for (const FakeEvent &event : server.events()) {
        if (event.kind == FakeEvent::Kind::Upload)
            uploads.push_back(event);
    }
    return uploads;
}

} // namespace

class TestFakeLaunch : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    int m_projects = 0;

    QString newProjectPath() { return m_dir.filePath(u"p%1.clusterwiz.json"_s.arg(++m_projects)); }

private Q_SLOTS:
    void uploadsEverywhereThenStarts_data()
    {
        QTest::addColumn<LaunchMode>("mode");
        QTest::newRow("launch") << LaunchMode::Launch;
        QTest::newRow("mpirun") << LaunchMode::Mpirun;
    }

    void uploadsEverywhereThenStarts()
    {
        QFETCH(LaunchMode, mode);
        auto fleet = std::make_shared<FakeFleet>();
        const Project project = fakeCpuProject(*fleet, mode);
        const QString path = newProjectPath();
        const LaunchPlan plan = planLaunch(cwtest::valid(project), path, newRunId(),
                                           uploadsOutsideProject(project, path));
        QVERIFY(plan.ok());
        scriptServers(*fleet, project, plan.runId);
        LaunchOptions options;
        options.fleet = fakeFleetOptions(fleet);

        const LaunchResult launch = launchJob(project, path, plan, options);
        QVERIFY2(launch.started, qPrintable(launch.refusal + launch.errors.join(u"; "_s)));
        QCOMPARE(launch.record.state, RunState::Running);

        const cwtest::Generated generated = cwtest::generateFrom(project);
        QFile entry(sourcePath(u"resources/examples/train_ddp.py"_s));
        QVERIFY(entry.open(QIODevice::ReadOnly));
        const QByteArray entryBytes = entry.readAll();
        const std::vector<FakeEvent> all = fleet->events();
        const QString portCheck = portOwnersCommand();
        for (size_t i = 0; i < project.servers.size(); ++i) {
            const Server &server = project.servers[i];
            const FakeServer &fake = fleet->server(server.name);
            // Every generated file and the entry script, with its mode, in the workdir.
            const std::vector<FakeEvent> uploads = uploadsOf(fake);
            QCOMPARE(uploads.size(), generated.files.size() + 1);
            for (const GeneratedFile &file : generated.files) {
                const auto found = fake.file(project.launch.workdir + u'/' + file.name);
                QVERIFY2(found, qPrintable(file.name));
                QCOMPARE(found->data, file.content);
                // env.sh holds launch.env (PET_MONITOR_INTERVAL...): owner-only on the servers.
                QCOMPARE(found->mode, file.secret ? (file.executable ? 0700 : 0600)
                                                  : (file.executable ? 0755 : 0644));
            }
            QCOMPARE(fake.file(project.launch.workdir + u"/train_ddp.py"_s)->data, entryBytes);
            QCOMPARE(fake.file(project.launch.workdir + u"/train.sh"_s)->mode, 0755);

            // The master's port first, then the workdir, the uploads, and the start.
            QStringList expected;
            if (int(i) == project.masterIndex())
                expected << portCheck;
            expected << makeWorkdirCommand(project);
            if (const QString start = expectedStart(project, plan.runId, int(i)); !start.isEmpty())
                expected << start;
            QCOMPARE(fake.commands(), expected);
            QVERIFY(fake.unanswered().isEmpty());
            QCOMPARE(launch.record.servers[i].started,
                     !expectedStart(project, plan.runId, int(i)).isEmpty());
            QCOMPARE(launch.record.servers[i].runDir, remoteRunDir(project, plan.runId, server));
            // Nothing starts anywhere before every server has all its files.
            const qint64 start = firstSequence(all, expectedStart(project, plan.runId, int(i)));
            for (const FakeEvent &event : all) {
                if (event.kind == FakeEvent::Kind::Upload) {
                    QVERIFY(event.sequence > firstSequence(all, portCheck));
                    QVERIFY(start < 0 || event.sequence < start);
                }
            }
        }
        // One login for the uploads, one for the start where there is one.
        QCOMPARE(fleet->server(u"server1"_s).logins(), mode == LaunchMode::Mpirun ? 1 : 2);

        // The record beside the project says running, with every server's run folder.
        QString error;
        const std::optional<RunRecord> saved = loadRunRecord(path, plan.runId, &error);
        QVERIFY2(saved, qPrintable(error));
        QCOMPARE(saved->state, RunState::Running);
        QCOMPARE(saved->master, u"server0"_s);
        QCOMPARE(saved->mode, mode);
        QCOMPARE(QFileInfo(runRecordPath(path, plan.runId)).absolutePath(),
                 QFileInfo(runsFolder(path)).absoluteFilePath());
        QCOMPARE(QFileInfo(runsFolder(path)).absolutePath(), m_dir.path());
        QCOMPARE(latestRunId(path), plan.runId);
    }

    void masterPortInUseRefusesBeforeAnything()
    {
        auto fleet = std::make_shared<FakeFleet>();
        const Project project = fakeCpuProject(*fleet);
        const QString path = newProjectPath();
        const LaunchPlan plan = planLaunch(cwtest::valid(project), path, newRunId(),
                                           uploadsOutsideProject(project, path));
        scriptServers(*fleet, project, plan.runId);
        fleet->server(u"server0"_s)
            .on(FakeMatch::exact(portOwnersCommand()),
                FakeAnswer{"tcp   LISTEN 0      128      0.0.0.0:29500      0.0.0.0:*    "
                           "users:((\"python3\",pid=4711,fd=3))\n",
                           {},
                           0});
        LaunchOptions options;
        options.fleet = fakeFleetOptions(fleet);

        const LaunchResult launch = launchJob(project, path, plan, options);
        QVERIFY(!launch.started);
        QVERIFY2(launch.refusal.contains(
                     u"master port 29500 is already in use on the master "
                     u"server0 (10.0.0.11:22): a tcp listener on 0.0.0.0 by python3"_s),
                 qPrintable(launch.refusal));
        QCOMPARE(fleet->server(u"server0"_s).commands(), QStringList{portOwnersCommand()});
        QCOMPARE(fleet->server(u"server1"_s).connectAttempts(), 0);
        QVERIFY(!QFileInfo::exists(runsFolder(path)));

        // --force skips the check; a server without `ss` cannot tell, and does not refuse.
        options.force = true;
        QVERIFY(launchJob(project, path, plan, options).started);
        QCOMPARE(fleet->server(u"server0"_s).commands().count(plan.portCheckCommand), 1);
        options.force = false;
        const LaunchPlan again = planLaunch(cwtest::valid(project), path, newRunId(),
                                            uploadsOutsideProject(project, path));
        scriptServers(*fleet, project, again.runId);
        fleet->server(u"server0"_s)
            .on(FakeMatch::exact(plan.portCheckCommand), FakeAnswer{"no-ss\n", {}, 0});
        QVERIFY(launchJob(project, path, again, options).started);
    }

    void aPreflightReplacesThePortCheck()
    {
        auto fleet = std::make_shared<FakeFleet>();
        const Project project = fakeCpuProject(*fleet);
        const QString path = newProjectPath();
        const LaunchPlan plan = planLaunch(cwtest::valid(project), path, newRunId(),
                                           uploadsOutsideProject(project, path));
        scriptServers(*fleet, project, plan.runId);
        LaunchOptions options;
        options.fleet = fakeFleetOptions(fleet);
        QStringList asked;
        options.preflight = [&](const Project &p) {
            asked << p.name;
            return u"refused, a check failed"_s;
        };
        const LaunchResult launch = launchJob(project, path, plan, options);
        QCOMPARE(launch.refusal, u"refused, a check failed"_s);
        QCOMPARE(asked, QStringList{project.name});
        QCOMPARE(fleet->server(u"server0"_s).connectAttempts(), 0);
        QCOMPARE(fleet->server(u"server1"_s).connectAttempts(), 0);

        // The master out of reach: the check cannot be made, and that refuses too.
        options.preflight = {};
        fleet->server(u"server0"_s).refuseConnections(SshError::Kind::Unreachable);
        const LaunchResult unreachable = launchJob(project, path, plan, options);
        QVERIFY2(unreachable.refusal.startsWith(u"cannot check the master port on server0: "_s),
                 qPrintable(unreachable.refusal));
        QCOMPARE(fleet->server(u"server1"_s).connectAttempts(), 0);
    }

    void aFailedUploadStartsNothing()
    {
        auto fleet = std::make_shared<FakeFleet>();
        const Project project = fakeCpuProject(*fleet);
        const QString path = newProjectPath();
        const LaunchPlan plan = planLaunch(cwtest::valid(project), path, newRunId(),
                                           uploadsOutsideProject(project, path));
        scriptServers(*fleet, project, plan.runId);
        fleet->server(u"server1"_s)
            .failUploads(FakeMatch::exact(project.launch.workdir + u"/train.sh"_s),
                         u"permission denied"_s);
        LaunchOptions options;
        options.fleet = fakeFleetOptions(fleet);

        const LaunchResult launch = launchJob(project, path, plan, options);
        QVERIFY(!launch.started);
        QCOMPARE(launch.errors.size(), 1);
        QVERIFY2(launch.errors.front().startsWith(u"server1: "_s) &&
                     launch.errors.front().contains(u"permission denied"_s),
                 qPrintable(launch.errors.front()));
        for (size_t i = 0; i < project.servers.size(); ++i) {
            const FakeServer &fake = fleet->server(project.servers[i].name);
            QVERIFY(!fake.commands().contains(expectedStart(project, plan.runId, int(i))));
            QCOMPARE(fake.aliveProcesses(), 0);
        }
        QVERIFY(!QFileInfo::exists(runsFolder(path)));
    }

    void aFailedStartStopsWhatStarted()
    {
        auto fleet = std::make_shared<FakeFleet>();
        const Project project = fakeCpuProject(*fleet);
        const QString path = newProjectPath();
        const LaunchPlan plan = planLaunch(cwtest::valid(project), path, newRunId(),
                                           uploadsOutsideProject(project, path));
        scriptServers(*fleet, project, plan.runId);
        const QString failingStart = expectedStart(project, plan.runId, 1);
        fleet->server(u"server1"_s)
            .on(FakeMatch::exact(failingStart),
                FakeAnswer{{}, "the job did not start within 10 s\n", 1});
        LaunchOptions options;
        options.fleet = fakeFleetOptions(fleet);

        const LaunchResult launch = launchJob(project, path, plan, options);
        QVERIFY(!launch.started);
        QCOMPARE(launch.errors,
                 QStringList{u"server1: start failed: the job did not start within 10 s"_s});
        // The stop went to every server after the starts, and server0's job is gone.
        const std::vector<FakeEvent> all = fleet->events();
        for (const Server &server : project.servers) {
            const qint64 stop =
                firstSequence(all, stopCommand(project, plan.runId, server, kStopGraceSeconds));
            QVERIFY2(stop > firstSequence(all, failingStart), qPrintable(server.name));
            QVERIFY(stop > firstSequence(all, expectedStart(project, plan.runId, 0)));
        }
        QCOMPARE(fleet->server(u"server0"_s).aliveProcesses(), 0);
        QCOMPARE(launch.record.state, RunState::Failed);
        QVERIFY(launch.record.servers[0].started);
        QVERIFY(!launch.record.servers[1].started);
        QString error;
        const std::optional<RunRecord> saved = loadRunRecord(path, plan.runId, &error);
        QVERIFY2(saved, qPrintable(error));
        QCOMPARE(saved->state, RunState::Failed);
        QVERIFY(saved->endedAt.isValid());
        QVERIFY2(saved->failure && saved->failure->message.startsWith(u"start failed: server1: "_s),
                 qPrintable(saved->failure ? saved->failure->message : QString()));
    }
};

QTEST_GUILESS_MAIN(TestFakeLaunch)
#include "tst_fakeLaunch.moc"
