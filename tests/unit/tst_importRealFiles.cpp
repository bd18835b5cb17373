// SPDX-License-Identifier: GPL-3.0-or-later
// Files other tools wrote, as their vendors publish them, imported. Each sample in
// tests/data/import is a copy of the public example named in the test that reads it: "xx"
// placeholders filled with addresses of the same shape, the comments JSON cannot hold left out.
// Atlas A2 files import as ascend910b, MindCluster's hccl.json as MindCluster writes it, and what
// the formats mean (MPICH's host:N, Ansible's merged hosts) is what the importers read.
#include "exchange/Import.h"
#include "plan/Planner.h"
#include "plan/RoutedPlan.h"
#include "rules/ProjectValidator.h"

#include <QFile>
#include <QRegularExpression>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace cw;

namespace {

QByteArray sample(const QString &name)
{
    QFile file(QStringLiteral(CLUSTERWIZ_TEST_DATA "/import/") + name);
    if (!file.open(QIODevice::ReadOnly))
        qFatal("missing sample %s", qPrintable(name));
    return file.readAll();
}

ImportResult run(ImportKind kind, const QByteArray &text, const QString &server = {},
                 std::optional<Accelerator> accelerator = std::nullopt)
{
    ImportOptions options;
    options.serverName = server;
    options.accelerator = accelerator;
    return importText(kind, text, u"input"_s, options);
}

// The launch fields no such file holds, filled in; what is left must be `expected`.
QStringList remainingRules(Project project)
{
    project.launch.workdir = u"/home/train"_s;
    project.launch.entry = u"main.py"_s;
    QStringList rules;
    for (const Problem &problem : validateProject(project))
        rules << problem.rule + u' ' + problem.path;
    rules.sort();
    return rules;
}

QString describe(const ImportResult &result)
{
    QStringList lines;
    for (const Problem &problem : result.errors)
        lines << problem.rule + u" | "_s + problem.toString();
    return lines.join(u'\n') + u"\nnotes: "_s + result.notes.join(u"; "_s);
}

} // namespace

class TestImportRealFiles : public QObject {
    Q_OBJECT

private Q_SLOTS:
    // An Atlas A2 server's hccn.conf: the deployer guide's A2 example addresses (deviceip
    // "10.20.0.2,...,10.20.0.9", netmask 255.255.255.0; Ascend Deployer, "Modifying
    // inventory_file", deployer_0024) in hccn.conf's address_N / netmask_N lines.
    void a2HccnConfIsAscend910b()
    {
        const ImportResult result = run(ImportKind::HccnConf, sample(u"a2_hccn.conf"_s), u"a2"_s);
        QVERIFY2(result.ok(), qPrintable(describe(result)));
        QCOMPARE(result.project.accelerator, Accelerator::Ascend910b);
        QVERIFY2(result.notes.join(u'\n').contains(u"accelerator ascend910b"_s),
                 qPrintable(describe(result)));
        // Before: ascend910 and a "four different segments" error per device pair.
        QCOMPARE(remainingRules(result.project), QStringList{u"host-ip servers[0].host_ip"_s});
        // Asked for, the first generation is kept: and its rules then refuse the layout.
        const ImportResult forced =
            run(ImportKind::HccnConf, sample(u"a2_hccn.conf"_s), u"a2"_s, Accelerator::Ascend910);
        QCOMPARE(forced.project.accelerator, Accelerator::Ascend910);
        QVERIFY(remainingRules(forced.project).join(u' ').contains(u"segment-distinct"_s));
    }

