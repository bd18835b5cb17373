// SPDX-License-Identifier: GPL-3.0-or-later
// Exports of an Atlas A3 (ascend910_93) project to MindCluster's Volcano and to a PyTorchJob, as
// the vendor's own samples write them (copied whole into tests/data/export from
// github.com/Ascend/mindcluster-deploy at 7d97fe34): the A3 SuperPoD job
// samples/train/basic-training/without-ranktable/pytorch/pytorch_multinodes_acjob_super_pod.yaml
// (ring label "ascend-910b", huawei.com/Ascend910: 16 per node, the job's sp-block annotation)
// and the SuperPoD Volcano Job samples/train/basic-training/ranktable/yaml/950/
// a950_superpod_pytorch_vcjob.yaml (where a vcjob carries sp-block). What Volcano cannot schedule
// is refused, naming the server or the pod: an odd number of dies per node, a SuperPoD job that
// does not take all 16 dies, pods of different sizes.
#include "DeviceTestProjects.h"
#include "ValidProjects.h"
#include "YamlTestSupport.h"

#include "exchange/Export.h"
#include "plan/Planner.h"
#include "rules/ProjectValidator.h"

#include <QFile>
#include <QJsonObject>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace cw;
using namespace cw::testing;

namespace {

QJsonArray sample(const QString &name)
{
    QFile file(QStringLiteral(CLUSTERWIZ_TEST_DATA "/export/") + name);
    if (!file.open(QIODevice::ReadOnly))
        qFatal("missing sample %s", qPrintable(name));
    QString error;
    const QJsonArray documents = yamltest::parseYaml(file.readAll(), &error);
    if (!error.isEmpty())
        qFatal("sample %s: %s", qPrintable(name), qPrintable(error));
    return documents;
}

// `servers` A3 servers in pods of `perPod`, planned, in launch mode (a PyTorch job).
Project plannedA3(int servers, int perPod)
{
    Project project = a3Cluster(servers, perPod);
    project.launch.mode = LaunchMode::Launch;
    const PlanResult plan = planDeviceNetwork(project);
    if (!plan.ok)
        qFatal("no plan: %s", qPrintable(plan.reason));
    return plan.project;
}

ExportResult exportVolcanoOf(const Project &project)
{
    const Problems problems = validateProject(project);
    if (!problems.empty())
        qFatal("invalid project: %s", qPrintable(problems.front().message));
    return exportProject(cwtest::valid(project), ExportTarget::Volcano);
}

QStringList rules(const ExportResult &result)
{
    QStringList ids;
    for (const Problem &problem : result.problems)
        ids << problem.rule;
    return ids;
}

QJsonValue labels(const QJsonValue &object)
{
    return object[u"metadata"_s][u"labels"_s];
}

} // namespace

