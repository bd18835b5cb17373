// SPDX-License-Identifier: GPL-3.0-or-later
// The four importers: the shipped sample of each kind becomes a project that validates once the
// launch fields no such file holds are set; every hostile or broken input is a clear error
// naming the file, the line or JSON path and the field, never a crash; generate's own rank
// table and an hccn.conf written from a project come back with the same device IPs.
#include "ValidProjects.h"

#include "exchange/Import.h"
#include "generate/Generator.h"
#include "model/ProjectJson.h"
#include "rules/ProjectValidator.h"

#include <QFile>
#include <QTemporaryDir>
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

Project example(const QString &name)
{
    ProjectLoad load =
        loadProjectFile(QStringLiteral(CLUSTERWIZ_SOURCE_DIR "/resources/examples/") + name +
                        u".clusterwiz.json"_s);
    if (!load.ok())
        qFatal("example %s does not load", qPrintable(name));
    return load.project;
}

ImportResult run(ImportKind kind, const QByteArray &text, const QString &server = {})
{
    ImportOptions options;
    options.serverName = server;
    return importText(kind, text, u"input"_s, options);
}

// What the file cannot hold, filled in: the rest must satisfy every rule.
Problems remainingProblems(Project project)
{
    project.launch.workdir = u"/home/train"_s;
    project.launch.entry = u"main.py"_s;
    return validateProject(project);
}

// Every problem left is about `field` (what this kind of file does not hold).
bool onlyMissing(const Project &project, const QString &field)
{
    const Problems problems = remainingProblems(project);
    for (const Problem &problem : problems) {
        if (!problem.path.endsWith(field))
            return false;
    }
    return !problems.empty();
}

// JSON written with ' for " keeps the rows readable (and away from raw strings, which moc
// does not read).
QByteArray J(const char *text)
{
    return QByteArray(text).replace('\'', '"');
}

QString describe(const ImportResult &result)
{
    QStringList lines;
    for (const Problem &problem : remainingProblems(result.project))
        lines << u"still: "_s + problem.toString();
    for (const Problem &problem : result.errors)
        lines << problem.rule + u" | "_s + problem.toString();
    return lines.join(u'\n') + u"\nnotes: "_s + result.notes.join(u"; "_s);
}

} // namespace