    // The deployer guide's own A2 inventory (deployer_0024: [hccn] lines with deviceip, and
    // [hccn:vars] gateways, netmask "255.255.255.0", roce_port 4791, bitmap "0,0,0,1,0,0,0,0",
    // dscp_tc, common_network), its addresses filled in from the same page's deviceip example.
    void a2InventoryIsAscend910bAndValid()
    {
        const ImportResult result =
            run(ImportKind::DeployerInventory, sample(u"a2_inventory_file"_s));
        QVERIFY2(result.ok(), qPrintable(describe(result)));
        QCOMPARE(result.project.accelerator, Accelerator::Ascend910b);
        QCOMPARE(result.project.deviceNetwork.gateways, QStringList{u"10.20.0.1"_s});
        QCOMPARE(remainingRules(result.project), QStringList());
    }

    // CANN's A2 rank table example: servers "node_0" and "node_1" (names, not addresses), a
    // device_port per device, devices in 192.168.1.x and 192.168.2.x (HCCL user guide, "Rank
    // Table Configuration (Atlas A2 training product)", hcclug_000067).
    void a2RankTableNeedsAGatewayPerSegment()
    {
        const ImportResult result = run(ImportKind::RankTable, sample(u"hccl_a2_2x2.json"_s));
        QVERIFY2(result.ok(), qPrintable(describe(result)));
        Project project = result.project;
        QCOMPARE(project.accelerator, Accelerator::Ascend910b);
        QCOMPARE(project.servers[0].host, u"node_0"_s);
        QVERIFY(project.servers[0].hostIp.isEmpty());
        const QString notes = result.notes.join(u'\n');
        QVERIFY2(notes.contains(u"server_id node_0, a name"_s), qPrintable(notes));
        QVERIFY2(notes.contains(u"device_port"_s), qPrintable(notes));
        // The servers' addresses and the /24 the devices were set up with: two segments, which
        // reach each other only through a router.
        project.servers[0].hostIp = u"10.0.0.22"_s;
        project.servers[1].hostIp = u"10.0.0.23"_s;
        project.deviceNetwork.netmask = u"255.255.255.0"_s;
        QCOMPARE(remainingRules(project),
                 QStringList({u"gateway-missing servers[0].device_ips[0]"_s,
                              u"gateway-missing servers[1].device_ips[0]"_s}));
        const Problems problems = validateProject(project);
        QVERIFY2(problems.front().message.contains(u"segment 192.168.1.0/24 (server0) has no "
                                                   u"gateway"_s),
                 qPrintable(problems.front().message));
        // plan --fill-gateways: each segment gets its highest free address.
        QStringList changes;
        QCOMPARE(fillSegmentGateways(project, changes), 2);
        QCOMPARE(project.deviceNetwork.gateways,
                 QStringList({u"192.168.1.254"_s, u"192.168.2.254"_s}));
        QCOMPARE(project.deviceNetwork.detectIps, project.deviceNetwork.gateways);
        QCOMPARE(remainingRules(project), QStringList());
        // Without the netmask, the servers' own IPs still lie in two /24 segments: the plan does
        // not join them into one /22 (which would write /22 onto every device) but says so and
        // asks for the routed plan; --fill-gateways then completes it (issue 32, item 10).
        project.deviceNetwork = {};
        PlanResult plan = planDeviceNetwork(project);
        QVERIFY(!plan.ok);
        QVERIFY2(plan.reason.contains(u"2 segments (192.168.1.0, 192.168.2.0)"_s) &&
                     plan.reason.contains(u"--fill-gateways"_s) &&
                     plan.reason.contains(u"not joined into one wider segment"_s),
                 qPrintable(plan.reason));
        QCOMPARE(plan.project.deviceNetwork.netmask, u"255.255.255.0"_s);
        QCOMPARE(plan.project.servers[1].deviceIps, project.servers[1].deviceIps);
        changes.clear();
        QCOMPARE(fillSegmentGateways(plan.project, changes), 2);
        QCOMPARE(remainingRules(plan.project), QStringList());
    }

