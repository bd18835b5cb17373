// SPDX-License-Identifier: GPL-3.0-or-later
#include "DeviceTestProjects.h"

#include "plan/Planner.h"
#include "rules/DeviceRules.h"
#include "rules/ProjectValidator.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace cw;
using namespace cw::testing;

using DeviceLists = std::vector<std::vector<int>>;
Q_DECLARE_METATYPE(DeviceLists)
Q_DECLARE_METATYPE(cw::Accelerator)

class tst_DeviceSubsetRules : public QObject {
    Q_OBJECT

private:
    static Project withDevices(Accelerator accelerator, const DeviceLists &lists)
    {
        Project project = ascendCluster(static_cast<int>(lists.size()));
        project.accelerator = accelerator;
        for (size_t s = 0; s < lists.size(); ++s)
            project.servers[s].devices = lists[s];
        return project;
    }

private Q_SLOTS:
    void rules_data()
    {
        QTest::addColumn<Accelerator>("accelerator");
        QTest::addColumn<DeviceLists>("devices");
        QTest::addColumn<QStringList>("rules");
        const auto A = Accelerator::Ascend910;
        const QStringList none;
        auto row = [](const char *name, Accelerator a, DeviceLists d, QStringList rules) {
            QTest::newRow(name) << a << d << rules;
        };
        row("ascend all eight", A, {{0, 1, 2, 3, 4, 5, 6, 7}}, none);
        row("ascend eight unordered", A, {{7, 6, 5, 4, 3, 2, 1, 0}}, none);
        row("ascend one device 0", A, {{0}}, none);
        row("ascend one device 5", A, {{5}}, none);
        row("ascend two low", A, {{0, 1}}, none);
        row("ascend two high", A, {{6, 7}}, none);
        row("ascend two 1 and 3", A, {{1, 3}}, none);
        row("ascend four low", A, {{0, 1, 2, 3}}, none);
        row("ascend four high", A, {{4, 5, 6, 7}}, none);
        row("ascend four high unordered", A, {{7, 5, 4, 6}}, none);
        row("ascend two across groups 0/4", A, {{0, 4}}, {u"device-group-2"_s});
        row("ascend two across groups 3/4", A, {{3, 4}}, {u"device-group-2"_s});
        row("ascend four mixed", A, {{0, 1, 2, 4}}, {u"device-group-4"_s});
        row("ascend four middle", A, {{2, 3, 4, 5}}, {u"device-group-4"_s});
        row("ascend three", A, {{0, 1, 2}}, {u"device-count"_s});
        row("ascend five", A, {{0, 1, 2, 3, 4}}, {u"device-count"_s});
        row("ascend seven", A, {{0, 1, 2, 3, 4, 5, 6}}, {u"device-count"_s});
        row("ascend none", A, {{}}, {u"devices-empty"_s});
        row("ascend id 8", A, {{0, 8}}, {u"device-ids"_s});
        row("ascend id -1", A, {{-1}}, {u"device-ids"_s});
        row("ascend id twice", A, {{0, 1, 2, 3, 4, 5, 6, 6}}, {u"device-ids"_s});
        row("ascend nine with a repeat", A, {{0, 1, 2, 3, 4, 5, 6, 7, 0}},
            {u"device-count"_s, u"device-ids"_s});
        // Several servers: 1 x n, 2 x n, 4 x n or 8 x n, within the single server's groups
        // (TensorFlow migration guide, "Precautions" of distributed training, tfmigr2_000030:
        // "Server集群场景，要求参与集合通信的昇腾AI处理器数目只能为1*n、2*n、4*n、8*n").
        row("ascend 2x8", A, {{0, 1, 2, 3, 4, 5, 6, 7}, {0, 1, 2, 3, 4, 5, 6, 7}}, none);
        row("ascend 2x4 low", A, {{0, 1, 2, 3}, {0, 1, 2, 3}}, none);
        row("ascend 2x4 low and high", A, {{0, 1, 2, 3}, {4, 5, 6, 7}}, none);
        row("ascend 3x2", A, {{0, 1}, {6, 7}, {2, 3}}, none);
        row("ascend 1 and 1", A, {{0}, {0}}, none);
        row("ascend 2x4 mixed group", A, {{0, 1, 2, 3}, {0, 1, 2, 4}}, {u"device-group-4"_s});
        row("ascend 2x2 across groups", A, {{0, 1}, {3, 4}}, {u"device-group-2"_s});
        row("ascend 8 and 4", A, {{0, 1, 2, 3, 4, 5, 6, 7}, {0, 1, 2, 3}},
            {u"device-multi-server"_s});
        row("ascend 4 and 8", A, {{0, 1, 2, 3}, {0, 1, 2, 3, 4, 5, 6, 7}},
            {u"device-multi-server"_s});
        row("ascend 2 and 1", A, {{0, 1}, {0}}, {u"device-multi-server"_s});
        row("ascend 2x3", A, {{0, 1, 2}, {0, 1, 2}}, {u"device-count"_s});
        row("ascend 8 and 3", A, {{0, 1, 2, 3, 4, 5, 6, 7}, {0, 1, 2}},
            {u"device-count"_s, u"device-multi-server"_s});
        // Atlas A2 (910B): any 1-8 distinct ids 0-7 per server, alone or (1-8) x N in a
        // cluster (docs/ascend.md "Atlas A2 (910B)" cites the Huawei pages).
        const auto B = Accelerator::Ascend910b;
        row("910b all eight", B, {{0, 1, 2, 3, 4, 5, 6, 7}}, none);
        row("910b one device 6", B, {{6}}, none);
        row("910b two across 0/4", B, {{0, 4}}, none);
        row("910b three", B, {{0, 1, 2}}, none);
        row("910b four middle", B, {{2, 3, 4, 5}}, none);
        row("910b five", B, {{0, 1, 2, 3, 4}}, none);
        row("910b seven", B, {{0, 1, 2, 3, 4, 5, 6}}, none);
        row("910b 2x8", B, {{0, 1, 2, 3, 4, 5, 6, 7}, {0, 1, 2, 3, 4, 5, 6, 7}}, none);
        row("910b 2x3", B, {{0, 1, 2}, {5, 6, 7}}, none);
        row("910b 8 and 4", B, {{0, 1, 2, 3, 4, 5, 6, 7}, {0, 1, 2, 3}}, none);
        row("910b none", B, {{}}, {u"devices-empty"_s});
        row("910b id 8", B, {{0, 8}}, {u"device-ids"_s});
        row("910b id -1", B, {{-1}}, {u"device-ids"_s});
        row("910b id twice", B, {{0, 1, 2, 3, 4, 5, 6, 6}}, {u"device-ids"_s});
        row("910b nine with a repeat", B, {{0, 1, 2, 3, 4, 5, 6, 7, 0}}, {u"device-ids"_s});
        row("nvidia sixteen", Accelerator::Nvidia,
            {{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}}, none);
        row("nvidia three", Accelerator::Nvidia, {{0, 3, 9}}, none);
        row("nvidia 8 and 2", Accelerator::Nvidia, {{0, 1, 2, 3, 4, 5, 6, 7}, {0, 4}}, none);
        row("nvidia negative", Accelerator::Nvidia, {{-1}}, {u"device-ids"_s});
        row("nvidia twice", Accelerator::Nvidia, {{2, 2}}, {u"device-ids"_s});
        row("nvidia none", Accelerator::Nvidia, {{}}, {u"devices-empty"_s});
        row("cpu three", Accelerator::Cpu, {{0, 1, 2}}, none);
        row("cpu 4 and 1", Accelerator::Cpu, {{0, 1, 2, 3}, {0}}, none);
        row("cpu twice", Accelerator::Cpu, {{0, 0}}, {u"device-ids"_s});
        row("cpu none", Accelerator::Cpu, {{0}, {}}, {u"devices-empty"_s});
    }

