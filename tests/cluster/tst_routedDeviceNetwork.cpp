// SPDX-License-Identifier: GPL-3.0-or-later
// A routed device network on 2 simulated Atlas A2 servers (tests/cluster/cluster.sh, real sshd):
// `clusterwiz-cli fix set-device-ips` and the generated setup_device_ips.sh give every device its
// address, gateway and detect IP through the simulated hccn_tool, read them back, and `undo` / the
// script's backup file put back the gateway and detect IP each device had before.
#include "CliProcess.h"
#include "TestCluster.h"

#include "generate/ScriptFiles.h"
#include "model/ProjectJson.h"
#include "plan/Planner.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace cw;
using namespace Qt::StringLiterals;

namespace {

constexpr int kServers = 2;
const QString kHccnTool = QStringLiteral(CLUSTERWIZ_SOURCE_DIR "/tests/fixtures/ascend/hccn_tool");
// What server1's device 2 has before clusterwiz touches it.
const QString kOldGateway = QStringLiteral("192.168.77.1");
const QString kOldDetect = QStringLiteral("192.168.77.2");

QString gatewayOf(int server)
{
    return u"192.168.%1.254"_s.arg(100 + server);
}

} // namespace

class TestRoutedDeviceNetwork : public QObject {
    Q_OBJECT

    TestCluster m_cluster;
    QTemporaryDir m_dir;
    Project m_planned; // ascend910b, one segment and one gateway per server

    QString server(int index) const { return u"node%1"_s.arg(index); }
    QString confPath(int index) const { return m_cluster.serverDir(index) + u"/hccn.conf"_s; }

    QStringList fleet() const
    {
        return {u"--known-hosts"_s, m_cluster.knownHosts(), u"--timeout"_s, u"60"_s};
    }

    // key=value of server `index`'s hccn.conf (the simulated tool's state), last one wins.
    QString confValue(int index, const QString &key) const
    {
        QFile file(confPath(index));
        if (!file.open(QIODevice::ReadOnly))
            return {};
        QString value;
        for (const QByteArray &line : file.readAll().split('\n')) {
            if (line.startsWith(key.toUtf8() + '='))
                value = QString::fromUtf8(line.mid(key.size() + 1)).trimmed();
        }
        return value;
    }

    // Runs the simulated hccn_tool "on" server `index`, as an operator at its console would.
    bool hccnTool(int index, const QString &arguments) const
    {
        return m_cluster.sh(
                   index, u"HCCN_CONF=%1 %2 %3"_s.arg(confPath(index), kHccnTool, arguments)) == 0;
    }

    // The device-ips row of `check --json` for server `index`.
    QJsonObject deviceIpsRow(const QString &path, int index) const
    {
        const CliRun run = runCli(QStringList{u"check"_s, path, u"--json"_s} + fleet());
        const QJsonArray results =
            QJsonDocument::fromJson(run.out).object()[u"results"_s].toArray();
        for (const QJsonValue &value : results) {
            if (value[u"check"_s].toString() == u"device-ips"_s &&
                value[u"server"_s].toString() == server(index))
                return value.toObject();
        }
        qWarning("%s", run.describe().constData());
        return {};
    }

    void expectPlanned(int index) const
    {
        const Server &node = m_planned.servers[size_t(index)];
        for (int d = 0; d < 8; ++d) {
            QCOMPARE(confValue(index, u"address_%1"_s.arg(d)), node.deviceIps[d]);
            QCOMPARE(confValue(index, u"gateway_%1"_s.arg(d)), gatewayOf(index));
            QCOMPARE(confValue(index, u"netdetect_%1"_s.arg(d)), gatewayOf(index));
        }
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QString error;
        QVERIFY2(m_cluster.up(kServers, &error), qPrintable(error));
        Project project;
        project.name = u"routed-test"_s;
        project.accelerator = Accelerator::Ascend910b;
        for (int i = 0; i < kServers; ++i) {
            Server node;
            node.name = server(i);
            node.host = m_cluster.ip(i);
            node.user = u"root"_s;
            node.identityFile = m_cluster.clientKey();
            node.devices = {0, 1, 2, 3, 4, 5, 6, 7};
            project.servers.push_back(node);
            QCOMPARE(m_cluster.sh(i, u"echo 'print(1)' > /root/train.py"_s), 0);
        }
        project.deviceNetwork.netmask = u"255.255.255.0"_s;
        project.deviceNetwork.gateways = {gatewayOf(0), gatewayOf(1)};
        project.launch.workdir = u"/root"_s;
        project.launch.entry = u"train.py"_s;
        project.launch.python = u"/usr/bin/python3"_s;
        const PlanResult plan = planDeviceNetwork(project);
        QVERIFY2(plan.ok, qPrintable(plan.reason));
        m_planned = plan.project;
        QCOMPARE(m_planned.deviceNetwork.detectIps, project.deviceNetwork.gateways);

        QVERIFY(hccnTool(1, u"-i 2 -gateway -s gateway "_s + kOldGateway));
        QVERIFY(hccnTool(1, u"-i 2 -netdetect -s address "_s + kOldDetect));
    }