    // CANN's Atlas training series template 1 (HCCL user guide, "rank table配置资源信息(Atlas
    // 训练系列产品)", https://www.hiascend.com/document/detail/zh/CANNCommunityEdition/
    // 850alpha002/hccl/hcclug/hcclug_000068.html, its comments left out): the A2 example's layout
    // without device_port. Before: ascend910b, by the layout alone (issue 32, item 7).
    void cann910TemplateIsAscend910()
    {
        const ImportResult result =
            run(ImportKind::RankTable, sample(u"cann_910_template1.json"_s));
        QVERIFY2(result.ok(), qPrintable(describe(result)));
        QCOMPARE(result.project.accelerator, Accelerator::Ascend910);
        const QString notes = result.notes.join(u'\n');
        QVERIFY2(notes.contains(u"no Atlas A2 member (device_port, hardware_type)"_s) &&
                     notes.contains(u"pass --accelerator ascend910b"_s),
                 qPrintable(notes));
        // The A2 example names itself by device_port.
        const ImportResult a2 = run(ImportKind::RankTable, sample(u"hccl_a2_2x2.json"_s));
        QVERIFY2(
            a2.notes.join(u'\n').contains(
                u"accelerator ascend910b: the file gives device_port (server_list[0].device[0])"_s),
            qPrintable(describe(a2)));
        // hccl_tools' eight devices of a first-generation server in four segments stay ascend910.
        const ImportResult tools =
            run(ImportKind::RankTable, sample(u"hccl_8p_01234567_10.0.0.22.json"_s));
        QCOMPARE(tools.project.accelerator, Accelerator::Ascend910);
    }

    // An Atlas A3 table of typical networking (not SuperPoD): version "1.0", 16 dies per server,
    // each device with device_port and host_port, the server with host_ip: the device members
    // of CANN's A3 example (HCCL user guide, "ranktable文件配置资源信息", Atlas A3,
    // https://www.hiascend.com/document/detail/zh/canncommercial/82RC1/hccl/hcclug/
    // hcclug_000014.html: device_id, device_ip, device_port, host_port, rank_id; host_ip
    // 172.16.0.100; device IPs 192.168.1.6 on) for one server of 16 dies: an ascend910_93
    // project with its ports. Cut to eight dies, host_port alone still names the A3.
    void a3TypicalTableImports()
    {
        const ImportResult result =
            run(ImportKind::RankTable, sample(u"cann_a3_typical_16p.json"_s));
        QVERIFY2(result.ok(), qPrintable(describe(result)));
        QCOMPARE(result.project.accelerator, Accelerator::Ascend910_93);
        const Server &server = result.project.servers.at(0);
        QCOMPARE(server.devices.size(), size_t(16));
        QCOMPARE(server.hostPorts.size(), size_t(16));
        QCOMPARE(server.hostIp, u"172.16.0.100"_s);
        QByteArray eight = sample(u"cann_a3_typical_16p.json"_s);
        const qsizetype cut = eight.indexOf("{", eight.indexOf("\"device_id\": \"8\"") - 40);
        eight = eight.left(eight.lastIndexOf(",", cut)) + "]}]}";
        const ImportResult host = run(ImportKind::RankTable, eight);
        QVERIFY2(host.ok(), qPrintable(describe(host)));
        QCOMPARE(host.project.accelerator, Accelerator::Ascend910_93);
        QCOMPARE(host.project.servers.at(0).devices.size(), size_t(8));
    }

    // A copy of the Atlas A3 typical-networking example of hicann/hccl (docs/en/user_guide/
    // cluster_info_config/rank_table_config_a3.md at bf07f6e5, "Typical Cluster Networking (AI
    // Server Mode)": two servers of two devices, version "1.0"), with the comments deleted as
    // that page says to: the A3's host_port names it; an ascend910_93 project without super pods.
    void hcclA3TypicalExampleImports()
    {
        const ImportResult result =
            run(ImportKind::RankTable, sample(u"hccl_a3_typical_2x2.json"_s));
        QVERIFY2(result.ok(), qPrintable(describe(result)));
        QCOMPARE(result.project.accelerator, Accelerator::Ascend910_93);
        QVERIFY(result.project.superPods.empty());
        QCOMPARE(result.project.servers.at(1).devicePorts, (std::vector<int>{16667, 16667}));
    }