    void rules()
    {
        QFETCH(Accelerator, accelerator);
        QFETCH(DeviceLists, devices);
        QFETCH(QStringList, rules);
        const Problems problems = validateDeviceSubsets(withDevices(accelerator, devices));
        QVERIFY2(ruleIds(problems) == rules, qPrintable(describe(problems)));
        QVERIFY2(locationMismatches(problems).isEmpty(), qPrintable(locationMismatches(problems)));
    }

    void pathsAndMessages()
    {
        Problems problems = validateDeviceSubsets(withDevices(
            Accelerator::Ascend910, {{0, 1, 2, 3, 4, 5, 6, 7}, {0, 1, 2, 3, 4, 5, 6, 6}}));
        QCOMPARE(problems.size(), size_t{1});
        QCOMPARE(problems[0].path, u"servers[1].devices[7]"_s);
        QCOMPARE(
            problems[0].message,
            u"server1 device 6: is listed twice (devices[6] and devices[7]); each device is used once"_s);

        problems = validateDeviceSubsets(withDevices(Accelerator::Ascend910, {{3, 4}}));
        QCOMPARE(problems.size(), size_t{1});
        QCOMPARE(problems[0].path, u"servers[0].devices"_s);
        QCOMPARE(
            problems[0].message,
            u"server0: devices 3 and 4 are in different groups; two devices must both be in 0-3 or both in 4-7"_s);

        problems = validateDeviceSubsets(
            withDevices(Accelerator::Ascend910,
                        {{0, 1, 2, 3, 4, 5, 6, 7}, {4, 5, 6, 7}, {0, 1, 2, 3, 4, 5, 6, 7}}));
        QCOMPARE(problems.size(), size_t{1});
        QCOMPARE(problems[0].rule, u"device-multi-server"_s);
        QCOMPARE(problems[0].path, u"servers[1].devices"_s);
        QCOMPARE(problems[0].message,
                 u"server1: uses 4 devices and server0 uses 8; with several servers every server "
                 "uses the same number (1 x N, 2 x N, 4 x N or 8 x N)"_s);

        problems = validateDeviceSubsets(withDevices(Accelerator::Ascend910, {{0, 9}}));
        QCOMPARE(problems.size(), size_t{1});
        QCOMPARE(problems[0].path, u"servers[0].devices[1]"_s);
        QCOMPARE(problems[0].message, u"server0 device 9: is not an Ascend 910 device id (0-7)"_s);
    }

