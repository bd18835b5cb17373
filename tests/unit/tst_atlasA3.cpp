// SPDX-License-Identifier: GPL-3.0-or-later
// Atlas A3 (ascend910_93): 16 dies per server, each a device and a rank; the deployer's policy
// that the two dies of one NPU lie in different segments, validated and planned for 1 to 128
// servers; super pods in the project; rank table 1.2 (SuperPoD networking) written and read, and
// HCCL's own 1.2 example (hicann/hccl docs/en/user_guide/cluster_info_config/
// rank_table_config_a3.md at bf07f6e5, the zh page at 09300b70 holds the same JSON; copied with
// its comments deleted as tests/data/import/hccl_a3_superpod_2x2.json) reproduced field for field
// from a project and from its own import.

#include "DeviceTestProjects.h"

#include "exchange/Import.h"
#include "generate/ScriptFiles.h"
#include "plan/Planner.h"
#include "rules/ProjectValidator.h"

#include <QFile>
#include <QTest>

#include <nlohmann/json.hpp>

using namespace Qt::StringLiterals;
using namespace cw;
using namespace cw::testing;

namespace {

using Json = nlohmann::ordered_json;

QByteArray sample(const QString &name)
{
    QFile file(QStringLiteral(CLUSTERWIZ_TEST_DATA "/import/") + name);
    if (!file.open(QIODevice::ReadOnly))
        qFatal("missing sample %s", qPrintable(name));
    return file.readAll();
}

// A file of tests/data/a3; CLUSTERWIZ_UPDATE_GOLDEN=1 writes `now` into it first.
QByteArray golden(const QString &name, const QByteArray &now)
{
    QFile file(QStringLiteral(CLUSTERWIZ_TEST_DATA "/a3/") + name);
    if (qEnvironmentVariable("CLUSTERWIZ_UPDATE_GOLDEN") == u"1") {
        if (!file.open(QIODevice::WriteOnly) || file.write(now) != now.size())
            qFatal("cannot write golden %s", qPrintable(name));
        file.close();
    }
    if (!file.open(QIODevice::ReadOnly))
        qFatal("missing golden %s", qPrintable(name));
    return file.readAll();
}

// Key order and values as they are, whitespace not: nlohmann's compact dump of each.
std::string normalized(const QByteArray &text)
{
    return Json::parse(text.toStdString()).dump();
}

// HCCL's 1.2 example as a project, by hand: two pods of two servers, dies 0-3 each.
Project vendorExample()
{
    Project project;
    project.name = u"superpod"_s;
    project.accelerator = Accelerator::Ascend910_93;
    project.launch.mode = LaunchMode::RankTable;
    project.launch.workdir = u"/home/train"_s;
    project.launch.entry = u"main.py"_s;
    for (int s = 0; s < 4; ++s) {
        Server server;
        server.name = u"node_%1"_s.arg(s);
        server.host = u"172.16.0.%1"_s.arg(100 + s);
        server.hostIp = server.host;
        server.devices = {0, 1, 2, 3};
        for (int die = 0; die < 4; ++die) {
            server.deviceIps << u"192.168.%1.%2"_s.arg(s + 1).arg(6 + die);
            server.superDeviceIds << QString::number((s % 2) * 4 + die);
        }
        server.devicePorts = {16666, 16666, 16668, 16669};
        server.backupDevicePorts = {16667, 16667, 16670, 16667};
        server.hostPorts = {16665, 16666, 16667, 16668};
        project.servers.push_back(server);
    }
    project.superPods = {{u"0"_s, {u"node_0"_s, u"node_1"_s}},
                         {u"1"_s, {u"node_2"_s, u"node_3"_s}}};
    return project;
}

ImportResult importTable(const QByteArray &text)
{
    return importText(ImportKind::RankTable, text, u"input"_s, ImportOptions{});
}

QString describeImport(const ImportResult &result)
{
    QStringList lines;
    for (const Problem &problem : result.errors)
        lines << problem.rule + u" | "_s + problem.toString();
    return lines.join(u'\n') + u"\nnotes: "_s + result.notes.join(u"; "_s);
}

// The vendor's example with one edit made by `edit` on its parsed JSON.
QByteArray editedExample(const std::function<void(Json &)> &edit)
{
    Json document = Json::parse(sample(u"hccl_a3_superpod_2x2.json"_s).toStdString());
    edit(document);
    return QByteArray::fromStdString(document.dump(4));
}

} // namespace