    // CANN's one-server template (hcclug_000011: node_0 with devices 0 and 1) with device_ip
    // left empty, as the Atlas A2 guide allows for one server: accepted there, refused on two.
    void singleServerWithoutDeviceIps()
    {
        const QByteArray text = sample(u"cann_a2_1s_no_device_ip.json"_s);
        const ImportResult result = run(ImportKind::RankTable, text);
        QVERIFY2(result.ok(), qPrintable(describe(result)));
        QCOMPARE(result.project.servers.at(0).devices, (std::vector<int>{0, 1}));
        QVERIFY(result.project.servers.at(0).deviceIps.isEmpty());
        QVERIFY2(
            result.notes.join(u'\n').contains(u"device_ip is empty, which one server allows"_s),
            qPrintable(describe(result)));

        QByteArray two = text;
        two.replace("\"server_count\": \"1\"", "\"server_count\": \"2\"");
        const qsizetype list = two.indexOf('[');
        const qsizetype end = two.lastIndexOf(']');
        const QByteArray entry = two.mid(list + 1, end - list - 1).trimmed();
        QByteArray second = entry;
        second.replace("node_0", "node_1")
            .replace("\"rank_id\": \"0\"", "\"rank_id\": \"2\"")
            .replace("\"rank_id\": \"1\"", "\"rank_id\": \"3\"");
        two = two.left(list + 1) + entry + "," + second + two.mid(end);
        const ImportResult refused = run(ImportKind::RankTable, two);
        QVERIFY2(!refused.ok(), qPrintable(describe(refused)));
        QCOMPARE(refused.errors.front().rule, u"ranktable-device-ip"_s);
        QVERIFY2(refused.errors.front().message.contains(u"only a table of one server"_s),
                 qPrintable(describe(refused)));
    }

    // merge_hccl.py writes rank_id as a string since mindspore-ai/models af532740f
    // (`str(rank_id)`); its first version (3a2f16b81) wrote a number, as hccl_2s_16p.json holds.
    // Both read the same.
    void rankIdStringOrNumber()
    {
        const QByteArray numbers = sample(u"hccl_2s_16p.json"_s);
        QByteArray strings = numbers;
        static const QRegularExpression rank(u"\"rank_id\": (\\d+)"_s);
        strings = QString::fromUtf8(strings).replace(rank, u"\"rank_id\": \"\\1\""_s).toUtf8();
        QVERIFY(strings != numbers && strings.contains("\"rank_id\": \"15\""));
        const ImportResult a = run(ImportKind::RankTable, numbers);
        const ImportResult b = run(ImportKind::RankTable, strings);
        QVERIFY2(a.ok() && b.ok(), qPrintable(describe(a) + describe(b)));
        QCOMPARE(a.project, b.project);
    }