    // 4 x n on the first generation: the planner gives devices 0-3 of both servers their four
    // segments, and the plan validates as a whole (tfmigr2_000030 allows 4 x n).
    void fourByTwoPlansAndValidates()
    {
        Project project = withDevices(Accelerator::Ascend910, {{0, 1, 2, 3}, {0, 1, 2, 3}});
        const PlanResult plan = planDeviceNetwork(project);
        QVERIFY2(plan.ok, qPrintable(plan.reason));
        const Problems problems = validateProject(plan.project);
        QVERIFY2(problems.empty(), qPrintable(describe(problems)));
        QCOMPARE(plan.project.servers[1].deviceIps.size(), qsizetype(4));
    }

    // A server whose name is itself broken is named by its JSON path, escapes and all.
    void hostileServerNameIsNotEchoed()
    {
        Project project = withDevices(Accelerator::Ascend910, {{0, 1, 2}});
        project.servers[0].name = u"$(touch x)\nserver9 device 1: fine"_s;
        const Problems problems = validateDeviceSubsets(project);
        QCOMPARE(problems.size(), size_t{1});
        QVERIFY(problems[0].message.startsWith(u"servers[0]: uses 3 devices"_s));
        QVERIFY(!problems[0].message.contains(u'\n'));
    }

    void everyRuleOneProblemPerPlace()
    {
        // Servers that break several checks at once (a repeated id three times, two ids out of
        // range, none at all) still produce one problem per (rule, path).
        Project project = withDevices(Accelerator::Ascend910, {{0, 0, 0}, {9, 9}, {}});
        const Problems problems = validateDeviceSubsets(project);
        QSet<QString> seen;
        for (const Problem &problem : problems) {
            const QString key = problem.rule + u'|' + problem.path;
            QVERIFY2(!seen.contains(key), qPrintable(key));
            seen.insert(key);
        }
        QCOMPARE(ruleIds(problems),
                 (QStringList{u"device-count"_s, u"device-ids"_s, u"devices-empty"_s}));
        // server0: devices[1], devices[2] repeat 0, and 3 devices; server1: 9 twice out of range
        // (its 2 devices are not compared with the master's 3, already refused); server2: no
        // devices.
        QCOMPARE(problems.size(), size_t{6});
    }
};

QTEST_GUILESS_MAIN(tst_DeviceSubsetRules)
#include "tst_deviceSubsetRules.moc"
