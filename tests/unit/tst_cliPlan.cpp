// SPDX-License-Identifier: GPL-3.0-or-later
// clusterwiz-cli plan, end to end: it fills what is missing and keeps the rest, writes the
// project in place atomically or to stdout, widens a netmask the cluster outgrows with the same
// core function as the wizard, and writes nothing when no plan exists.
#include "CliTestSupport.h"

#include "plan/Planner.h"

#include <QDir>
#include <QFileInfo>
#include <QTest>

using namespace clitest;
using namespace Qt::StringLiterals;

namespace {

// 128 ascend servers of 8 devices with the device network fixed to four /24 segments and no
// device IPs: each segment would need 256 distinct last octets, which a /24 cannot give.
cw::Project project128On24()
{
    cw::Project project = loadExample(u"ascend-2x8"_s);
    const cw::Server model = project.servers.front();
    project.servers.clear();
    for (int i = 0; i < 128; ++i) {
        cw::Server server = model;
        server.name = u"server%1"_s.arg(i);
        server.host = server.hostIp = u"10.0.0.%1"_s.arg(i + 1);
        server.deviceIps.clear();
        project.servers.push_back(server);
    }
    return project;
}

} // namespace

class TestCliPlan : public CliTest {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_temp.isValid());
        QVERIFY2(QFileInfo(QStringLiteral(CLUSTERWIZ_BIN_DIR "/clusterwiz-cli")).isExecutable(),
                 "build clusterwiz-cli first");
    }

    void planFillsEmptyDeviceIps()
    {
        cw::Project project = loadExample(u"ascend-2x8"_s);
        for (cw::Server &server : project.servers)
            server.deviceIps.clear();
        project.deviceNetwork = {};
        const QString input = save(project, u"unplanned.clusterwiz.json"_s);
        const QByteArray before = readAll(input);
        QVERIFY(run({u"validate"_s, input}).exitCode != 0);

        const QString output = m_temp.filePath(u"planned.clusterwiz.json"_s);
        const CliRun r = run({u"plan"_s, input, u"-o"_s, output});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.errLines().size() >= 2, qPrintable(r.err)); // changes, then the summary
        QVERIFY2(r.errLines().constLast().contains(output), qPrintable(r.err));
        QCOMPARE(readAll(input), before);

        const CliRun check = run({u"validate"_s, output});
        QCOMPARE(check.exitCode, 0);
        QCOMPARE(check.err, QString());
        const cw::ProjectLoad planned = cw::loadProjectFile(output);
        QVERIFY(planned.ok());
        for (const cw::Server &server : planned.project.servers)
            QCOMPARE(server.deviceIps.size(), qsizetype(8));

        // Without -o the same document goes to stdout, and only there.
        const CliRun toStdout = run({u"plan"_s, input});
        QCOMPARE(toStdout.exitCode, 0);
        QCOMPARE(toStdout.out.toUtf8(), readAll(output));
        QVERIFY(!toStdout.err.contains(u"\"clusterwiz\""_s));
    }

    void planInPlace()
    {
        cw::Project project = loadExample(u"ascend-2x8"_s);
        project.servers[1].deviceIps[4] = QString();
        const QString path = save(project, u"inplace.clusterwiz.json"_s);

        const CliRun r = run({u"plan"_s, path, u"--output"_s, path});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(run({u"validate"_s, path}).exitCode, 0);
        // The atomic save leaves no temporary file behind.
        QCOMPARE(QDir(m_temp.path()).entryList({u"inplace*"_s}, QDir::Files | QDir::Hidden),
                 QStringList{u"inplace.clusterwiz.json"_s});

        // A second run has nothing left to do and leaves the file as it is.
        const QByteArray planned = readAll(path);
        const CliRun again = run({u"plan"_s, path, u"-o"_s, path});
        QCOMPARE(again.exitCode, 0);
        QVERIFY2(again.err.contains(u"nothing to change"_s), qPrintable(again.err));
        QCOMPARE(readAll(path), planned);
    }

    // The CLI plans with the same core function as the wizard's Plan automatically: a /24 that
    // 128 servers outgrow is widened to /23 in one run, and the reason is on stderr.
    void planWidensATooSmallNetmask()
    {
        const cw::Project project = project128On24();
        const cw::PlanResult inProcess = cw::planDeviceNetwork(project);
        QVERIFY2(inProcess.ok, qPrintable(inProcess.reason));

        const QString input = save(project, u"huge.clusterwiz.json"_s);
        const QString output = m_temp.filePath(u"huge-planned.clusterwiz.json"_s);
        const CliRun r = run({u"plan"_s, input, u"-o"_s, output});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.err.contains(inProcess.changes.constFirst()), qPrintable(r.err));
        QVERIFY2(r.err.contains(u"255.255.255.0 -> 255.255.254.0 (widened: "_s), qPrintable(r.err));
        const cw::ProjectLoad planned = cw::loadProjectFile(output);
        QVERIFY(planned.ok());
        QCOMPARE(cw::projectToJsonText(planned.project), cw::projectToJsonText(inProcess.project));
    }

    void planImpossible()
    {
        cw::Project project = loadExample(u"ascend-2x8"_s);
        project.deviceNetwork.segments.resize(2);
        const cw::PlanResult inProcess = cw::planDeviceNetwork(project);
        QVERIFY(!inProcess.ok);
        QVERIFY(!inProcess.reason.isEmpty());

        const QString input = save(project, u"two-segments.clusterwiz.json"_s);
        const QString output = m_temp.filePath(u"two-segments-planned.clusterwiz.json"_s);
        const CliRun r = run({u"plan"_s, input, u"-o"_s, output});
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(r.out, QString());
        QVERIFY2(r.err.contains(inProcess.reason), qPrintable(r.err));
        QVERIFY(!QFileInfo::exists(output));
    }
};

QTEST_GUILESS_MAIN(TestCliPlan)
#include "tst_cliPlan.moc"