class tst_AtlasA3 : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void nameAndDevices()
    {
        QCOMPARE(acceleratorName(Accelerator::Ascend910_93), u"ascend910_93"_s);
        QCOMPARE(acceleratorFromName(u"ascend910_93"_s), Accelerator::Ascend910_93);
        QVERIFY(isAscend(Accelerator::Ascend910_93));
        Project project = a3Cluster(1, 1);
        project.servers[0].devices.push_back(16);
        project.servers[0].superDeviceIds << u"16"_s;
        const Problems problems = validateProject(project);
        QVERIFY2(ruleIds(problems).contains(u"device-ids"_s), qPrintable(describe(problems)));
        QVERIFY2(describe(problems).contains(u"server0 device 16: is not an Atlas A3 die (0-15"_s),
                 qPrintable(describe(problems)));
    }

    void projectFileRoundTrip()
    {
        const Project project = vendorExample();
        const QByteArray text = projectToJsonText(project);
        // The example as a project file (a fuzz seed too, tests/fuzz/seeds.txt).
        QCOMPARE(text, golden(u"superpod-2x2.clusterwiz.json"_s, text));
        QVERIFY(text.contains("\"super_pods\""));
        QVERIFY(text.contains("\"super_device_ids\""));
        const ProjectLoad load = projectFromJsonText(text);
        QVERIFY2(load.ok(), qPrintable(describe(load.problems)));
        QCOMPARE(load.project, project);
        QCOMPARE(projectToJsonText(load.project), text);
    }

    void projectFileShapes()
    {
        QByteArray text = projectToJsonText(vendorExample());
        text.replace("\"super_pod_id\": \"1\"", "\"super_pod_id\": 1");
        const ProjectLoad load = projectFromJsonText(text);
        QVERIFY2(paths(load.problems).contains(u"super_pods[1].super_pod_id"_s),
                 qPrintable(describe(load.problems)));
        // More pods than a cluster can have servers: read no further than one past the limit.
        Json document = Json::parse(projectToJsonText(vendorExample()).toStdString());
        Json pods = Json::array();
        for (int p = 0; p < 1000; ++p)
            pods.push_back({{"super_pod_id", std::to_string(p)}, {"servers", Json::array()}});
        document["super_pods"] = pods;
        const ProjectLoad many = projectFromJsonText(QByteArray::fromStdString(document.dump()));
        QCOMPARE(int(many.project.superPods.size()), kMaxServers + 1);
        QVERIFY(ruleIds(validateProject(many.project)).contains(u"super-pod-count"_s));
    }

    // The vendor's 1.2 example from a project, field for field (key order included).
    void vendorExampleFromProject()
    {
        const QByteArray table = rankTableJson(vendorExample());
        QCOMPARE(normalized(table), normalized(sample(u"hccl_a3_superpod_2x2.json"_s)));
        // Byte-stable: the same bytes every time, as stored.
        QCOMPARE(rankTableJson(vendorExample()), table);
        QCOMPARE(table, golden(u"rank_table_superpod_2x2.json"_s, table));
    }

    void vendorExampleImportsAndComesBack()
    {
        const ImportResult result = importTable(sample(u"hccl_a3_superpod_2x2.json"_s));
        QVERIFY2(result.ok(), qPrintable(describeImport(result)));
        const Project &project = result.project;
        QCOMPARE(project.accelerator, Accelerator::Ascend910_93);
        QCOMPARE(project.launch.mode, LaunchMode::RankTable);
        QCOMPARE(int(project.servers.size()), 4);
        QCOMPARE(project.servers[2].name, u"node_2"_s);
        QCOMPARE(project.servers[2].hostIp, u"172.16.0.102"_s);
        QCOMPARE(project.servers[2].superDeviceIds, (QStringList{u"0"_s, u"1"_s, u"2"_s, u"3"_s}));
        QCOMPARE(project.superPods, vendorExample().superPods);
        QCOMPARE(normalized(rankTableJson(project)),
                 normalized(sample(u"hccl_a3_superpod_2x2.json"_s)));
        // No netmask is in a rank table; HCCL's example puts both dies of NPU 0 into
        // 192.168.1.x, which the deployer's A3 policy refuses under a /24: the plan moves die 1
        // of every NPU into a segment of its own and keeps every die-0 address it can.
        Project valid = project;
        valid.launch.workdir = u"/home/train"_s;
        valid.launch.entry = u"main.py"_s;
        valid.deviceNetwork.netmask = u"255.255.255.0"_s;
        const Problems before = validateProject(valid);
        QVERIFY2(ruleIds(before).contains(u"die-segment"_s), qPrintable(describe(before)));
        const PlanResult plan = planDeviceNetwork(valid);
        QVERIFY2(plan.ok, qPrintable(plan.reason));
        QCOMPARE(plan.project.servers[0].deviceIps[0], u"192.168.1.6"_s);
        const Problems after = validateProject(plan.project);
        QVERIFY2(after.empty(), qPrintable(describe(after)));
    }

    // MindCluster's hccl.json of an Atlas A3 job (Ascend Operator, docs/en/scheduling/api/
    // hccl.json_file_description.md in Ascend/mind-cluster; tests/data/import names it).
    void mindClusterA3Imports()
    {
        const ImportResult result = importTable(sample(u"mindcluster_hccl_a3.json"_s));
        QVERIFY2(result.ok(), qPrintable(describeImport(result)));
        const Server &server = result.project.servers.at(0);
        QCOMPARE(server.name, u"00-1a-2b-3c"_s);
        QCOMPARE(server.hostIp, u"10.0.0.22"_s);
        QCOMPARE(server.devices, (std::vector<int>{0, 7}));
        QCOMPARE(server.superDeviceIds, (QStringList{u"37748736"_s, u"38600711"_s}));
        QCOMPARE(result.project.superPods.size(), size_t(1));
        QCOMPARE(result.project.superPods[0].servers, QStringList{u"00-1a-2b-3c"_s});
        const QString notes = result.notes.join(u'\n');
        QVERIFY2(notes.contains(u"container_ip"_s) && notes.contains(u"hardware_type"_s),
                 qPrintable(notes));
    }

    void badTables_data()
    {
        QTest::addColumn<QByteArray>("table");
        QTest::addColumn<QString>("rule");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("says");
        auto row = [](const char *name, const std::function<void(Json &)> &edit, const char *rule,
                      const char *path, const char *says) {
            QTest::newRow(name) << editedExample(edit) << QString::fromLatin1(rule)
                                << u"input: "_s + QString::fromLatin1(path)
                                << QString::fromUtf8(says);
        };
        row(
            "pod names an unknown server",
            [](Json &d) { d["super_pod_list"][1]["server_list"][1]["server_id"] = "node_9"; },
            "ranktable-super-pod", "super_pod_list[1].server_list[1].server_id",
            "super pod 1 names server node_9, which server_list does not list");
        row(
            "pod leaves a server out",
            [](Json &d) { d["super_pod_list"][1]["server_list"].erase(1); }, "ranktable-super-pod",
            "server_list[3].server_id", "server node_3 is in no super pod");
        row(
            "server in two pods",
            [](Json &d) { d["super_pod_list"][1]["server_list"][1]["server_id"] = "node_0"; },
            "ranktable-super-pod", "super_pod_list[1].server_list[1].server_id",
            "server node_0 is already in super pod 0");
        row(
            "pod split in server_list",
            [](Json &d) {
                d["super_pod_list"][0]["server_list"][1]["server_id"] = "node_2";
                d["super_pod_list"][1]["server_list"][0]["server_id"] = "node_1";
            },
            "ranktable-super-pod", "server_list[2].server_id",
            "server node_2 of super pod 0 is not listed together");
        row(
            "SDID twice in one pod",
            [](Json &d) { d["server_list"][1]["device"][2]["super_device_id"] = "1"; },
            "ranktable-super-device-id", "server_list[1].device[2].super_device_id",
            "server node_1 die 2: super_device_id 1 is already that of server node_0 die 1");
        row(
            "SDID missing",
            [](Json &d) { d["server_list"][3]["device"][0].erase("super_device_id"); },
            "ranktable-super-device-id", "server_list[3].device[0].super_device_id",
            "server node_3 die 0: missing");
        row(
            "die IP twice",
            [](Json &d) { d["server_list"][2]["device"][3]["device_ip"] = "192.168.1.9"; },
            "ranktable-device-ip", "server_list[2].device[3].device_ip",
            "server node_2 die 3: device_ip 192.168.1.9 is already that of server node_0 die 3");
        row(
            "ranks interleaved",
            [](Json &d) {
                d["server_list"][0]["device"][3]["rank_id"] = "7";
                d["server_list"][1]["device"][3]["rank_id"] = "3";
            },
            "ranktable-rank-interleaved", "server_list[0].device",
            "server node_0: its rank ids enclose rank 6 of server node_1 (rank 7 comes after it)");
        row(
            "backup NIC of another NPU",
            [](Json &d) { d["server_list"][0]["device"][0]["backup_device_ip"] = "192.168.1.8"; },
            "ranktable-backup-ip", "server_list[0].device[0].backup_device_ip",
            "server node_0 die 0: backup_device_ip 192.168.1.8 is not the device_ip of die 1");
        row(
            "die 16", [](Json &d) { d["server_list"][0]["device"][0]["device_id"] = "16"; },
            "ranktable-device-id", "server_list[0].device[0].device_id",
            "not an Atlas A3 die (0-15)");
        row(
            "super pods in a 1.0 table", [](Json &d) { d["version"] = "1.0"; },
            "ranktable-super-pod", "super_pod_list", "version \"1.2\"");
    }

    void badTables()
    {
        QFETCH(QByteArray, table);
        QFETCH(QString, rule);
        QFETCH(QString, path);
        QFETCH(QString, says);
        const ImportResult result = importTable(table);
        QVERIFY2(!result.ok(), qPrintable(describeImport(result)));
        QCOMPARE(result.errors.front().rule, rule);
        QCOMPARE(result.errors.front().path, path);
        QVERIFY2(result.errors.front().message.contains(says),
                 qPrintable(result.errors.front().message));
    }

    // An A3 chip's table of another generation's project is refused, naming the accelerator.
    void otherAcceleratorRefused()
    {
        ImportOptions options;
        options.accelerator = Accelerator::Ascend910b;
        const ImportResult result = importText(
            ImportKind::RankTable, sample(u"hccl_a3_superpod_2x2.json"_s), u"input"_s, options);
        QVERIFY(!result.ok());
        QCOMPARE(result.errors.front().rule, u"ranktable-a3"_s);
        QVERIFY2(result.errors.front().message.contains(u"ascend910b"_s),
                 qPrintable(describeImport(result)));
    }

    // The launch modes CANN allows on A3 generate (docs/ascend.md, "Launch per die"); the CM_*
    // variables of no-ranktable are not for A3 (envref_07_0053 lists Atlas training and A2
    // only), refused naming the mode, the reason and what to use instead.
    void launchModes_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<bool>("superPods");
        QTest::addColumn<bool>("allowed");
        for (const bool pods : {true, false}) {
            const char *kind = pods ? "superpod" : "typical";
            QTest::addRow("ranktable-%s", kind) << u"ranktable"_s << pods << true;
            QTest::addRow("launch-%s", kind) << u"launch"_s << pods << true;
            QTest::addRow("mpirun-%s", kind) << u"mpirun"_s << pods << true;
            QTest::addRow("msrun-%s", kind) << u"msrun"_s << pods << true;
            QTest::addRow("no-ranktable-%s", kind) << u"no-ranktable"_s << pods << false;
        }
    }

    void launchModes()
    {
        QFETCH(QString, name);
        QFETCH(bool, superPods);
        QFETCH(bool, allowed);
        const LaunchMode mode = *launchModeFromName(name);
        Project project = a3Cluster(4, 2);
        project.launch.mode = mode;
        if (mode == LaunchMode::Mpirun)
            project.launch.mpirun.per = MpirunPer::Device;
        if (mode == LaunchMode::Msrun)
            project.launch.framework = Framework::MindSpore;
        if (!superPods) {
            project.superPods.clear();
            for (Server &server : project.servers)
                server.superDeviceIds.clear();
        }
        project = planDeviceNetwork(project).project;
        const Problems problems = validateProject(project);
        if (allowed) {
            QVERIFY2(problems.empty(), qPrintable(describe(problems)));
            return;
        }
        QCOMPARE(ruleIds(problems), QStringList{u"a3-mode"_s});
        const QString text = describe(problems);
        QVERIFY2(text.contains(u"launch.mode"_s) && text.contains(u"no-ranktable"_s) &&
                     text.contains(u"CM_*"_s) && text.contains(u"not on Atlas A3"_s) &&
                     text.contains(u"use ranktable"_s),
                 qPrintable(text));
    }

    // A restarting rank table run on the A3 is valid with super pods and ports: each attempt's
    // table is written by train.sh in the layout of the whole plan (tst_attemptPlan proves it
    // equal to generate's for every subset of servers).
    void restartingRankTableRunIsValid()
    {
        Project project = a3Cluster(4, 2);
        project.launch.mode = LaunchMode::RankTable;
        project.launch.restart = {2, true, 2, 5, {}};
        Server &server = project.servers[0];
        for (size_t k = 0; k < server.devices.size(); ++k) {
            server.devicePorts.push_back(16666 + int(k));
            server.hostPorts.push_back(60100 + int(k));
        }
        project = planDeviceNetwork(project).project;
        const Problems problems = validateProject(project);
        QVERIFY2(problems.empty(), qPrintable(describe(problems)));
        const QString train = QString::fromUtf8(trainScript(project));
        QVERIFY2(train.contains(u"super_pod_list"_s) && train.contains(u"NODE_SUPER_POD_IDS=("_s),
                 "train.sh writes an attempt's table as 1.2");
    }

    // CANN's A3 typical-networking example (version 1.0, host_port): an ascend910_93 project
    // without super pods, written back as 1.0 with its ports.
    void typicalNetworkingKeeps10()
    {
        const ImportResult result = importTable(sample(u"hccl_a3_typical_2x2.json"_s));
        QVERIFY2(result.ok(), qPrintable(describeImport(result)));
        QCOMPARE(result.project.accelerator, Accelerator::Ascend910_93);
        QVERIFY(result.project.superPods.empty());
        const Json table = Json::parse(rankTableJson(result.project).toStdString());
        QCOMPARE(table["version"].get<std::string>(), std::string("1.0"));
        QCOMPARE(table["server_list"][1]["device"][1]["host_port"].get<std::string>(),
                 std::string("16667"));
    }

    void dieSegmentRule()
    {
        Project project = a3Cluster(2, 2);
        project.deviceNetwork.netmask = u"255.255.255.0"_s;
        for (int s = 0; s < 2; ++s) {
            for (int die = 0; die < 16; ++die)
                project.servers[size_t(s)].deviceIps
                    << u"192.168.%1.%2"_s.arg(100 + die % 2).arg(10 + 20 * s + die);
        }
        QVERIFY2(validateProject(project).empty(), qPrintable(describe(validateProject(project))));
        project.servers[1].deviceIps[5] = u"192.168.100.99"_s; // die 5 beside die 4
        const Problems problems = validateProject(project);
        QCOMPARE(ruleIds(problems), QStringList{u"die-segment"_s});
        QCOMPARE(paths(problems), QStringList{u"servers[1].device_ips[5]"_s});
        QVERIFY2(problems.front().message.contains(
                     u"server1 die 5 (NPU 2): 192.168.100.99 is in segment 192.168.100.0/24 like "
                     u"die 4 of the same NPU"_s),
                 qPrintable(problems.front().message));
    }

    void superPodRules_data()
    {
        QTest::addColumn<Mutation>("mutate");
        QTest::addColumn<QString>("rule");
        QTest::addColumn<QString>("path");
        auto row = [](const char *name, Mutation m, const char *rule, const char *path) {
            QTest::newRow(name) << m << QString::fromLatin1(rule) << QString::fromLatin1(path);
        };
        row(
            "unknown server", [](Project &p) { p.superPods[1].servers[1] = u"nine"_s; },
            "super-pod-server", "super_pods[1].servers[1]");
        row(
            "server in two pods", [](Project &p) { p.superPods[1].servers[1] = u"server0"_s; },
            "super-pod-membership", "super_pods[1].servers[1]");
        row(
            "server in none", [](Project &p) { p.superPods[1].servers.removeLast(); },
            "super-pod-membership", "servers[3].name");
        row(
            "pod split",
            [](Project &p) {
                p.superPods[0].servers = {u"server0"_s, u"server2"_s};
                p.superPods[1].servers = {u"server1"_s, u"server3"_s};
            },
            "super-pod-order", "servers[2].name");
        row(
            "id twice", [](Project &p) { p.superPods[1].id = u"0"_s; }, "super-pod-id",
            "super_pods[1].super_pod_id");
        row(
            "SDID twice in a pod", [](Project &p) { p.servers[1].superDeviceIds[3] = u"2"_s; },
            "super-device-id-unique", "servers[1].super_device_ids[3]");
        row(
            "SDIDs missing", [](Project &p) { p.servers[2].superDeviceIds.clear(); },
            "super-device-id", "servers[2].super_device_ids");
        row(
            "host port twice",
            [](Project &p) { p.servers[0].hostPorts = std::vector<int>(16, 7000); }, "device-port",
            "servers[0].host_ports[1]");
    }

    void superPodRules()
    {
        QFETCH(Mutation, mutate);
        QFETCH(QString, rule);
        QFETCH(QString, path);
        const Project project = a3Cluster(4, 2);
        const PlanResult plan = planDeviceNetwork(project);
        QVERIFY2(plan.ok, qPrintable(plan.reason));
        QVERIFY2(validateProject(plan.project).empty(),
                 qPrintable(describe(validateProject(plan.project))));
        Project broken = plan.project;
        mutate(broken);
        const Problems problems = validateProject(broken);
        QVERIFY2(ruleIds(problems).contains(rule), qPrintable(describe(problems)));
        QVERIFY2(paths(problems).contains(path), qPrintable(describe(problems)));
    }

    void superPodsOnlyOnA3()
    {
        Project project = ascendCluster(2);
        project.accelerator = Accelerator::Ascend910b;
        project.superPods = {{u"0"_s, {u"server0"_s, u"server1"_s}}};
        project.servers[0].superDeviceIds << u"1"_s;
        const Problems problems = validateProject(project);
        QVERIFY2(paths(problems).contains(u"super_pods"_s), qPrintable(describe(problems)));
        QVERIFY2(paths(problems).contains(u"servers[0].super_device_ids"_s),
                 qPrintable(describe(problems)));
    }

    // 2 pods x 2 servers and 16 servers in two pods of 8: validated, planned, generated.
    void clustersPlanValidateGenerate_data()
    {
        QTest::addColumn<int>("servers");
        QTest::addColumn<int>("perPod");
        QTest::newRow("2 pods x 2") << 4 << 2;
        QTest::newRow("16 servers") << 16 << 8;
    }

    void clustersPlanValidateGenerate()
    {
        QFETCH(int, servers);
        QFETCH(int, perPod);
        const PlanResult plan = planDeviceNetwork(a3Cluster(servers, perPod));
        QVERIFY2(plan.ok, qPrintable(plan.reason));
        QCOMPARE(plan.project.deviceNetwork.netmask, u"255.255.255.0"_s);
        QCOMPARE(plan.project.deviceNetwork.segments,
                 (QStringList{u"192.168.100.0"_s, u"192.168.101.0"_s}));
        const ProjectValidation validation = validated(plan.project);
        QVERIFY2(validation.valid, qPrintable(describe(validation.problems)));
        const Json table = Json::parse(rankTableJson(plan.project).toStdString());
        QCOMPARE(table["version"].get<std::string>(), std::string("1.2"));
        QCOMPARE(int(table["server_list"].size()), servers);
        QCOMPARE(int(table["super_pod_list"].size()), servers / perPod);
        const Json &last = table["server_list"][size_t(servers - 1)]["device"][15];
        QCOMPARE(last["rank_id"].get<std::string>(), std::to_string(servers * 16 - 1));
        QCOMPARE(last["backup_device_ip"].get<std::string>(),
                 table["server_list"][size_t(servers - 1)]["device"][14]["device_ip"]
                     .get<std::string>());
        QCOMPARE(table["super_pod_list"][1]["server_list"][0]["server_id"].get<std::string>(),
                 "server" + std::to_string(perPod));
    }

    // `plan` for 1 to 128 servers: two /24 segments up to 31 servers, wider ones beyond.
    void planOneTo128_data()
    {
        QTest::addColumn<int>("servers");
        QTest::addColumn<QString>("netmask");
        QTest::newRow("1") << 1 << u"255.255.255.0"_s;
        QTest::newRow("31") << 31 << u"255.255.255.0"_s;
        QTest::newRow("32") << 32 << u"255.255.254.0"_s;
        QTest::newRow("64") << 64 << u"255.255.252.0"_s;
        QTest::newRow("128") << 128 << u"255.255.248.0"_s;
    }

    void planOneTo128()
    {
        QFETCH(int, servers);
        QFETCH(QString, netmask);
        const PlanResult plan = planDeviceNetwork(a3Cluster(servers, servers));
        QVERIFY2(plan.ok, qPrintable(plan.reason));
        QCOMPARE(plan.project.deviceNetwork.netmask, netmask);
        const Problems problems = validateProject(plan.project);
        QVERIFY2(problems.empty(), qPrintable(describe(problems)));
        // A second plan changes nothing.
        QCOMPARE(planDeviceNetwork(plan.project).changes, QStringList());
    }

    void planSaysWhyNone()
    {
        Project project = a3Cluster(8, 8);
        project.deviceNetwork.netmask = u"255.255.255.192"_s;
        const PlanResult plan = planDeviceNetwork(project);
        QVERIFY(!plan.ok);
        QCOMPARE(plan.reason,
                 u"segment 192.168.100.0/26 holds die 0 of every NPU on 8 servers: 64 device IPs "
                 u"are needed, but it offers 62 (a /26 less network, broadcast and host IPs)"_s);
        project.deviceNetwork.netmask.clear();
        project.deviceNetwork.segments = {u"192.168.7.0"_s, u"192.168.7.0"_s};
        const PlanResult same = planDeviceNetwork(project);
        QVERIFY(!same.ok);
        QVERIFY2(same.reason.contains(u"the two dies of one NPU need different segments"_s),
                 qPrintable(same.reason));
    }
};

QTEST_APPLESS_MAIN(tst_AtlasA3)
#include "tst_atlasA3.moc"