    void fixSetsRoutesAndUndoRestoresThem()
    {
        const QString path = m_dir.filePath(u"routed.clusterwiz.json"_s);
        QCOMPARE(saveProjectFile(m_planned, path), QString());
        const CliRun accepted =
            runCli(QStringList{u"discover"_s, path, u"--accept-new"_s} + fleet());
        QVERIFY2(accepted.exitCode == 0, accepted.describe());
        const QString oldAddress = confValue(1, u"address_2"_s);

        const CliRun dry =
            runCli(QStringList{u"fix"_s, path, u"set-device-ips"_s, u"--dry-run"_s} + fleet());
        QVERIFY2(dry.exitCode == 0, dry.describe());
        QVERIFY2(dry.out.contains("'hccn_tool' '-i' '2' '-gateway' '-s' 'gateway' '" +
                                  gatewayOf(1).toUtf8() + "'"),
                 dry.out.constData());
        QCOMPARE(confValue(1, u"gateway_2"_s), kOldGateway); // a dry run changes nothing

        const CliRun fixed = runCli(QStringList{u"fix"_s, path, u"set-device-ips"_s} + fleet());
        QVERIFY2(fixed.exitCode == 0, fixed.describe());
        for (int i = 0; i < kServers; ++i)
            expectPlanned(i);
        QJsonObject row = deviceIpsRow(path, 1);
        QVERIFY2(row[u"status"_s].toString() == u"ok"_s, QJsonDocument(row).toJson().data());
        QVERIFY2(row[u"reason"_s].toString().contains(u"gateways and detect IPs too"_s),
                 QJsonDocument(row).toJson().data());

        // An address that is right hides nothing: a gateway changed by hand fails the check,
        // naming the device, what it has and what the plan says.
        QVERIFY(hccnTool(0, u"-i 3 -gateway -s gateway 192.168.100.253"_s));
        row = deviceIpsRow(path, 0);
        QVERIFY2(row[u"status"_s].toString() == u"failed"_s, QJsonDocument(row).toJson().data());
        QVERIFY2(row[u"reason"_s].toString().contains(
                     u"device 3 has gateway 192.168.100.253, plan "_s + gatewayOf(0)),
                 QJsonDocument(row).toJson().data());
        QVERIFY(hccnTool(0, u"-i 3 -gateway -s gateway "_s + gatewayOf(0)));

        const CliRun undone = runCli(QStringList{u"undo"_s, path} + fleet());
        QVERIFY2(undone.exitCode == 0, undone.describe());
        QCOMPARE(confValue(1, u"address_2"_s), oldAddress);
        QCOMPARE(confValue(1, u"gateway_2"_s), kOldGateway);
        QCOMPARE(confValue(1, u"netdetect_2"_s), kOldDetect);
        // A device that had no gateway keeps the one set: hccn_tool documents no way to clear it.
        QCOMPARE(confValue(0, u"gateway_0"_s), gatewayOf(0));
    }

    void setupScriptSetsReadsBackAndItsBackupUndoes()
    {
        QVERIFY(hccnTool(1, u"-i 5 -gateway -s gateway "_s + kOldGateway));
        QVERIFY(hccnTool(1, u"-i 5 -netdetect -s address "_s + kOldDetect));
        const QString folder = m_cluster.serverDir(1) + u"/setup"_s;
        QVERIFY(QDir().mkpath(folder));
        QFile script(folder + u"/setup_device_ips.sh"_s);
        QVERIFY(script.open(QIODevice::WriteOnly));
        script.write(setupDeviceIpsScript(m_planned));
        script.close();
        // As an operator runs it on the server: root, the driver's tools on root's PATH
        // (cluster.sh puts the simulated ones in /usr/local/sbin), the server's own hccn.conf.
        const QString run =
            u"cd %1 && HCCN_CONF=%2 CLUSTERWIZ_HCCN_CONF=%2 PATH=/usr/bin:/bin "
            "CLUSTERWIZ_NODE_RANK=1 bash setup_device_ips.sh"_s.arg(folder, confPath(1));
        QByteArray output;
        QCOMPARE(m_cluster.sh(1, run, &output, 60000), 0);
        QVERIFY2(output.contains("device 5: gateway " + gatewayOf(1).toUtf8() + ", detect IP " +
                                 gatewayOf(1).toUtf8() + " set (was gateway " +
                                 kOldGateway.toUtf8() + ", detect IP " + kOldDetect.toUtf8() + ")"),
                 output.constData());
        expectPlanned(1);

        QCOMPARE(m_cluster.sh(1, run, &output, 60000), 0);
        QVERIFY2(output.contains("0 set, 8 already right, 0 failed"), output.constData());

        const QStringList backups =
            QDir(folder).entryList({u"device_ips.before.*"_s}, QDir::Files, QDir::Name);
        QCOMPARE(backups.size(), 1);
        QCOMPARE(m_cluster.sh(
                     1,
                     u"cd %1 && HCCN_CONF=%2 bash %3"_s.arg(folder, confPath(1), backups.first()),
                     &output, 60000),
                 0);
        QCOMPARE(confValue(1, u"gateway_5"_s), kOldGateway);
        QCOMPARE(confValue(1, u"netdetect_5"_s), kOldDetect);
    }

    void cleanupTestCase() { m_cluster.down(); }
};

QTEST_GUILESS_MAIN(TestRoutedDeviceNetwork)
#include "tst_routedDeviceNetwork.moc"
