// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/ProjectJson.h"

#include <QDir>
#include <QFile>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>
#include <nlohmann/json.hpp>

using namespace cw;
using namespace Qt::StringLiterals;

namespace {

const QString kExample =
    QStringLiteral(CLUSTERWIZ_SOURCE_DIR "/resources/examples/ascend-2x8.clusterwiz.json");

QByteArray readFile(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

QStringList problemPaths(const ProjectLoad &load)
{
    QStringList paths;
    for (const Problem &p : load.problems)
        paths << p.path;
    return paths;
}

} // namespace

class TestProjectJson : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void loadsTheSeedExample()
    {
        const ProjectLoad load = loadProjectFile(kExample);
        QVERIFY2(load.ok(), qPrintable(load.fatal));
        const Project &p = load.project;
        QCOMPARE(p.name, QStringLiteral("resnet50-2x8"));
        QCOMPARE(p.accelerator, Accelerator::Ascend910);
        QCOMPARE(p.servers.size(), size_t(2));
        QCOMPARE(p.servers[1].deviceIps[4], QStringLiteral("192.168.100.110"));
        QCOMPARE(p.servers[1].devices.size(), size_t(8));
        QCOMPARE(p.deviceNetwork.segments.size(), 4);
        QCOMPARE(p.launch.mode, LaunchMode::Launch);
        QCOMPARE(p.launch.args, QStringList({QStringLiteral("--epochs"), QStringLiteral("90")}));
        QCOMPARE(p.launch.env.size(), size_t(1));
        QCOMPARE(p.launch.env[0].first, QStringLiteral("HCCL_WHITELIST_DISABLE"));
        QCOMPARE(p.totalDevices(), 16);
        QCOMPARE(p.rankOffset(1), 8);
    }

    // launch.local_rank_arg and launch.hccl_whitelist: written only when set, read back.
    void launchOptionsRoundTrip()
    {
        Project project = loadProjectFile(kExample).project;
        QByteArray text = projectToJsonText(project);
        QVERIFY(!text.contains("local_rank_arg") && !text.contains("hccl_whitelist"));
        project.launch.localRankArg = QStringLiteral("--local-rank");
        project.launch.hcclWhitelistHostIps = true;
        text = projectToJsonText(project);
        QVERIFY(text.contains("\"local_rank_arg\": \"--local-rank\""));
        const ProjectLoad again = projectFromJsonText(text);
        QVERIFY(again.ok());
        QCOMPARE(again.project.launch.localRankArg, QStringLiteral("--local-rank"));
        QVERIFY(again.project.launch.hcclWhitelistHostIps);
        text.replace("\"--local-rank\"", "1");
        const ProjectLoad wrongType = projectFromJsonText(text);
        QCOMPARE(wrongType.problems.size(), size_t(1));
        QCOMPARE(wrongType.problems.front().path, QStringLiteral("launch.local_rank_arg"));
    }

    // launch.restart: written only when it differs from no restarts; min_servers 0 (all of
    // them) and no supervisor (the master) stay unwritten.
    void restartRoundTrip()
    {
        Project project = loadProjectFile(kExample).project;
        QVERIFY(!projectToJsonText(project).contains("restart"));
        project.launch.restart = {3, true, 0, 7, {}};
        QByteArray text = projectToJsonText(project);
        QVERIFY2(text.contains("\"restart\": {\n      \"max_restarts\": 3,\n      "
                               "\"drop_failed_servers\": true,\n      \"backoff_s\": 7\n    }"),
                 text.constData());
        project.launch.restart = {100, false, 2, 0, QStringLiteral("server1")};
        const ProjectLoad again = projectFromJsonText(projectToJsonText(project));
        QVERIFY(again.ok());
        QCOMPARE(again.project.launch.restart, project.launch.restart);
        // Members left out take their defaults.
        text = projectToJsonText(project);
        text.replace("\"max_restarts\": 100,", "");
        text.replace("\"backoff_s\": 0,", "");
        const ProjectLoad defaults = projectFromJsonText(text);
        QVERIFY(defaults.ok());
        QCOMPARE(defaults.project.launch.restart.maxRestarts, 0);
        QCOMPARE(defaults.project.launch.restart.backoffSeconds, 10);
        QCOMPARE(defaults.project.launch.restart.supervisor, QStringLiteral("server1"));
    }