class TestImporters : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void kindNames()
    {
        for (const QString &name : importKindNames())
            QCOMPARE(importKindName(*importKindFromName(name)), name);
        QVERIFY(!importKindFromName(u"hosts"_s));
    }

    void hostfileSample()
    {
        ImportOptions options;
        options.accelerator = Accelerator::Cpu;
        const ImportResult result =
            importText(ImportKind::Hostfile, sample(u"hostfile"_s), u"hostfile"_s, options);
        QVERIFY2(result.ok(), qPrintable(describe(result)));
        const Project &project = result.project;
        QCOMPARE(project.name, u"hostfile"_s);
        QCOMPARE(project.servers.size(), size_t(2));
        QCOMPARE(project.servers[1].name, u"worker-2"_s);
        QCOMPARE(project.servers[1].host, u"worker-2"_s);
        QCOMPARE(project.servers[1].devices, (std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7}));
        QCOMPARE(project.launch.mode, LaunchMode::Mpirun);
        QCOMPARE(project.launch.mpirun.per, MpirunPer::Device);
        // Servers named by host name: their IPs come from discovery.
        QVERIFY2(onlyMissing(project, u"host_ip"_s), qPrintable(describe(result)));
    }

    void hostileInput_data()
    {
        QTest::addColumn<ImportKind>("kind");
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("rule"); // empty: imports cleanly
        QTest::addColumn<QString>("where");
        const auto row = [](const char *name, ImportKind kind, const QByteArray &text,
                            const QString &rule, const QString &where) {
            QTest::newRow(name) << kind << text << rule << where;
        };
        const ImportKind h = ImportKind::Hostfile;
        row("hostfile garbage", h, "a slots=1\nthis is not a hostfile\n", u"hostfile-syntax"_s,
            u"input:2"_s);
        row("hostfile duplicate", h, "a slots=2\nb slots=2\na slots=2\n", u"hostfile-duplicate"_s,
            u"input:3"_s);
        row("hostfile quotes", h, "'evil host' slots=1\n", u"hostfile-host"_s, u"input:1"_s);
        row("hostfile $()", h, "$(reboot) slots=1\n", u"hostfile-host"_s, u"input:1"_s);
        row("hostfile backticks", h, "`id` slots=1\n", u"hostfile-host"_s, u"input:1"_s);
        row("hostfile option", h, "-oProxyCommand=x slots=1\n", u"hostfile-host"_s, u"input:1"_s);
        row("hostfile huge slots", h, "a slots=99999999999999999999\n", u"hostfile-slots"_s,
            u"input:1"_s);
        row("hostfile 9 slots", h, "a slots=9\n", u"hostfile-slots"_s, u"input:1"_s);
        row("hostfile zero slots", h, "a slots=0\n", u"hostfile-slots"_s, u"input:1"_s);
        row("hostfile negative", h, "a slots=-1\n", u"hostfile-slots"_s, u"input:1"_s);
        row("hostfile octal", h, "a slots=08\n", u"hostfile-slots"_s, u"input:1"_s);
        row("hostfile bad user", h, "$(x)@a slots=1\n", u"hostfile-user"_s, u"input:1"_s);
        row("hostfile empty", h, "", u"hostfile-empty"_s, u"input"_s);
        row("hostfile comments only", h, "# nothing\n\n   # here\n", u"hostfile-empty"_s,
            u"input"_s);
        row("hostfile crlf", h, "a slots=1\r\nb slots=1\r\n", QString(), QString());
        row("hostfile user@host", h, "root@10.0.0.1 slots=8 max_slots=8\n", QString(), QString());
        row("hostfile spaced =", h, "a slots = 4\n", QString(), QString());
        QByteArray many;
        for (int i = 0; i <= kMaxServers; ++i)
            many += "node" + QByteArray::number(i) + " slots=8\n";
        row("hostfile 129 servers", h, many, u"hostfile-servers"_s, u"input:129"_s);

        const ImportKind c = ImportKind::HccnConf;
        row("hccn garbage", c, "address_0=192.168.1.1\nhello world\n", u"hccn-syntax"_s,
            u"input:2"_s);
        row("hccn device 9", c, "address_9=192.168.1.1\n", u"hccn-device"_s, u"input:1"_s);
        row("hccn bad ip", c, "address_0=300.1.1.1\n", u"hccn-address"_s, u"input:1"_s);
        row("hccn $()", c, "address_0=$(reboot)\n", u"hccn-address"_s, u"input:1"_s);
        row("hccn duplicate", c, "address_0=192.168.1.1\naddress_0=192.168.1.2\n",
            u"hccn-duplicate"_s, u"input:2"_s);
        row("hccn bad netmask", c, "address_0=192.168.1.1\nnetmask_0=255.0.255.0\n",
            u"hccn-netmask"_s, u"input:2"_s);
        row("hccn empty", c, "netmask_0=255.255.255.0\n", u"hccn-empty"_s, u"input"_s);
        row("hccn spaces and unknown keys", c,
            "  address_0 = 192.168.1.1  \ngateway_0=192.168.1.254\nsomething=else\n", QString(),
            QString());

        const ImportKind r = ImportKind::RankTable;
        row("ranktable not json", r, "{\n  \"version\": \"1.0\",\n  oops\n}", u"ranktable-json"_s,
            u"input:3"_s);
        row("ranktable array", r, "[1, 2]", u"ranktable-shape"_s, u"input"_s);
        // 1.0 and 1.2 (Atlas A3 SuperPoD) are read; any other version is not.
        row("ranktable version", r, J("{'version': '1.1', 'server_list': []}"),
            u"ranktable-version"_s, u"input: version"_s);
        row("ranktable 1.2 without servers", r, J("{'version': '1.2', 'server_list': []}"),
            u"ranktable-servers"_s, u"input: server_list"_s);
        const QByteArray device =
            J("{'device_id': '0', 'device_ip': '192.168.1.1', 'rank_id': '0'}");
        const auto table = [](const QByteArray &servers, const QByteArray &count = "1") {
            return J("{'version': '1.0', 'status': 'completed', 'server_count': '") + count +
                   J("', 'server_list': [") + servers + "]}";
        };
        const auto server = [](const QByteArray &id, const QByteArray &devices) {
            return J("{'server_id': '") + id + J("', 'device': [") + devices + "]}";
        };
        row("ranktable count", r, table(server("10.0.0.1", device), "2"),
            u"ranktable-server-count"_s, u"input: server_count"_s);
        row("ranktable server $()", r, table(server("$(reboot)", device)), u"ranktable-server-id"_s,
            u"input: server_list[0].server_id"_s);
        row("ranktable bad device ip", r,
            table(
                server("10.0.0.1", J("{'device_id': '0', 'device_ip': '1.2.3', 'rank_id': '0'}"))),
            u"ranktable-device-ip"_s, u"input: server_list[0].device[0].device_ip"_s);
        // Devices 8-15 exist only on an Atlas A3 server (16 dies): read as one, whose backup
        // NIC must be the other die of the same NPU (die 8's is die 9's).
        row("ranktable device 9", r,
            table(server("10.0.0.1", J("{'device_id': '9', 'device_ip': '1.2.3.4', "
                                       "'backup_device_ip': '1.2.3.5', 'rank_id': '0'}"))),
            u"ranktable-backup-ip"_s, u"input: server_list[0].device[0].backup_device_ip"_s);
        row("ranktable device 16", r,
            table(server("10.0.0.1",
                         J("{'device_id': '16', 'device_ip': '1.2.3.4', 'rank_id': '0'}"))),
            u"ranktable-device-id"_s, u"input: server_list[0].device[0].device_id"_s);
        row("ranktable rank twice", r,
            table(server("10.0.0.1",
                         device + J(", {'device_id': '1', 'device_ip': '1.2.3.4', 'rank_id': 0}"))),
            u"ranktable-rank-id"_s, u"input: server_list[0].device[1].rank_id"_s);
        row("ranktable server twice", r,
            table(server("10.0.0.1", device) + ", " + server("10.0.0.1", device), "2"),
            u"ranktable-server-duplicate"_s, u"input: server_list[1].server_id"_s);
        row("ranktable deep nesting", r, QByteArray(100000, '[') + QByteArray(100000, ']'),
            u"ranktable-shape"_s, u"input"_s);

        const ImportKind d = ImportKind::DeployerInventory;
        row("inventory quotes", d, "[hccn]\n10.0.0.1 ansible_ssh_user=\"root deviceip=1.1.1.1\n",
            u"inventory-syntax"_s, u"input:2"_s);
        row("inventory bad npu ip", d,
            "[hccn]\n10.0.0.1 deviceip=192.168.1.1,192.168.2.1,192.168.3.1,192.168.4.x\n",
            u"inventory-deviceip"_s, u"input:2"_s);
        row("inventory 9 ips", d,
            "[hccn]\n10.0.0.1 deviceip=1.1.1.1,1.1.1.2,1.1.1.3,1.1.1.4,"
            "1.1.1.5,1.1.1.6,1.1.1.7,1.1.1.8,1.1.1.9\n",
            u"inventory-deviceip"_s, u"input:2"_s);
        row("inventory host $()", d, "[hccn]\n$(reboot) deviceip=1.1.1.1\n", u"inventory-host"_s,
            u"input:2"_s);
        row("inventory duplicate", d, "[hccn]\nh deviceip=1.1.1.1\nh deviceip=1.1.1.2\n",
            u"inventory-duplicate"_s, u"input:3"_s);
        row("inventory bad port", d, "[hccn]\nh ansible_ssh_port=abc deviceip=1.1.1.1\n",
            u"inventory-ansible_ssh_port"_s, u"input:2"_s);
        row("inventory bad netmask", d, "[hccn]\nh deviceip=1.1.1.1\n[hccn:vars]\nnetmask=\"24\"\n",
            u"inventory-netmask"_s, u"input:4"_s);
        row("inventory no hccn", d, "[worker]\n10.0.0.1 ansible_ssh_user=root\n",
            u"inventory-empty"_s, u"input"_s);
    }

    void hostileInput()
    {
        QFETCH(ImportKind, kind);
        QFETCH(QByteArray, text);
        QFETCH(QString, rule);
        QFETCH(QString, where);
        const ImportResult result = run(kind, text, u"server0"_s);
        if (rule.isEmpty()) {
            QVERIFY2(result.ok(), qPrintable(describe(result)));
            QVERIFY(!result.project.servers.empty());
            return;
        }
        QVERIFY2(!result.ok(), qPrintable(describe(result)));
        const Problem &first = result.errors.front();
        QCOMPARE(first.rule, rule);
        QCOMPARE(first.path, where);
        QVERIFY(!first.message.isEmpty());
    }

    void hccnConfSample()
    {
        const ImportResult result = run(ImportKind::HccnConf, sample(u"hccn.conf"_s), u"n1"_s);
        QVERIFY2(result.ok(), qPrintable(describe(result)));
        const Server &server = result.project.servers.at(0);
        QCOMPARE(server.name, u"n1"_s);
        QCOMPARE(server.deviceIps, example(u"ascend-2x8"_s).servers[0].deviceIps);
        QCOMPARE(result.project.deviceNetwork.netmask, u"255.255.255.0"_s);
        // netdetect_0 without a gateway: most often a link-test peer, not carried.
        QVERIFY2(result.notes.join(u'\n').contains(u"detect IP 192.168.100.1 (no gateway"_s),
                 qPrintable(result.notes.join(u'\n')));
        QVERIFY(result.project.deviceNetwork.detectIps.isEmpty());
        QVERIFY2(onlyMissing(result.project, u"host_ip"_s), qPrintable(describe(result)));
    }

    void hccnConfNeedsServer()
    {
        const ImportResult result = run(ImportKind::HccnConf, sample(u"hccn.conf"_s));
        QVERIFY(!result.ok());
        QCOMPARE(result.errors.front().rule, u"hccn-server"_s);
    }

    void hccnConfIntoProject()
    {
        Project base = example(u"ascend-2x8"_s);
        base.servers[1].deviceIps.clear();
        ImportOptions options;
        options.serverName = u"server1"_s;
        options.into = &base;
        // server1's own addresses, as its /etc/hccn.conf holds them.
        QByteArray text;
        const Project original = example(u"ascend-2x8"_s);
        for (int i = 0; i < 8; ++i)
            text += "address_" + QByteArray::number(i) + '=' +
                    original.servers[1].deviceIps[i].toUtf8() + "\nnetmask_" +
                    QByteArray::number(i) + "=255.255.255.0\n";
        const ImportResult result = importText(ImportKind::HccnConf, text, u"hccn.conf"_s, options);
        QVERIFY2(result.ok(), qPrintable(describe(result)));
        QCOMPARE(projectToJsonText(result.project), projectToJsonText(original));

        options.serverName = u"nosuch"_s;
        const ImportResult missing = importText(ImportKind::HccnConf, text, u"h"_s, options);
        QVERIFY(!missing.ok());
        QVERIFY(missing.errors.front().message.contains(u"nosuch"_s));
    }

    void hccnConfDifferentNetmasks()
    {
        const ImportResult result = run(ImportKind::HccnConf,
                                        "address_0=192.168.1.1\nnetmask_0=255.255.255.0\n"
                                        "address_4=192.168.1.2\nnetmask_4=255.255.254.0\n",
                                        u"n"_s);
        QVERIFY(result.ok());
        QVERIFY(result.project.deviceNetwork.netmask.isEmpty());
        QVERIFY(result.notes.join(u'\n').contains(u"different netmasks"_s));
    }

    void rankTableSamples_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("servers");
        QTest::newRow("hccl_tools, one server") << u"hccl_8p_01234567_10.0.0.22.json"_s << 1;
        QTest::newRow("merge_hccl, numeric rank_id") << u"hccl_2s_16p.json"_s << 2;
    }

    void rankTableSamples()
    {
        QFETCH(QString, file);
        QFETCH(int, servers);
        const ImportResult result = run(ImportKind::RankTable, sample(file));
        QVERIFY2(result.ok(), qPrintable(describe(result)));
        const Project reference = example(u"ascend-2x8"_s);
        QCOMPARE(result.project.servers.size(), size_t(servers));
        for (int s = 0; s < servers; ++s) {
            QCOMPARE(result.project.servers[s].host, reference.servers[s].host);
            QCOMPARE(result.project.servers[s].deviceIps, reference.servers[s].deviceIps);
        }
        QCOMPARE(result.project.launch.mode, LaunchMode::RankTable);
        // A rank table holds no netmask.
        QVERIFY2(onlyMissing(result.project, u"device_network.netmask"_s),
                 qPrintable(describe(result)));
    }

    // generate's rank_table.json imported back gives the same servers and device IPs.
    void rankTableRoundTrip()
    {
        Project project = example(u"ascend-2x8"_s);
        project.launch.mode = LaunchMode::RankTable;
        const cwtest::Generated generated = cwtest::generateFrom(project);
        QVERIFY(generated.ok());
        QByteArray table;
        for (const GeneratedFile &file : generated.files) {
            if (file.name == u"rank_table.json")
                table = file.content;
        }
        QVERIFY(!table.isEmpty());
        const ImportResult result = run(ImportKind::RankTable, table);
        QVERIFY2(result.ok(), qPrintable(describe(result)));
        QCOMPARE(result.project.servers.size(), project.servers.size());
        for (size_t s = 0; s < project.servers.size(); ++s) {
            QCOMPARE(result.project.servers[s].hostIp, project.servers[s].effectiveHostIp());
            QCOMPARE(result.project.servers[s].devices, project.servers[s].devices);
            QCOMPARE(result.project.servers[s].deviceIps, project.servers[s].deviceIps);
        }
        QVERIFY(!result.notes.join(u'\n').contains(u"rank_id order"_s));
    }

    void rankTableOrderNoted()
    {
        const QByteArray text = J(
            "{'version': '1.0', 'server_count': '1', 'status': 'completed',\n"
            "            'server_list': [{'server_id': '10.0.0.1', 'device': [\n"
            "                {'device_id': '0', 'device_ip': '192.168.100.1', 'rank_id': '1'},\n"
            "                {'device_id': '1', 'device_ip': '192.168.101.1', 'rank_id': '0'}]}]}");
        const ImportResult result = run(ImportKind::RankTable, text);
        QVERIFY2(result.ok(), qPrintable(describe(result)));
        QVERIFY(result.notes.join(u'\n').contains(u"rank_id order"_s));
    }

    void inventorySample()
    {
        const ImportResult result = run(ImportKind::DeployerInventory, sample(u"inventory_file"_s));
        QVERIFY2(result.ok(), qPrintable(describe(result)));
        const Project &project = result.project;
        const Project reference = example(u"ascend-2x8"_s);
        QCOMPARE(project.servers.size(), size_t(2));
        for (int s = 0; s < 2; ++s) {
            QCOMPARE(project.servers[s].host, reference.servers[s].host);
            QCOMPARE(project.servers[s].user, u"root"_s);
            QCOMPARE(project.servers[s].deviceIps, reference.servers[s].deviceIps);
        }
        QCOMPARE(project.deviceNetwork.netmask, u"255.255.255.0"_s);
        const QString notes = result.notes.join(u'\n');
        for (const QString &expected : {u"ansible_ssh_pass"_s, u"roce_port"_s, u"[worker]"_s})
            QVERIFY2(notes.contains(expected), qPrintable(expected + u" not in "_s + notes));
        // A password is never carried, not even into a message.
        QVERIFY(!notes.contains(u"s3cret"_s));
        QVERIFY(!projectToJsonText(project).contains("s3cret"));
        QVERIFY2(remainingProblems(project).empty(), qPrintable(describe(result)));
        // gateways carried; detectip names the gateways, which is what an empty detect_ips means.
        QCOMPARE(project.deviceNetwork.gateways,
                 QStringList({u"192.168.100.1"_s, u"192.168.101.1"_s, u"192.168.102.1"_s,
                              u"192.168.103.1"_s}));
        QVERIFY(project.deviceNetwork.detectIps.isEmpty());
        QVERIFY(!notes.contains(u"gateways"_s));
    }

    void inventoryDetectIpsFollowTheirGateways()
    {
        const QByteArray text =
            "[hccn]\n"
            "10.0.0.1 deviceip=192.168.10.10,192.168.10.11 detectip=10.9.0.1,10.9.0.1\n"
            "10.0.0.2 deviceip=192.168.11.10,192.168.11.11 detectip=10.9.0.2,10.9.0.3\n"
            "[hccn:vars]\ngateways=\"192.168.10.254,192.168.11.254\"\nnetmask=255.255.255.0\n";
        const ImportResult result = run(ImportKind::DeployerInventory, text);
        QVERIFY2(result.ok(), qPrintable(describe(result)));
        const DeviceNetwork &network = result.project.deviceNetwork;
        QCOMPARE(network.gateways, QStringList({u"192.168.10.254"_s, u"192.168.11.254"_s}));
        QCOMPARE(network.detectIps, QStringList({u"10.9.0.1"_s, u"10.9.0.2"_s}));
        // server 2's devices disagree: the first is kept and the second named.
        QVERIFY2(result.notes.join(u'\n').contains(u"input:3"_s) &&
                     result.notes.join(u'\n').contains(u"10.9.0.3"_s),
                 qPrintable(result.notes.join(u'\n')));

        const ImportResult bad = run(ImportKind::DeployerInventory,
                                     "[hccn]\nh deviceip=1.1.1.1\n[hccn:vars]\ngateways=1.1.1.x\n");
        QVERIFY(!bad.ok());
        QCOMPARE(bad.errors.front().rule, u"inventory-gateways"_s);
        QCOMPARE(bad.errors.front().path, u"input:4"_s);
    }

    void hccnConfGatewaysBecomeTheProjects()
    {
        QByteArray text;
        for (int i = 0; i < 8; ++i) {
            text += u"address_%1=192.168.20.%2\nnetmask_%1=255.255.255.0\n"
                    "gateway_%1=192.168.20.254\nnetdetect_%1=192.168.20.254\n"_s.arg(i)
                        .arg(10 + i)
                        .toUtf8();
        }
        const ImportResult result = run(ImportKind::HccnConf, text, u"a2"_s);
        QVERIFY2(result.ok(), qPrintable(describe(result)));
        QCOMPARE(result.project.deviceNetwork.gateways, QStringList{u"192.168.20.254"_s});
        QVERIFY(result.project.deviceNetwork.detectIps.isEmpty()); // detects its gateway
        QVERIFY(!result.notes.join(u'\n').contains(u"gateway"_s));

        text.replace("netdetect_3=192.168.20.254", "netdetect_3=10.1.1.1");
        const ImportResult mixed = run(ImportKind::HccnConf, text, u"a2"_s);
        QVERIFY(mixed.project.deviceNetwork.detectIps.isEmpty()); // devices 0-2: the gateway
        QVERIFY2(mixed.notes.join(u'\n').contains(u"detect IP 10.1.1.1 of a2 device 3"_s),
                 qPrintable(mixed.notes.join(u'\n')));
    }

    void oversizedText()
    {
        const ImportResult result =
            run(ImportKind::Hostfile, QByteArray(kMaxImportFileBytes + 1, 'a'));
        QVERIFY(!result.ok());
        QCOMPARE(result.errors.front().rule, u"import-size"_s);
    }

    void readImportFileRefuses()
    {
        QTemporaryDir dir;
        QByteArray text;
        QVERIFY(readImportFile(dir.path(), &text).contains(u"not a regular file"_s));
        QVERIFY(readImportFile(dir.filePath(u"missing"_s), &text).contains(u"no such file"_s));
        QVERIFY(readImportFile(u"/dev/null"_s, &text).contains(u"not a regular file"_s));
        QFile big(dir.filePath(u"big"_s));
        QVERIFY(big.open(QIODevice::WriteOnly) && big.resize(kMaxImportFileBytes + 1));
        big.close();
        QVERIFY(readImportFile(big.fileName(), &text).contains(u"16 MB"_s));
        QVERIFY(readImportFile(QStringLiteral(CLUSTERWIZ_TEST_DATA "/import/hostfile"), &text)
                    .isEmpty());
        QVERIFY(text.startsWith("# DeepSpeed"));
    }
};

QTEST_GUILESS_MAIN(TestImporters)
#include "tst_importers.moc"
