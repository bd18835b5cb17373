// SPDX-License-Identifier: GPL-3.0-or-later
// The wizard's side of restarting runs: the restart policy on the Launch page (fields follow
// one another, the core's problems mark the field they name), and the run panel carrying on
// across attempts (each attempt's mark stays in view whatever the filter, the rank overview
// takes the new attempt's ranks and ignores the old attempt's late lines).
#include "logs/LogFilterModel.h"
#include "logs/LogModel.h"
#include "logs/LogStore.h"
#include "logs/RankOverview.h"
#include "model/ProjectJson.h"
#include "plan/AttemptPlan.h"
#include "rules/ProjectValidator.h"
#include "widgets/LaunchEditor.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFont>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTest>

using namespace cw;
using namespace Qt::StringLiterals;

namespace {

Project example()
{
    return loadProjectFile(
               QStringLiteral(CLUSTERWIZ_SOURCE_DIR "/resources/examples/cpu-2x2.clusterwiz.json"))
        .project;
}

} // namespace

class TestRestartUi : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void launchPageEditsTheRestartPolicy()
    {
        LaunchEditor editor;
        editor.show();
        const Project project = example();
        editor.showProject(project);
        auto *restarts = editor.findChild<QSpinBox *>(u"launch.restart.max_restarts"_s);
        auto *drop = editor.findChild<QCheckBox *>(u"launch.restart.drop_failed_servers"_s);
        auto *minServers = editor.findChild<QSpinBox *>(u"launch.restart.min_servers"_s);
        auto *backoff = editor.findChild<QSpinBox *>(u"launch.restart.backoff_s"_s);
        auto *supervisor = editor.findChild<QComboBox *>(u"launch.restart.supervisor"_s);
        QVERIFY(restarts && drop && minServers && backoff && supervisor);
        QVERIFY(restarts->isVisible());
        // No restarts: the rest has nothing to say.
        QCOMPARE(restarts->value(), 0);
        QVERIFY(!drop->isEnabled() && !minServers->isEnabled() && !backoff->isEnabled() &&
                !supervisor->isEnabled());
        QCOMPARE(editor.fieldFor(u"launch.restart.backoff_s"_s), backoff);

        QSignalSpy edited(&editor, &LaunchEditor::edited);
        restarts->setFocus();
        restarts->selectAll();
        QTest::keyClicks(restarts, u"3"_s);
        QCOMPARE(restarts->value(), 3);
        QVERIFY(!edited.isEmpty());
        QVERIFY(drop->isEnabled() && backoff->isEnabled() && supervisor->isEnabled());
        QVERIFY(!minServers->isEnabled()); // only when servers may be left out
        QTest::mouseClick(drop, Qt::LeftButton, {}, QPoint(6, drop->height() / 2));
        QVERIFY(drop->isChecked());
        QVERIFY(minServers->isEnabled());
        QCOMPARE(minServers->maximum(), 2);
        minServers->setValue(1);
        backoff->setValue(30);
        QCOMPARE(supervisor->count(), 3); // the master, server0, server1
        supervisor->setCurrentIndex(supervisor->findText(u"server1"_s));
        const RestartPolicy policy = editor.launch(project.launch).restart;
        QCOMPARE(policy, (RestartPolicy{3, true, 1, 30, u"server1"_s}));

        // Shown again from a project: the same values.
        Project edited2 = project;
        edited2.launch.restart = policy;
        LaunchEditor again;
        again.showProject(edited2);
        QCOMPARE(again.launch(project.launch).restart, policy);
    }

    void theCoresProblemsMarkTheRestartFields()
    {
        Project project = example();
        project.launch.restart = {2, true, 1, 10, u"server9"_s};
        project.launch.env.emplace_back(u"WORLD_SIZE"_s, u"4"_s);
        LaunchEditor editor;
        editor.showProject(project);
        auto *supervisor = editor.findChild<QComboBox *>(u"launch.restart.supervisor"_s);
        QCOMPARE(supervisor->currentText(), u"server9"_s); // kept, so the problem can show
        QCOMPARE(editor.launch(project.launch).restart, project.launch.restart);
        editor.markProblems(validateProject(project));
        QVERIFY(supervisor->property("invalid").toBool());
        QVERIFY2(supervisor->toolTip().contains(u"is not a server of the project"_s),
                 qPrintable(supervisor->toolTip()));
        auto *env = editor.fieldFor(u"launch.env"_s);
        QVERIFY(env->property("invalid").toBool());
        QVERIFY2(env->toolTip().contains(u"restart.drop_failed_servers"_s),
                 qPrintable(env->toolTip()));
        QVERIFY(!editor.fieldFor(u"launch.restart.backoff_s"_s)->property("invalid").toBool());
    }

    void theLogCarriesOnAcrossAttempts()
    {
        LogStore store;
        LogModel model(&store);
        LogFilterModel filter;
        filter.setSourceModel(&model);
        store.append({u"server0"_s, 0, u"step 0 loss = 1.0"_s, 0, 0, 1});
        store.append({u"server1"_s, 1, u"step 0 loss = 1.1"_s, 0, 0, 1});
        store.append(
            {{}, -1, u"attempt 2 of 3 on server0 (server1 left out: unreachable)"_s, 0, 0, 2});
        store.append({u"server0"_s, 0, u"resumed from step 1"_s, 0, 0, 2});
        model.refresh();
        QCOMPARE(model.rowCount(), 4);
        const QModelIndex mark = model.index(2);
        QCOMPARE(mark.data().toString(),
                 u"== attempt 2 of 3 on server0 (server1 left out: unreachable)"_s);
        QVERIFY(mark.data(LogModel::MarkRole).toBool());
        QVERIFY(mark.data(Qt::FontRole).value<QFont>().bold());
        QVERIFY(!model.index(3).data(LogModel::MarkRole).toBool());
        // One rank's lines, and where each attempt begins.
        filter.setRank(0);
        QCOMPARE(filter.rowCount(), 3);
        filter.setRank(1);
        QCOMPARE(filter.rowCount(), 2);
        filter.setText(u"resumed"_s);
        filter.setRank(-1);
        QCOMPARE(filter.rowCount(), 2);
    }

    void theRankOverviewTakesTheNewAttempt()
    {
        Project project = example();
        project.servers.push_back(project.servers[1]);
        project.servers[2].name = u"server2"_s;
        project.servers[2].host = project.servers[2].hostIp = u"10.0.0.13"_s;
        LogStore store;
        RankOverview overview(&store);
        overview.setProject(project);
        QCOMPARE(overview.states().rankCount(), 6);
        overview.startAttempt(attemptProject(project, {u"server0"_s, u"server2"_s}), 2);
        QCOMPARE(overview.states().rankCount(), 4);
        // A late line of attempt 1 names rank 1 there; attempt 2's rank 1 has said nothing.
        store.append({u"server0"_s, 1, u"late line of the first attempt"_s, 1000, 0, 1});
        store.append({u"server2"_s, 3, u"step 5 loss = 0.5"_s, 1000, 0, 2});
        overview.refreshAt(2000);
        QVERIFY(overview.states().cell(1)->lastLine.isEmpty());
        QCOMPARE(overview.states().cell(3)->lastLine, u"step 5 loss = 0.5"_s);
    }
};

QTEST_MAIN(TestRestartUi)
#include "tst_restartUi.moc"