    // ascend-deployer's hccn_inventory_file (github.com/Ascend/ascend-deployer
    // offline-deploy/hccn_inventory_file, verbatim): its [tools] lines are examples behind `#`,
    // so as shipped it names no server; with the two 10.10.10.x lines taken in, each `ip=` of
    // mode SMP stands for eight devices (tools/hccn/main/hccn.go confIP; README "hccn_tool网络配
    // 置": 10.0.0.1 gives 10.0.0.1, 10.0.1.1, 10.0.2.1, 10.0.3.1, 10.0.0.2, ...).
    void hccnInventoryFile()
    {
        const QByteArray shipped = sample(u"hccn_inventory_file"_s);
        const ImportResult empty = run(ImportKind::DeployerInventory, shipped);
        QVERIFY(!empty.ok());
        QCOMPARE(empty.errors.front().rule, u"inventory-empty"_s);
        QVERIFY2(empty.errors.front().message.contains(u"[tools] section (hccn_inventory_file"_s),
                 qPrintable(describe(empty)));

        QByteArray text = shipped;
        text.replace("# 10.10.10.", "10.10.10.");
        const ImportResult result = run(ImportKind::DeployerInventory, text);
        QVERIFY2(result.ok(), qPrintable(describe(result)));
        const Project &project = result.project;
        QCOMPARE(project.servers.size(), size_t(2));
        QCOMPARE(project.servers[0].host, u"10.10.10.10"_s);
        QCOMPARE(project.servers[0].user, u"root"_s);
        QCOMPARE(project.servers[0].deviceIps,
                 QStringList({u"192.168.100.101"_s, u"192.168.101.101"_s, u"192.168.102.101"_s,
                              u"192.168.103.101"_s, u"192.168.100.102"_s, u"192.168.101.102"_s,
                              u"192.168.102.102"_s, u"192.168.103.102"_s}));
        QCOMPARE(project.servers[1].deviceIps.front(), u"192.168.100.108"_s);
        QCOMPARE(project.servers[1].deviceIps.back(), u"192.168.103.109"_s);
        QCOMPARE(project.deviceNetwork.netmask, u"255.255.255.0"_s);
        QCOMPARE(project.accelerator, Accelerator::Ascend910);
        const QString notes = result.notes.join(u'\n');
        QVERIFY2(notes.contains(u"[tools:vars] user"_s), qPrintable(notes));
        QVERIFY2(!notes.contains(u"could not carry: [tools]"_s), qPrintable(notes));

        // Mode AMP: device i gets a.b.c.(d+i); one address per device as a comma list.
        const ImportResult amp = run(ImportKind::DeployerInventory,
                                     "[tools]\nnode1 action=config mode=AMP ip=10.0.0.1 "
                                     "detectip=10.0.0.254 netmask=255.255.255.0\n"
                                     "node2 action=config ip=10.0.0.11,10.0.0.12 "
                                     "detectip=10.0.0.254,10.0.0.254 netmask=255.255.255.0\n");
        QVERIFY2(amp.ok(), qPrintable(describe(amp)));
        QCOMPARE(amp.project.servers[0].deviceIps.size(), qsizetype(8));
        QCOMPARE(amp.project.servers[0].deviceIps.back(), u"10.0.0.8"_s);
        QCOMPARE(amp.project.servers[1].deviceIps, QStringList({u"10.0.0.11"_s, u"10.0.0.12"_s}));
        // One address without SMP or AMP: hccn.go cannot expand it.
        const ImportResult modeless = run(ImportKind::DeployerInventory,
                                          "[tools]\nnode1 ip=10.0.0.1 netmask=255.255.255.0\n");
        QVERIFY(!modeless.ok());
        QCOMPARE(modeless.errors.front().rule, u"inventory-ip"_s);
        QCOMPARE(modeless.errors.front().path, u"input:2"_s);
    }

    // MindCluster's hccl.json (Ascend Operator, mind-cluster
    // docs/en/scheduling/api/hccl.json_file_description.md, the Atlas training / A2 example):
    // server_id is an identifier, the address is host_ip; container_ip and hardware_type are
    // MindCluster's own.
    void mindClusterHcclJsonUsesHostIp()
    {
        const ImportResult result = run(ImportKind::RankTable, sample(u"mindcluster_hccl.json"_s));
        QVERIFY2(result.ok(), qPrintable(describe(result)));
        const Server &server = result.project.servers.at(0);
        QCOMPARE(server.host, u"10.0.0.22"_s);
        QCOMPARE(server.hostIp, u"10.0.0.22"_s);
        QCOMPARE(server.devices, (std::vector<int>{0, 1, 2, 3}));
        const QString notes = result.notes.join(u'\n');
        QVERIFY2(notes.contains(u"container_ip"_s) && notes.contains(u"hardware_type"_s),
                 qPrintable(notes));
        // hardware_type "800I-A2-32G" names the Atlas A2, whatever the placeholder layout.
        QCOMPARE(result.project.accelerator, Accelerator::Ascend910b);
    }

