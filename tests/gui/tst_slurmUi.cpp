// SPDX-License-Identifier: GPL-3.0-or-later
// The Launch page's scheduler box: SSH by default with the Slurm fields hidden; choosing Slurm
// shows them, what is typed becomes launch.scheduler and launch.slurm, a project shows again
// as it was saved, and the core's problems mark the field they name.
#include "model/ProjectJson.h"
#include "rules/ProjectValidator.h"
#include "widgets/LaunchEditor.h"

#include <QComboBox>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QTest>

using namespace cw;
using namespace Qt::StringLiterals;

class TestSlurmUi : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void launchPageEditsTheSlurmSettings()
    {
        const Project project =
            loadProjectFile(
                QStringLiteral(CLUSTERWIZ_SOURCE_DIR "/resources/examples/cpu-2x2.clusterwiz.json"))
                .project;
        LaunchEditor editor;
        editor.show();
        editor.showProject(project);
        auto *scheduler = editor.findChild<QComboBox *>(u"launch.scheduler"_s);
        auto *partition = editor.findChild<QLineEdit *>(u"launch.slurm.partition"_s);
        auto *time = editor.findChild<QLineEdit *>(u"launch.slurm.time"_s);
        auto *gres = editor.findChild<QLineEdit *>(u"launch.slurm.gres"_s);
        auto *args = editor.findChild<QPlainTextEdit *>(u"launch.slurm.sbatch_args"_s);
        auto *login = editor.findChild<QComboBox *>(u"launch.slurm.login"_s);
        QVERIFY(scheduler && partition && time && gres && args && login);
        QCOMPARE(scheduler->currentData().toInt(), int(Scheduler::Ssh));
        QVERIFY(scheduler->isVisible());
        QVERIFY(!partition->isVisible());
        // Untouched, the page gives back the project's launch section as it was.
        QCOMPARE(editor.launch(project.launch), project.launch);

        QSignalSpy edited(&editor, &LaunchEditor::edited);
        scheduler->setCurrentIndex(scheduler->findData(int(Scheduler::Slurm)));
        QVERIFY(!edited.isEmpty());
        QVERIFY(partition->isVisible() && login->isVisible());
        QTest::keyClicks(partition, u"main"_s);
        QTest::keyClicks(time, u"2:00:00"_s);
        QTest::keyClicks(gres, u"gpu:8"_s);
        args->setPlainText(u"--mem=0\n--comment=two words\n"_s);
        QCOMPARE(login->count(), 3); // the master, server0, server1
        login->setCurrentIndex(login->findText(u"server1"_s));
        const LaunchConfig launch = editor.launch(project.launch);
        QCOMPARE(launch.scheduler, Scheduler::Slurm);
        QCOMPARE(launch.slurm, (SlurmOptions{u"main"_s,
                                             {},
                                             u"2:00:00"_s,
                                             {},
                                             u"gpu:8"_s,
                                             {u"--mem=0"_s, u"--comment=two words"_s},
                                             u"server1"_s}));

        // Shown again from the saved project: the same fields.
        Project saved = project;
        saved.launch = launch;
        LaunchEditor again;
        again.show();
        again.showProject(saved);
        QCOMPARE(again.launch(saved.launch), launch);
        QVERIFY(again.findChild<QLineEdit *>(u"launch.slurm.partition"_s)->isVisible());

        // The core's problem about a field marks that field, with the reason as its tooltip.
        saved.launch.slurm.time = u"2h"_s;
        again.showProject(saved);
        again.markProblems(validateProject(saved));
        auto *badTime = again.findChild<QLineEdit *>(u"launch.slurm.time"_s);
        QVERIFY(badTime->property("invalid").toBool());
        QVERIFY2(badTime->toolTip().contains(u"is not a Slurm time limit"_s),
                 qPrintable(badTime->toolTip()));
        QVERIFY(!again.findChild<QLineEdit *>(u"launch.slurm.partition"_s)
                     ->property("invalid")
                     .toBool());
    }
};

QTEST_MAIN(TestSlurmUi)
#include "tst_slurmUi.moc"