    // launch.scheduler and launch.slurm: written only when set (ssh and an empty slurm section
    // are the defaults), each member read back; one the tool does not know is named with the
    // member it is closest to.
    void slurmRoundTrip()
    {
        Project project = loadProjectFile(kExample).project;
        QByteArray text = projectToJsonText(project);
        QVERIFY(!text.contains("scheduler") && !text.contains("slurm"));
        project.launch.scheduler = Scheduler::Slurm;
        project.launch.slurm = {u"gpu"_s,
                                u"proj1"_s,
                                u"1-02:00:00"_s,
                                u"high"_s,
                                u"gpu:8"_s,
                                {u"--exclusive"_s, u"--comment=two words"_s},
                                u"login.example.org"_s};
        text = projectToJsonText(project);
        QVERIFY2(text.contains("\"scheduler\": \"slurm\""), text.constData());
        QVERIFY2(text.contains("\"slurm\": {\n      \"partition\": \"gpu\",\n      \"account\": "
                               "\"proj1\",\n      \"time\": \"1-02:00:00\""),
                 text.constData());
        const ProjectLoad again = projectFromJsonText(text);
        QVERIFY2(again.ok() && again.problems.empty(), qPrintable(problemPaths(again).join(u',')));
        QCOMPARE(again.project.launch.scheduler, Scheduler::Slurm);
        QCOMPARE(again.project.launch.slurm, project.launch.slurm);
        QCOMPARE(again.project, project);

        // Only what is set is written.
        project.launch.scheduler = Scheduler::Ssh;
        project.launch.slurm = {};
        project.launch.slurm.partition = u"cpu"_s;
        text = projectToJsonText(project);
        QVERIFY(!text.contains("scheduler"));
        QVERIFY2(text.contains("\"slurm\": {\n      \"partition\": \"cpu\"\n    }"),
                 text.constData());
        QCOMPARE(projectFromJsonText(text).project.launch, project.launch);

        text.replace("\"partition\"", "\"partiton\"");
        const ProjectLoad misspelt = projectFromJsonText(text);
        QVERIFY(misspelt.ok());
        QCOMPARE(misspelt.project.unknownFields.size(), size_t(1));
        QCOMPARE(misspelt.project.unknownFields[0].place.path(), u"launch.slurm.partiton"_s);
        QCOMPARE(misspelt.project.unknownFields[0].nearest, u"partition"_s);
    }

    // launch.mode msrun: read and written by name; without master_port it takes msrun's 8118.
    void msrunModeRoundTrip()
    {
        QByteArray text = projectToJsonText(loadProjectFile(kExample).project);
        QVERIFY(text.contains("\"mode\": \"launch\""));
        text.replace("\"mode\": \"launch\"", "\"mode\": \"msrun\"");
        ProjectLoad load = projectFromJsonText(text);
        QVERIFY(load.ok());
        QCOMPARE(load.project.launch.mode, LaunchMode::Msrun);
        QCOMPARE(load.project.launch.masterPort, 29501); // the file names its port
        QVERIFY(projectToJsonText(load.project).contains("\"mode\": \"msrun\""));
        QVERIFY(text.contains("\"master_port\": 29501"));
        text.replace("\"master_port\": 29501,", "");
        load = projectFromJsonText(text);
        QVERIFY2(load.ok(), load.problems.empty() ? "" : qPrintable(load.problems.front().message));
        QCOMPARE(load.project.launch.masterPort, kMsrunDefaultMasterPort);
        QVERIFY(projectToJsonText(load.project).contains("\"master_port\": 8118"));
        // Another mode keeps the project's default.
        text.replace("\"mode\": \"msrun\"", "\"mode\": \"ranktable\"");
        QCOMPARE(projectFromJsonText(text).project.launch.masterPort, kDefaultMasterPort);
        text.replace("\"mode\": \"ranktable\"", "\"mode\": \"msrunx\"");
        load = projectFromJsonText(text);
        QCOMPARE(load.problems.size(), size_t(1));
        QCOMPARE(load.problems.front().path, QStringLiteral("launch.mode"));
        QVERIFY(load.problems.front().message.contains(u"msrun"));
    }