    // The same page's Atlas A3 example: version "1.2", super_pod_list: an ascend910_93
    // project with its super pod (tst_atlasA3 reads it field by field).
    void mindClusterA3Imports()
    {
        const ImportResult result =
            run(ImportKind::RankTable, sample(u"mindcluster_hccl_a3.json"_s));
        QVERIFY2(result.ok(), qPrintable(describe(result)));
        QCOMPARE(result.project.accelerator, Accelerator::Ascend910_93);
        QCOMPARE(result.project.superPods.size(), size_t(1));
    }

    // What the ConfigMap holds before MindCluster fills it (mindxdl-deploy
    // samples/train/basic-training/ranktable/yaml/910b/a800_pytorch_vcjob.yaml: hccl.json
    // {"status":"initializing"}), and a version written as a number: messages name the value.
    void unfinishedAndNumericVersionsAreNamed()
    {
        const ImportResult initializing =
            run(ImportKind::RankTable, sample(u"mindcluster_initializing.json"_s));
        QVERIFY(!initializing.ok());
        QCOMPARE(initializing.errors.front().rule, u"ranktable-status"_s);
        QCOMPARE(initializing.errors.front().path, u"input: status"_s);
        QVERIFY(initializing.errors.front().message.contains(u"not written yet"_s));

        QByteArray numeric = sample(u"hccl_a2_2x2.json"_s);
        numeric.replace("\"version\":\"1.0\"", "\"version\":1.0");
        const ImportResult number = run(ImportKind::RankTable, numeric);
        QVERIFY(!number.ok());
        QCOMPARE(number.errors.front().rule, u"ranktable-version"_s);
        QVERIFY2(number.errors.front().message.startsWith(u"1.0 (a number)"_s),
                 qPrintable(describe(number)));

        QByteArray twice = sample(u"hccl_a2_2x2.json"_s);
        twice.replace("\"server_count\"", "\"server_list\": [], \"server_count\"");
        const ImportResult duplicate = run(ImportKind::RankTable, twice);
        QVERIFY(!duplicate.ok());
        QCOMPARE(duplicate.errors.front().rule, u"ranktable-json"_s);
        QVERIFY2(duplicate.errors.front().message.contains(u"server_list is given twice"_s),
                 qPrintable(describe(duplicate)));
    }

