// SPDX-License-Identifier: GPL-3.0-or-later
// The Atlas A3 in the wizard (issue 35): a new project can be an Atlas A3 one, chosen on the
// Project page with the keys; the topology draws 16 dies a server with two lanes, die 0 and die
// 1 of every NPU (the deployer's rule puts them in different segments), the super pods as dashed
// frames around their servers (a pod that wraps onto the next row gets a frame there too), and
// each die's NPU and SDID in its tooltip.
#include "WizardTestSupport.h"

#include "plan/Planner.h"
#include "rules/ProjectValidator.h"
#include "widgets/TopologyView.h"
#include "wizard/ClusterWizard.h"
#include "wizard/PageId.h"
#include "wizard/ProjectModel.h"

#include <QComboBox>
#include <QGraphicsRectItem>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QLineEdit>
#include <QPushButton>

using namespace cw;
using namespace Qt::StringLiterals;

namespace {

// `servers` A3 servers of 16 dies in pods of `perPod`, planned: SDIDs numbered inside each pod.
Project a3Project(int servers, int perPod)
{
    Project project;
    project.name = u"a3"_s;
    project.accelerator = Accelerator::Ascend910_93;
    for (int s = 0; s < servers; ++s) {
        Server server;
        server.name = u"node%1"_s.arg(s);
        server.host = server.hostIp = u"10.0.0.%1"_s.arg(10 + s);
        for (int die = 0; die < 16; ++die) {
            server.devices.push_back(die);
            server.superDeviceIds << QString::number((s % perPod) * 16 + die);
        }
        if (s % perPod == 0)
            project.superPods.push_back({QString::number(s / perPod), {}});
        project.superPods.back().servers << server.name;
        project.servers.push_back(server);
    }
    project.launch.master = project.servers.front().name;
    project.launch.workdir = u"/home/train"_s;
    project.launch.entry = u"train.py"_s;
    const PlanResult plan = planDeviceNetwork(project);
    if (!plan.ok)
        qFatal("no plan: %s", qPrintable(plan.reason));
    return plan.project;
}

// The dashed frames drawn for super pods, with the text above each.
std::vector<std::pair<QRectF, QString>> podFrames(const TopologyView &view)
{
    std::vector<std::pair<QRectF, QString>> frames;
    for (QGraphicsItem *item : view.scene()->items()) {
        auto *rect = dynamic_cast<QGraphicsRectItem *>(item);
        if (!rect || rect->pen().style() != Qt::DashLine)
            continue;
        QString label;
        for (QGraphicsItem *child : rect->childItems()) {
            if (auto *text = dynamic_cast<QGraphicsSimpleTextItem *>(child))
                label = text->text();
        }
        frames.emplace_back(rect->rect(), label);
    }
    std::sort(frames.begin(), frames.end(), [](const auto &a, const auto &b) {
        return std::pair(a.first.top(), a.first.left()) < std::pair(b.first.top(), b.first.left());
    });
    return frames;
}

} // namespace

class TestTopologyA3 : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        wizardtest::isolateSettings(m_dir);
    }

    void diesLanesAndPods()
    {
        // Six servers, four a row: pod 0 is row 0's first three, pod 1 wraps onto row 1.
        const Project project = a3Project(6, 3);
        const Problems problems = validateProject(project);
        QVERIFY2(problems.empty(), problems.empty() ? "" : qPrintable(problems.front().message));
        TopologyView view;
        view.resize(1100, 700);
        view.showProject(project, problems);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));

        for (int s = 0; s < 6; ++s) {
            QVERIFY(view.deviceItem(s, 15));
            QVERIFY(!view.deviceItem(s, 16));
        }
        // The tooltip names the die, its NPU and its SDID (node1 is its pod's second server).
        const QString tip = view.deviceItem(1, 3)->toolTip();
        QVERIFY2(tip.contains(u"die 1 of NPU 1"_s) && tip.contains(u"SDID 19"_s), qPrintable(tip));
        QVERIFY2(tip.contains(project.servers[1].deviceIps[3]), qPrintable(tip));

        // Dies 0 and 1 in the two segments, each named in the legend.
        QStringList legend;
        for (const TopologyView::LegendEntry &entry : view.legend())
            legend << entry.text;
        const QStringList segments = project.deviceNetwork.segments;
        QCOMPARE(segments.size(), 2);
        QVERIFY2(
            legend.contains(u"die 0 of every NPU (devices 0, 2, …, 14): segment "_s + segments[0]),
            qPrintable(legend.join(u" | "_s)));
        QVERIFY(
            legend.contains(u"die 1 of every NPU (devices 1, 3, …, 15): segment "_s + segments[1]));
        QVERIFY(legend.contains(u"super pod (dashed frame): 2 pod(s)"_s));

        // Three frames: pod 0 on row 0, pod 1 on row 0 (node3) and again on row 1.
        const auto frames = podFrames(view);
        QCOMPARE(frames.size(), size_t(3));
        QCOMPARE(frames[0].second, u"SuperPoD 0"_s);
        QCOMPARE(frames[1].second, u"SuperPoD 1"_s);
        QCOMPARE(frames[2].second, u"SuperPoD 1 (continued)"_s);
        const auto inside = [&](size_t frame, int server) {
            return frames[frame].first.contains(view.serverItem(server)->rect());
        };
        for (int s : {0, 1, 2})
            QVERIFY2(inside(0, s) && !inside(1, s), qPrintable(QString::number(s)));
        QVERIFY(inside(1, 3) && !inside(0, 3));
        QVERIFY(inside(2, 4) && inside(2, 5));
        // The frames do not cover one another's servers, and sit behind the boxes.
        QVERIFY(!frames[0].first.intersects(frames[1].first));
        QVERIFY(!inside(2, 3));
        wizardtest::keepPicture(&view, u"topology-a3-pods.png"_s);
        view.zoomBy(2.5);
        view.centerOn(view.serverItem(3));
        wizardtest::keepPicture(&view, u"topology-a3-pods-zoomed.png"_s);
    }

    // Chosen with the keys on the Project page, a new project is an Atlas A3 one.
    void newProjectIsAtlasA3()
    {
        ClusterWizard wizard;
        wizard.resize(1180, 800);
        wizard.show();
        QVERIFY(QTest::qWaitForWindowExposed(&wizard));
        auto *accelerator = wizard.page(ProjectPageId)->findChild<QComboBox *>(u"accelerator"_s);
        QVERIFY(accelerator);
        const int a3 = accelerator->findData(int(Accelerator::Ascend910_93));
        QVERIFY(a3 >= 0);
        QVERIFY2(accelerator->itemText(a3).contains(u"Atlas A3"_s),
                 qPrintable(accelerator->itemText(a3)));
        accelerator->setFocus();
        QTest::keyClick(accelerator, Qt::Key_Home);
        for (int i = 0; i < a3; ++i)
            QTest::keyClick(accelerator, Qt::Key_Down);
        QCOMPARE(accelerator->currentIndex(), a3);
        auto *name = wizard.page(ProjectPageId)->findChild<QLineEdit *>(u"newName"_s);
        QVERIFY(name);
        name->setFocus();
        name->selectAll(); // the suggested name goes
        QTest::keyClicks(name, u"pods"_s);
        QTest::keyClick(name, Qt::Key_Return); // Enter in Name creates the project
        QTRY_VERIFY(wizard.model()->hasProject());
        QCOMPARE(wizard.model()->project().accelerator, Accelerator::Ascend910_93);
        QCOMPARE(wizard.model()->project().name, u"pods"_s);
    }
};

QTEST_MAIN(TestTopologyA3)
#include "tst_topologyA3.moc"