    // The one per-mode default, which the loader and the Launch page share: a mode's default
    // follows a change of mode, a chosen port stays.
    void masterPortDefaultFollowsTheMode()
    {
        for (const LaunchMode mode : launchModes())
            QCOMPARE(defaultMasterPort(mode),
                     mode == LaunchMode::Msrun ? kMsrunDefaultMasterPort : kDefaultMasterPort);
        QCOMPARE(masterPortForMode(kDefaultMasterPort, LaunchMode::Msrun), kMsrunDefaultMasterPort);
        QCOMPARE(masterPortForMode(kMsrunDefaultMasterPort, LaunchMode::Mpirun),
                 kDefaultMasterPort);
        QCOMPARE(masterPortForMode(kMsrunDefaultMasterPort, LaunchMode::Msrun),
                 kMsrunDefaultMasterPort);
        QCOMPARE(masterPortForMode(12345, LaunchMode::Msrun), 12345);
        QCOMPARE(masterPortForMode(12345, LaunchMode::Launch), 12345);
    }

    void saveThenLoadGivesTheSameProject()
    {
        const Project original = loadProjectFile(kExample).project;
        const QByteArray text = projectToJsonText(original);
        const ProjectLoad again = projectFromJsonText(text);
        QVERIFY(again.ok());
        QCOMPARE(projectToJsonText(again.project), text);
        QVERIFY(text.endsWith('\n'));
        // The documented member order is kept, so a saved file diffs cleanly against a hand-written
        // one.
        QVERIFY(text.indexOf("\"clusterwiz\"") < text.indexOf("\"servers\""));
    }

    void masterComesFirstInRankOrder()
    {
        Project p = loadProjectFile(kExample).project;
        p.launch.master = QStringLiteral("server1");
        QCOMPARE(p.masterIndex(), 1);
        QCOMPARE(p.launchOrder(), std::vector<int>({1, 0}));
        QCOMPARE(p.rankOffset(1), 0);
        QCOMPARE(p.rankOffset(0), 8);
    }

