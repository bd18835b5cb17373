// SPDX-License-Identifier: GPL-3.0-or-later
// The Run page's recorded demo (clusterwiz --demo-run) as a faithful, safe replay: Why?
// diagnoses the recorded lines without servers and writes nothing beside the example; Launch and
// Stop stay off and say why; the recorded states do not age; a project the recording does not
// fit says why instead of an empty page; and the rank picker lists the failed and silent ranks
// first, each part by number, wide enough for its longest entry. The last case does it again in
// Chinese.
#include "WizardTestSupport.h"

#include "logs/LogFilterModel.h"
#include "logs/LogView.h"
#include "logs/RankOverview.h"
#include "logs/RecordedRun.h"
#include "logs/RunPanelSession.h"
#include "logs/WhyDialog.h"
#include "wizard/ClusterWizard.h"
#include "wizard/PageId.h"
#include "wizard/RunPage.h"
#include "wizard/ScreenshotTour.h"

#include <QAbstractItemView>
#include <QComboBox>
#include <QDateTime>
#include <QFileInfo>
#include <QLabel>
#include <QPushButton>

using namespace cw;
using namespace Qt::StringLiterals;
using namespace wizardtest;

class TestDemoRun : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

    RunPage *showRun(ClusterWizard &wizard, const QString &project)
    {
        if (!wizard.openProject(project).isEmpty())
            return nullptr;
        wizard.resize(1180, 800);
        wizard.show();
        if (!QTest::qWaitForWindowExposed(&wizard))
            return nullptr;
        wizard.goToStep(RunPageId);
        return qobject_cast<RunPage *>(wizard.currentPage());
    }

    // Clicks Why? with the mouse and waits for the diagnosis; its headline, empty when none came.
    QString clickWhy(RunPage *run)
    {
        auto *why = run->findChild<QPushButton *>(u"why"_s);
        if (!why || !why->isEnabled())
            return {};
        QTest::mouseClick(why, Qt::LeftButton);
        WhyDialog *dialog = nullptr;
        if (!QTest::qWaitFor([&] { return (dialog = run->findChild<WhyDialog *>()) != nullptr; }))
            return {};
        if (!QTest::qWaitFor([&] { return !dialog->isBusy() && !dialog->text().isEmpty(); }, 20000))
            return {};
        const QString headline = dialog->headline();
        dialog->close();
        return headline;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        isolateSettings(m_dir);
    }

    void whyDiagnosesTheRecordingAndWritesNothing()
    {
        const QString runs = kExamples + u"/ascend-2x8.clusterwiz.runs"_s;
        const bool runsBefore = QFileInfo::exists(runs);
        ClusterWizard wizard;
        RunPage *run = showRun(wizard, kExample2x8);
        QVERIFY(run);
        QCOMPARE(showDemoRun(wizard, run), QString());
        QVERIFY(run->showsRecordedRun());
        auto *launch = run->findChild<QPushButton *>(u"launch"_s);
        auto *stop = run->findChild<QPushButton *>(u"stop"_s);
        QVERIFY(!launch->isEnabled());
        QVERIFY2(launch->toolTip().contains(u"recorded demo"_s), qPrintable(launch->toolTip()));
        QVERIFY(!stop->isEnabled());
        QVERIFY2(stop->toolTip().contains(u"recorded demo"_s), qPrintable(stop->toolTip()));
        QTest::mouseClick(launch, Qt::LeftButton); // greyed: nothing happens
        QVERIFY(!run->session()->isActive());
        keepPicture(&wizard, u"run-demo.png"_s);

        const QString headline = clickWhy(run);
        QVERIFY2(headline.contains(u"rank 12"_s), qPrintable(headline));
        QVERIFY2(headline.startsWith(u"Failed first"_s), qPrintable(headline));
        QVERIFY2(!run->stateText().contains(u"cannot read"_s), qPrintable(run->stateText()));
        QCOMPARE(QFileInfo::exists(runs), runsBefore); // nothing written beside the example
    }

    // Read as if recorded ten minutes ago: on the clock every running rank would be silent by
    // now; the replay shows them as they were.
    void recordedStatesDoNotAge()
    {
        ClusterWizard wizard;
        RunPage *run = showRun(wizard, kExample2x8);
        QVERIFY(run);
        QString error;
        const qint64 then = QDateTime::currentMSecsSinceEpoch() - 600000;
        const auto recorded = readRecordedRun(demoRunPath(), then, &error);
        QVERIFY2(recorded, qPrintable(error));
        run->showRecordedRun(*recorded);
        QTest::qWait(1200); // the overview's timer ticks
        const QString counts = run->rankOverview()->countsText();
        QVERIFY2(counts.contains(u"6 running"_s), qPrintable(counts));
        QVERIFY2(counts.contains(u"2 no output"_s), qPrintable(counts));
        const RankGrid *grid = run->rankOverview()->grid();
        QVERIFY(grid->isVisible());
    }

    void aProjectTheRecordingDoesNotFitSaysWhy()
    {
        ClusterWizard wizard;
        RunPage *run = showRun(wizard, kExamples + u"/cpu-2x2.clusterwiz.json"_s);
        QVERIFY(run);
        const QString why = showDemoRun(wizard, run);
        QVERIFY2(why.contains(u"16 ranks"_s), qPrintable(why));
        QVERIFY(!run->showsRecordedRun());
        auto *state = run->findChild<QLabel *>(u"state"_s);
        QVERIFY2(state->text().contains(u"No recorded run shown"_s), qPrintable(state->text()));
        QVERIFY(state->text().contains(u"--demo-run without a project"_s));

        // One of the same layout (2 x 8 named server0, server1) replays it.
        ClusterWizard other;
        RunPage *fitting = showRun(other, kExamples + u"/ascend910b-2x8.clusterwiz.json"_s);
        QVERIFY(fitting);
        QCOMPARE(showDemoRun(other, fitting), QString());
        QVERIFY(fitting->showsRecordedRun());
    }

    void rankPickerListsProblemsFirstThenByNumber()
    {
        ClusterWizard wizard;
        RunPage *run = showRun(wizard, kExample2x8);
        QVERIFY(run);
        QCOMPARE(showDemoRun(wizard, run), QString());
        QComboBox *box = run->logView()->rankBox();
        QTRY_COMPARE(box->count(), 17);
        QList<int> order;
        for (int row = 1; row < box->count(); ++row)
            order << box->itemData(row).toInt();
        const QList<int> expected{6, 7, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 8, 9, 10, 11};
        QCOMPARE(order, expected);
        QCOMPARE(box->currentData().toInt(), 12); // the first that failed stays chosen
        QCOMPARE(run->logView()->filter()->rank(), 12);
        // Wide enough for the longest entry, in the box and in its list.
        int widest = 0;
        for (int row = 0; row < box->count(); ++row)
            widest = std::max(widest, box->fontMetrics().horizontalAdvance(box->itemText(row)));
        QTRY_VERIFY2(box->width() >= widest,
                     qPrintable(u"%1 < %2"_s.arg(box->width()).arg(widest)));
        QTest::mouseClick(box, Qt::LeftButton);
        QTRY_VERIFY(box->view()->isVisible());
        QVERIFY(box->view()->width() >= widest);
        QCOMPARE(box->view()->model()->index(1, 0).data().toString(), box->itemText(1));
        keepPicture(&wizard, u"run-rank-picker.png"_s);
        QTest::keyClick(box->view(), Qt::Key_Down);
        QTest::keyClick(box->view(), Qt::Key_Return); // the next entry: rank 13
        QTRY_COMPARE(run->logView()->filter()->rank(), 13);
    }

    // Last: the translators stay installed for the rest of the program.
    void whyWorksInChinese()
    {
        QVERIFY(installTranslators(*QCoreApplication::instance(), u"zh_CN"_s));
        ClusterWizard wizard;
        RunPage *run = showRun(wizard, kExample2x8);
        QVERIFY(run);
        QCOMPARE(showDemoRun(wizard, run), QString());
        auto *why = run->findChild<QPushButton *>(u"why"_s);
        QVERIFY(why->isEnabled());
        keepPicture(&wizard, u"run-demo-zh_CN.png"_s);
        const QString headline = clickWhy(run);
        QVERIFY2(headline.contains(u"12"_s), qPrintable(headline));
        auto *launch = run->findChild<QPushButton *>(u"launch"_s);
        QVERIFY(!launch->isEnabled());
        QVERIFY(!launch->toolTip().isEmpty());
    }
};

QTEST_MAIN(TestDemoRun)
#include "tst_demoRun.moc"