    // Hostfiles as their tools document them: Open MPI's mpirun(1) "Specifying Host Nodes"
    // (myhostfile: aa, bb, cc with slots=2), MPICH's Hydra wiki (pmodels/mpich
    // doc/wiki/how_to/Using_the_Hydra_Process_Manager.md: donner:2, foo:3, shakey:2 with
    // comments), DeepSpeed's getting started (worker-1 slots=4, worker-2 slots=4).
    void hostfiles_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QStringList>("hosts");
        QTest::addColumn<QList<int>>("devices");
        QTest::newRow("Open MPI") << u"openmpi_myhostfile"_s
                                  << QStringList{u"aa"_s, u"bb"_s, u"cc"_s} << QList<int>{2, 2, 2};
        QTest::newRow("MPICH host:N")
            << u"mpich_hosts"_s << QStringList{u"donner"_s, u"foo"_s, u"shakey"_s}
            << QList<int>{2, 3, 2};
        QTest::newRow("DeepSpeed") << u"deepspeed_hostfile"_s
                                   << QStringList{u"worker-1"_s, u"worker-2"_s} << QList<int>{4, 4};
    }

    void hostfiles()
    {
        QFETCH(QString, file);
        QFETCH(QStringList, hosts);
        QFETCH(QList<int>, devices);
        const ImportResult result = run(ImportKind::Hostfile, sample(file));
        QVERIFY2(result.ok(), qPrintable(describe(result)));
        QCOMPARE(result.project.servers.size(), size_t(hosts.size()));
        for (qsizetype s = 0; s < hosts.size(); ++s) {
            QCOMPARE(result.project.servers[size_t(s)].host, hosts[s]);
            QCOMPARE(int(result.project.servers[size_t(s)].devices.size()), devices[s]);
        }
    }

    // Hydra's first example lists hosts alone: a count Open MPI takes from the cores and
    // DeepSpeed refuses, so the servers come without devices and say so.
    void hostsWithoutCountsAreStillToSet()
    {
        const ImportResult result = run(ImportKind::Hostfile, " donner\n foo\n shakey\n terra\n");
        QVERIFY2(result.ok(), qPrintable(describe(result)));
        QCOMPARE(result.project.servers.size(), size_t(4));
        QVERIFY(result.project.servers[3].devices.empty());
        QVERIFY2(result.notes.join(u'\n').contains(u"input:4: terra gives no slots="_s),
                 qPrintable(describe(result)));
        QVERIFY(remainingRules(result.project).contains(u"devices-empty servers[3].devices"_s));
    }

    void hostfileMeanings_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("rule");
        QTest::addColumn<QString>("where");
        QTest::newRow("names differ only in case")
            << QByteArray("worker-1 slots=8\nWORKER-1 slots=8\n") << u"hostfile-duplicate"_s
            << u"input:2"_s;
        QTest::newRow("localhost in a cluster") << QByteArray("node1 slots=8\nlocalhost slots=8\n")
                                                << u"hostfile-localhost"_s << u"input:2"_s;
        QTest::newRow("127.0.0.1 in a cluster") << QByteArray("127.0.0.1 slots=8\nnode1 slots=8\n")
                                                << u"hostfile-localhost"_s << u"input:1"_s;
        // ssh and the C library read 127.0.0 as an address (inet_aton), not a name: refused
        // with the address it is, so the loopback rule cannot be bypassed (issue 32, item 8).
        QTest::newRow("127.0.0, inet_aton's short form")
            << QByteArray("node1 slots=8\n127.0.0 slots=4\n") << u"hostfile-host"_s << u"input:2"_s;
        QTest::newRow("MPICH count 0")
            << QByteArray("node1:0\n") << u"hostfile-slots"_s << u"input:1"_s;
        QTest::newRow("localhost alone")
            << QByteArray("localhost slots=2\n") << QString() << QString();
    }

    void hostfileMeanings()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, rule);
        QFETCH(QString, where);
        const ImportResult result = run(ImportKind::Hostfile, text);
        if (rule.isEmpty()) {
            QVERIFY2(result.ok(), qPrintable(describe(result)));
            return;
        }
        QVERIFY2(!result.ok(), qPrintable(describe(result)));
        QCOMPARE(result.errors.front().rule, rule);
        QCOMPARE(result.errors.front().path, where);
    }

    // Ansible merges the lines of one inventory host: two lines for "node1" are one host to
    // ascend-deployer, never two servers.
    void inventoryHostListedTwiceIsRefused()
    {
        const ImportResult result = run(ImportKind::DeployerInventory,
                                        "[hccn]\nnode1 ansible_host=10.0.0.1 deviceip=10.20.0.2\n"
                                        "node1 ansible_host=10.0.0.2 deviceip=10.20.0.3\n");
        QVERIFY(!result.ok());
        QCOMPARE(result.errors.front().rule, u"inventory-duplicate"_s);
        QCOMPARE(result.errors.front().path, u"input:3"_s);
        QVERIFY(result.errors.front().message.contains(u"first on line 2"_s));
    }
};

QTEST_GUILESS_MAIN(TestImportRealFiles)
#include "tst_importRealFiles.moc"