    void schemaProblemsNameTheJsonPath_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("words");
        const QByteArray head = R"({"clusterwiz":1,"name":"x","accelerator":"cpu",)";
        const QByteArray launch = R"("launch":{"mode":"launch","workdir":"/w","entry":"e.py"})";
        QTest::newRow("device ip not a string")
            << head +
                   R"("servers":[{"name":"a","host":"h","devices":[0]},{"name":"b","host":"h2","devices":[0,1,2,3,4],"device_ips":["1.1.1.1","1.1.1.2","1.1.1.3","1.1.1.4",5]}],)" +
                   launch + "}"
            << QStringLiteral("servers[1].device_ips[4]") << QStringLiteral("must be a string");
        QTest::newRow("port as string")
            << head + R"("servers":[{"name":"a","host":"h","port":"22"}],)" + launch + "}"
            << QStringLiteral("servers[0].port") << QStringLiteral("whole number");
        QTest::newRow("missing host")
            << head + R"("servers":[{"name":"a"}],)" + launch + "}"
            << QStringLiteral("servers[0].host") << QStringLiteral("is required");
        QTest::newRow("server not an object")
            << head + R"("servers":[7],)" + launch + "}" << QStringLiteral("servers[0]")
            << QStringLiteral("must be an object");
        QTest::newRow("unknown mode")
            << head + R"("servers":[],"launch":{"mode":"slurm","workdir":"/w","entry":"e"}})"
            << QStringLiteral("launch.mode") << QStringLiteral("slurm");
        QTest::newRow("unknown accelerator")
            << QByteArray(R"({"clusterwiz":1,"name":"x","accelerator":"tpu","servers":[],)") +
                   launch + "}"
            << QStringLiteral("accelerator") << QStringLiteral("tpu");
        QTest::newRow("env value not a string")
            << head +
                   R"("servers":[],"launch":{"mode":"launch","workdir":"/w","entry":"e","env":{"A":1}}})"
            << QStringLiteral("launch.env.A") << QStringLiteral("must be a string");
        QTest::newRow("devices not an array")
            << head + R"("servers":[{"name":"a","host":"h","devices":"0-7"}],)" + launch + "}"
            << QStringLiteral("servers[0].devices") << QStringLiteral("must be an array");
        QTest::newRow("port out of range of int")
            << head + R"("servers":[{"name":"a","host":"h","port":99999999999}],)" + launch + "}"
            << QStringLiteral("servers[0].port") << QStringLiteral("out of range");
        QTest::newRow("missing launch") << head + R"("servers":[]})" << QStringLiteral("launch")
                                        << QStringLiteral("is required");
        QTest::newRow("gateway not a string")
            << head + R"("servers":[],"device_network":{"gateways":["1.1.1.1",2]},)" + launch + "}"
            << QStringLiteral("device_network.gateways[1]") << QStringLiteral("must be a string");
        QTest::newRow("detect ips not an array")
            << head + R"("servers":[],"device_network":{"detect_ips":"1.1.1.1"},)" + launch + "}"
            << QStringLiteral("device_network.detect_ips") << QStringLiteral("must be an array");
        const QByteArray restartHead =
            head +
            R"("servers":[],"launch":{"mode":"launch","workdir":"/w","entry":"e","restart":)";
        QTest::newRow("restart not an object")
            << restartHead + "[1]}}" << QStringLiteral("launch.restart")
            << QStringLiteral("must be an object");
        QTest::newRow("restart drop not a bool")
            << restartHead + R"({"drop_failed_servers":"yes"}}})"
            << QStringLiteral("launch.restart.drop_failed_servers")
            << QStringLiteral("must be true or false");
        QTest::newRow("restart count not whole")
            << restartHead + R"({"max_restarts":2.5}}})"
            << QStringLiteral("launch.restart.max_restarts") << QStringLiteral("whole number");
        QTest::newRow("restart backoff huge")
            << restartHead + R"({"backoff_s":99999999999}}})"
            << QStringLiteral("launch.restart.backoff_s") << QStringLiteral("out of range");
        QTest::newRow("restart supervisor not a string")
            << restartHead + R"({"supervisor":{"name":"a"}}}})"
            << QStringLiteral("launch.restart.supervisor") << QStringLiteral("must be a string");
        const QByteArray slurmHead =
            head + R"("servers":[],"launch":{"mode":"launch","workdir":"/w","entry":"e",)";
        QTest::newRow("unknown scheduler")
            << slurmHead + R"("scheduler":"pbs"}})" << QStringLiteral("launch.scheduler")
            << QStringLiteral("\"pbs\" is not one of ssh, slurm");
        QTest::newRow("scheduler not a string")
            << slurmHead + R"("scheduler":true}})" << QStringLiteral("launch.scheduler")
            << QStringLiteral("must be a string");
        QTest::newRow("slurm not an object")
            << slurmHead + R"("slurm":"gpu"}})" << QStringLiteral("launch.slurm")
            << QStringLiteral("must be an object");
        QTest::newRow("slurm time not a string")
            << slurmHead + R"("slurm":{"time":60}}})" << QStringLiteral("launch.slurm.time")
            << QStringLiteral("must be a string");
        QTest::newRow("sbatch args word not a string")
            << slurmHead + R"("slurm":{"sbatch_args":["--exclusive",3]}}})"
            << QStringLiteral("launch.slurm.sbatch_args[1]") << QStringLiteral("must be a string");
        QTest::newRow("mpirun per")
            << head +
                   R"("servers":[],"launch":{"mode":"mpirun","workdir":"/w","entry":"e","mpirun":{"per":"rack"}}})"
            << QStringLiteral("launch.mpirun.per") << QStringLiteral("rack");
    }
    void schemaProblemsNameTheJsonPath()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, path);
        QFETCH(QString, words);
        const ProjectLoad load = projectFromJsonText(json);
        QVERIFY2(load.fatal.isEmpty(), qPrintable(load.fatal));
        QVERIFY2(problemPaths(load).contains(path), qPrintable(problemPaths(load).join(u',')));
        for (const Problem &p : load.problems) {
            if (p.path == path)
                QVERIFY2(p.toString().contains(words), qPrintable(p.toString()));
        }
    }

    void unreadableInputIsFatal_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("words");
        QTest::newRow("not json") << QByteArray("{\"clusterwiz\": 1,\n  oops")
                                  << QStringLiteral("line 2");
        QTest::newRow("empty") << QByteArray() << QStringLiteral("not valid JSON");
        QTest::newRow("array") << QByteArray("[1,2]") << QStringLiteral("must be a JSON object");
        QTest::newRow("no version")
            << QByteArray("{\"name\":\"x\"}") << QStringLiteral("clusterwiz: is required");
        QTest::newRow("newer format")
            << QByteArray("{\"clusterwiz\":7}") << QStringLiteral("newer clusterwiz");
        QTest::newRow("version string")
            << QByteArray("{\"clusterwiz\":\"1\"}") << QStringLiteral("format version");
    }
    void unreadableInputIsFatal()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, words);
        const ProjectLoad load = projectFromJsonText(json);
        QVERIFY2(load.fatal.contains(words), qPrintable(load.fatal));
    }

    void missingFileIsFatalAndNamesThePath()
    {
        const ProjectLoad load = loadProjectFile(QStringLiteral("/nonexistent/p.clusterwiz.json"));
        QVERIFY(load.fatal.contains(QStringLiteral("/nonexistent/p.clusterwiz.json")));
    }

    void unknownMembersSurviveASave()
    {
        QByteArray text = readFile(kExample);
        text.replace("\"clusterwiz\": 1,", "\"clusterwiz\": 1, \"gui\": {\"zoom\": 2},");
        const ProjectLoad load = projectFromJsonText(text);
        QVERIFY(load.ok());
        const QByteArray saved = projectToJsonText(load.project);
        QVERIFY(saved.contains("\"zoom\": 2"));
    }

    // Members the reader did not ask for, at every level, with the nearest known name; only the
    // top-level ones are written back.
    void unknownMembersAreNamed()
    {
        QByteArray text = readFile(kExample);
        text.replace("\"clusterwiz\": 1,", "\"clusterwiz\": 1, \"acelerator\": \"cpu\",");
        text.replace("\"host\":", "\"hots\": 1, \"host\":");
        text.replace("\"workdir\":", "\"worddir\": \"/x\", \"retries\": [1], \"workdir\":");
        const ProjectLoad load = projectFromJsonText(text);
        QVERIFY(load.ok());
        QStringList found;
        for (const UnknownField &field : load.project.unknownFields)
            found << field.place.path() + u'=' + field.nearest + u'=' +
                         QString::fromUtf8(field.json);
        QCOMPARE(found, QStringList({u"servers[0].hots=host=1"_s, u"servers[1].hots=host=1"_s,
                                     u"launch.worddir=workdir=\"/x\""_s, u"launch.retries==[1]"_s,
                                     u"acelerator=accelerator=\"cpu\""_s}));
        QCOMPARE(load.project.unknownFields[0].place.location().server, 0);
        const QByteArray saved = projectToJsonText(load.project);
        QVERIFY(saved.contains("\"acelerator\": \"cpu\""));
        QVERIFY(!saved.contains("worddir"));
        QVERIFY(!saved.contains("hots"));
    }

    void gatewaysAndDetectIpsRoundTrip()
    {
        Project p = loadProjectFile(kExample).project;
        QVERIFY(!projectToJsonText(p).contains("gateways")); // absent unless set
        p.deviceNetwork.gateways = {QStringLiteral("192.168.100.1"),
                                    QStringLiteral("192.168.101.1")};
        p.deviceNetwork.detectIps = {QStringLiteral("10.9.0.1"), QStringLiteral("10.9.0.2")};
        const QByteArray text = projectToJsonText(p);
        QVERIFY(text.contains("\"gateways\""));
        QVERIFY(text.contains("\"detect_ips\""));
        const ProjectLoad again = projectFromJsonText(text);
        QVERIFY(again.ok());
        QCOMPARE(again.project.deviceNetwork.gateways, p.deviceNetwork.gateways);
        QCOMPARE(again.project.deviceNetwork.detectIps, p.deviceNetwork.detectIps);
        QCOMPARE(projectToJsonText(again.project), text);
    }

    void environmentKeepsTheUsersOrder()
    {
        const QByteArray json = R"({"clusterwiz":1,"name":"x","accelerator":"cpu","servers":[],
            "launch":{"mode":"launch","workdir":"/w","entry":"e","env":{"Z":"1","A":"${Z}","M":"2"}}})";
        const ProjectLoad load = projectFromJsonText(json);
        QVERIFY(load.ok());
        QCOMPARE(load.project.launch.env.size(), size_t(3));
        QCOMPARE(load.project.launch.env[0].first, QStringLiteral("Z"));
        QCOMPARE(load.project.launch.env[1].first, QStringLiteral("A"));
        QVERIFY(projectToJsonText(load.project).indexOf("\"Z\"") <
                projectToJsonText(load.project).indexOf("\"A\""));
    }

    void saveIsAtomic()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("p.clusterwiz.json"));
        Project project = loadProjectFile(kExample).project;
        QCOMPARE(saveProjectFile(project, path), QString());
        const QByteArray first = readFile(path);
        QCOMPARE(first, projectToJsonText(project));

        // A folder that cannot be written: the save fails with a message and the old file stays.
        QVERIFY(QFile::setPermissions(dir.path(), QFile::ReadOwner | QFile::ExeOwner));
        project.name = QStringLiteral("renamed");
        const QString error = saveProjectFile(project, path);
        QFile::setPermissions(dir.path(), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        if (geteuid() != 0) { // root writes anyway
            QVERIFY(!error.isEmpty());
            QCOMPARE(readFile(path), first);
        }
        QVERIFY(QDir(dir.path()).entryList(QDir::Files).size() == 1); // no temporary left behind
    }

    // Random and truncated input never crashes the reader.
    void garbageNeverCrashes()
    {
        const QByteArray good = readFile(kExample);
        QRandomGenerator rng(42);
        int outcomes[2] = {0, 0};
        for (int i = 0; i < 2000; ++i) {
            QByteArray text = good;
            const int edits = 1 + rng.bounded(4);
            for (int e = 0; e < edits; ++e)
                text[rng.bounded(text.size())] = char(rng.bounded(256));
            if (i % 3 == 0)
                text.truncate(rng.bounded(text.size()));
            const ProjectLoad load = projectFromJsonText(text);
            // Fatal exactly when the text is not a JSON object of a format this version reads.
            const auto parsed = nlohmann::ordered_json::parse(
                text.constData(), text.constData() + text.size(), nullptr, false);
            const bool readable = !parsed.is_discarded() && parsed.is_object() &&
                                  parsed.contains("clusterwiz") &&
                                  parsed["clusterwiz"].is_number_integer() &&
                                  parsed["clusterwiz"].get<long long>() >= 1 &&
                                  parsed["clusterwiz"].get<long long>() <= kProjectFormatVersion;
            QCOMPARE(load.fatal.isEmpty(), readable);
            outcomes[readable ? 1 : 0]++;
        }
        QVERIFY(outcomes[0] > 0 && outcomes[1] > 0); // both paths were exercised
    }
};

QTEST_GUILESS_MAIN(TestProjectJson)
#include "tst_projectJson.moc"