class TestExportAtlasA3 : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void volcanoJobAsTheVendorWritesIt()
    {
        const ExportResult result = exportVolcanoOf(plannedA3(4, 2));
        QVERIFY2(result.ok(),
                 qPrintable(result.problems.empty() ? QString() : result.problems[0].message));
        QString error;
        const QJsonArray got = yamltest::parseYaml(result.files.front().content, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        const QJsonArray a3 = sample(u"mindcluster_a3_pytorch_multinodes_acjob_super_pod.yaml"_s);
        const QJsonArray superPodVcjob = sample(u"mindcluster_950_superpod_pytorch_vcjob.yaml"_s);

        // The A3 ring label, on the ConfigMap, the Job and its pods.
        const QString ring = labels(a3[0])[u"ring-controller.atlas"_s].toString();
        QCOMPARE(ring, u"ascend-910b"_s);
        QCOMPARE(labels(got[0])[u"ring-controller.atlas"_s].toString(), ring);
        QCOMPARE(labels(got[1])[u"ring-controller.atlas"_s].toString(), ring);
        const QJsonValue pod = got[1][u"spec"_s][u"tasks"_s][0][u"template"_s];
        QCOMPARE(labels(pod)[u"ring-controller.atlas"_s].toString(), ring);

        // Every die of a node, as the A3 sample asks.
        const QJsonValue wantedResources =
            a3[0][u"spec"_s][u"replicaSpecs"_s][u"Master"_s][u"template"_s][u"spec"_s]
              [u"containers"_s][0][u"resources"_s];
        const QJsonValue gotResources = pod[u"spec"_s][u"containers"_s][0][u"resources"_s];
        QCOMPARE(wantedResources[u"requests"_s][u"huawei.com/Ascend910"_s].toInt(), 16);
        QCOMPARE(gotResources[u"requests"_s], wantedResources[u"requests"_s]);
        QCOMPARE(gotResources[u"limits"_s], wantedResources[u"limits"_s]);

        // sp-block where the SuperPoD vcjob carries it: a string, 2 servers x 16 dies.
        const QJsonValue wantedAnnotation =
            superPodVcjob[1][u"metadata"_s][u"annotations"_s][u"sp-block"_s];
        QVERIFY(wantedAnnotation.isString());
        const QJsonValue gotAnnotation = got[1][u"metadata"_s][u"annotations"_s][u"sp-block"_s];
        QVERIFY(gotAnnotation.isString());
        QCOMPARE(gotAnnotation.toString(), u"32"_s);
        // The A3 sample's own sp-block is the same size for its two 16-die nodes.
        QCOMPARE(a3[0][u"metadata"_s][u"annotations"_s][u"sp-block"_s].toString(), u"32"_s);
        QCOMPARE(got[1][u"spec"_s][u"tasks"_s][0][u"replicas"_s].toInt(), 4);

        // What the user still sets, and what the job does not carry.
        QVERIFY(result.userSets.join(u'\n').contains(u"module-a3-16-super-pod"_s));
        QVERIFY(result.notCarried.join(u'\n').contains(u"sp-block"_s));
    }

    // Typical networking (no super pods): the A3 label and resources, no sp-block.
    void withoutSuperPodsNoSpBlock()
    {
        Project project = plannedA3(2, 2);
        project.superPods.clear();
        for (Server &server : project.servers)
            server.superDeviceIds.clear();
        const ExportResult result = exportVolcanoOf(project);
        QVERIFY(result.ok());
        QString error;
        const QJsonArray got = yamltest::parseYaml(result.files.front().content, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(labels(got[1])[u"ring-controller.atlas"_s].toString(), u"ascend-910b"_s);
        QVERIFY(!got[1][u"metadata"_s].toObject().contains(u"annotations"_s));
    }

    void refusesWhatVolcanoCannotSchedule()
    {
        // Pods of 2 and 1 servers: no single sp-block.
        Project uneven = plannedA3(3, 2);
        QCOMPARE(uneven.superPods.size(), size_t(2));
        ExportResult result = exportVolcanoOf(uneven);
        QCOMPARE(rules(result), QStringList{u"export-volcano-sp-block"_s});
        QVERIFY2(result.problems[0].message.contains(u"pod 1 has 1 servers, pod 0 has 2"_s),
                 qPrintable(result.problems[0].message));
        QCOMPARE(result.problems[0].path, u"super_pods[1].servers"_s);
        QVERIFY(result.files.empty());

        // Dies 0-14 on each node: odd for a distributed job, and not the 16 sp-block takes.
        Project odd = plannedA3(2, 2);
        for (Server &server : odd.servers) {
            server.devices.pop_back();
            server.deviceIps.removeLast();
            server.superDeviceIds.removeLast();
        }
        result = exportVolcanoOf(odd);
        QCOMPARE(rules(result),
                 (QStringList{u"export-volcano-a3-dies"_s, u"export-volcano-sp-block"_s}));
        QVERIFY2(result.problems[0].message.contains(u"server0 uses 15"_s),
                 qPrintable(result.problems[0].message));
        QCOMPARE(result.problems[0].path, u"servers[0].devices"_s);

        // HCCL's example (4 dies per server) as a SuperPoD job: all 16 are taken.
        Project vendor = plannedA3(4, 2);
        for (Server &server : vendor.servers) {
            server.devices.resize(4);
            server.deviceIps = server.deviceIps.mid(0, 4);
            server.superDeviceIds = server.superDeviceIds.mid(0, 4);
        }
        result = exportVolcanoOf(vendor);
        QCOMPARE(rules(result), QStringList{u"export-volcano-sp-block"_s});
        QVERIFY(result.problems[0].message.contains(u"takes all 16 dies"_s));
    }

    // The PyTorchJob asks the same device-plugin resource, 16 per node.
    void pyTorchJobAsksEveryDie()
    {
        const Project project = plannedA3(2, 2);
        const ExportResult result = exportProject(cwtest::valid(project), ExportTarget::PyTorchJob);
        QVERIFY(result.ok());
        QVERIFY(QString::fromUtf8(result.files.front().content)
                    .contains(u"huawei.com/Ascend910: 16"_s));
    }
};

QTEST_GUILESS_MAIN(TestExportAtlasA3)
#include "tst_exportAtlasA3.moc"
