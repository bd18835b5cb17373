// SPDX-License-Identifier: GPL-3.0-or-later
// clusterwiz-cli with an Atlas A3 SuperPoD cluster, as a user runs it: import HCCL's rank table
// 1.2 example (tests/data/import/hccl_a3_superpod_2x2.json, a copy of hicann/hccl
// docs/en/user_guide/cluster_info_config/rank_table_config_a3.md), plan it, validate it, and
// generate its files: rank_table.json is version 1.2 with the example's pods, servers and SDIDs.
#include "CliTestSupport.h"

#include <QDir>
#include <QFileInfo>
#include <QTest>

#include <nlohmann/json.hpp>

using namespace clitest;
using namespace Qt::StringLiterals;

class TestCliAtlasA3 : public CliTest {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_temp.isValid());
        QVERIFY2(QFileInfo(QStringLiteral(CLUSTERWIZ_BIN_DIR "/clusterwiz-cli")).isExecutable(),
                 "build clusterwiz-cli first");
    }

    void importPlanValidateGenerate()
    {
        const QString sample =
            QStringLiteral(CLUSTERWIZ_TEST_DATA "/import/hccl_a3_superpod_2x2.json");
        const QString project = m_temp.filePath(u"superpod.clusterwiz.json"_s);
        const CliRun imported = run({u"import"_s, u"ranktable"_s, sample, u"-o"_s, project});
        QVERIFY2(imported.exitCode == 0, qPrintable(imported.err));
        QVERIFY2(imported.err.contains(u"ascend910_93"_s), qPrintable(imported.err));

        // The launch fields no rank table holds, then the device network.
        cw::ProjectLoad load = cw::loadProjectFile(project);
        QVERIFY(load.ok());
        load.project.launch.workdir = u"/home/train"_s;
        load.project.launch.entry = u"main.py"_s;
        const QString unplanned = save(load.project, u"unplanned.clusterwiz.json"_s);
        const CliRun before = run({u"validate"_s, unplanned});
        QCOMPARE(before.exitCode, 1);
        QVERIFY2((before.out + before.err).contains(u"device_network.netmask"_s),
                 qPrintable(before.out + before.err));

        const QString planned = m_temp.filePath(u"planned.clusterwiz.json"_s);
        const CliRun plan = run({u"plan"_s, unplanned, u"-o"_s, planned});
        QVERIFY2(plan.exitCode == 0, qPrintable(plan.err));
        QVERIFY2(plan.err.contains(u"node_0 die 1: 192.168.1.7 -> "_s), qPrintable(plan.err));
        const CliRun valid = run({u"validate"_s, planned});
        QVERIFY2(valid.exitCode == 0, qPrintable(valid.out + valid.err));
        QVERIFY2(valid.out.contains(u"4 servers, 16 devices, mode ranktable"_s),
                 qPrintable(valid.out));

        const QString dir = m_temp.filePath(u"out"_s);
        const CliRun generated = run({u"generate"_s, planned, u"-o"_s, dir});
        QVERIFY2(generated.exitCode == 0, qPrintable(generated.err));
        const nlohmann::ordered_json table =
            nlohmann::ordered_json::parse(readAll(dir + u"/rank_table.json"_s).toStdString());
        QCOMPARE(table["version"].get<std::string>(), std::string("1.2"));
        QCOMPARE(table["super_pod_list"].dump(),
                 std::string(R"([{"super_pod_id":"0","server_list":[{"server_id":"node_0"},)"
                             R"({"server_id":"node_1"}]},{"super_pod_id":"1","server_list":)"
                             R"([{"server_id":"node_2"},{"server_id":"node_3"}]}])"));
        QCOMPARE(table["server_list"][3]["device"][3]["super_device_id"].get<std::string>(),
                 std::string("7"));
        QCOMPARE(table["server_list"][3]["device"][3]["rank_id"].get<std::string>(),
                 std::string("15"));
    }
};

QTEST_GUILESS_MAIN(TestCliAtlasA3)
#include "tst_cliAtlasA3.moc"
