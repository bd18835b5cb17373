// SPDX-License-Identifier: GPL-3.0-or-later
// The Language… button changes the wizard's language at once (issue 33, item 13), chosen with
// the mouse and keys in its dialog: every page, the wizard's own buttons and the step list speak
// the new one, and nothing the user had is lost: the unsaved edit, the step and the way back to
// it, the Servers page's undo history, the last check report (and so Launch held back), the demo
// run shown, the doctor's window. While a job runs it waits, saying so in both languages.
#include "WizardTestSupport.h"

#include "checks/CheckRunner.h"
#include "widgets/CheckReportView.h"
#include "widgets/DoctorView.h"
#include "widgets/ServerTable.h"
#include "wizard/ChecksPage.h"
#include "wizard/ClusterWizard.h"
#include "wizard/Language.h"
#include "wizard/PageId.h"
#include "wizard/ProjectModel.h"
#include "wizard/RunPage.h"
#include "wizard/ScreenshotTour.h"
#include "wizard/ServersPage.h"

#include <QComboBox>
#include <QInputDialog>
#include <QLabel>
#include <QListWidget>
#include <QPointer>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QThread>
#include <QUndoStack>

#include <algorithm>
#include <atomic>

using namespace cw;
using namespace Qt::StringLiterals;
using namespace wizardtest;

namespace {

bool hasChinese(const QString &text)
{
    return std::any_of(text.begin(), text.end(),
                       [](QChar c) { return c.unicode() >= 0x4e00 && c.unicode() <= 0x9fff; });
}

// A report with one failed check on server1: Launch waits for it.
CheckRun failedFirewallOnServer1(const Project &project)
{
    CheckRun run;
    for (int i = 0; i < int(project.servers.size()); ++i) {
        const QString name = project.servers[size_t(i)].name;
        run.report.results.push_back({QString::fromLatin1(check::kFirewallPorts),
                                      i,
                                      name,
                                      name == u"server1"_s ? CheckStatus::Failed : CheckStatus::Ok,
                                      u"ufw denies tcp 29501"_s,
                                      {},
                                      {}});
    }
    return run;
}

} // namespace

class TestLanguageSwitch : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

    QString exampleCopy(const QString &name)
    {
        const QString path = m_dir.filePath(name + u".clusterwiz.json"_s);
        QFile::remove(path);
        QFile::copy(kExample2x8, path);
        QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner);
        return path;
    }

    bool show(ClusterWizard &wizard, const QString &path)
    {
        if (!wizard.openProject(path).isEmpty())
            return false;
        wizard.resize(1180, 800);
        wizard.show();
        wizard.activateWindow(); // the shortcuts (Ctrl+Z) go to the active window
        return QTest::qWaitForWindowExposed(&wizard) && QTest::qWaitForWindowActive(&wizard);
    }

    // Language… with the mouse; in its dialog, the language at `row` (0 the system's, 1
    // English, 2 Chinese) picked with the arrow keys and taken with Enter.
    bool chooseLanguage(ClusterWizard &wizard, int row)
    {
        bool answered = false;
        QTimer::singleShot(0, &wizard, [&] {
            auto *dialog = qobject_cast<QInputDialog *>(QApplication::activeModalWidget());
            if (!dialog || dialog->objectName() != u"languageChoice"_s)
                return;
            auto *combo = dialog->findChild<QComboBox *>();
            if (!combo)
                return;
            combo->setFocus();
            QTest::keyClick(combo, Qt::Key_Home);
            for (int i = 0; i < row; ++i)
                QTest::keyClick(combo, Qt::Key_Down);
            answered = combo->currentIndex() == row;
            keepPicture(dialog, u"language-choice.png"_s);
            QTest::keyClick(dialog, Qt::Key_Return);
        });
        QTest::mouseClick(wizard.button(QWizard::CustomButton2), Qt::LeftButton);
        // The window manager gives the window back its activation when the dialog closes; the
        // offscreen platform does not.
        wizard.activateWindow();
        return QTest::qWaitForWindowActive(&wizard) && answered;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        isolateSettings(m_dir);
    }

    // Each case starts in English, whatever the one before left.
    void init()
    {
        QVERIFY(installTranslators(*QCoreApplication::instance(), u"en"_s));
        setChosenLanguage(u"en"_s);
    }

    void switchesAtOnceAndKeepsTheWork()
    {
        ClusterWizard wizard;
        QVERIFY(show(wizard, exampleCopy(u"switch"_s)));
        wizard.setCheckRunner(
            [](const Project &project, const FleetProgress &, const std::atomic<bool> *) {
                return failedFirewallOnServer1(project);
            });

        // An unsaved edit on the Servers page, undoable.
        wizard.goToStep(ServersPageId);
        auto *servers = static_cast<ServersPage *>(wizard.currentPage());
        ServerTable *table = servers->table();
        QCOMPARE(table->model()->rowCount(), 2);
        QTest::mouseClick(table->viewport(), Qt::LeftButton, {},
                          table->visualRect(table->model()->index(0, ServerTable::Name)).center());
        QTest::mouseClick(servers->findChild<QPushButton *>(u"remove"_s), Qt::LeftButton);
        QCOMPARE(wizard.model()->project().servers.size(), size_t(1));
        QVERIFY(wizard.model()->isDirty());
        QTest::keyClick(table, Qt::Key_Z, Qt::ControlModifier); // undone, and redone below
        QCOMPARE(wizard.model()->project().servers.size(), size_t(2));
        QTest::keyClick(table, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(wizard.model()->project().servers.size(), size_t(1));
        QTest::keyClick(table, Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(wizard.model()->project().servers.size(), size_t(2));
        // A second edit keeps the project unsaved: the server renamed.
        QVERIFY(typeIntoCell(table, 1, ServerTable::Name, u"node-b"_s));
        QCOMPARE(wizard.model()->project().servers[1].name, u"node-b"_s);

        // Renamed back: the check below fails on server1.
        QVERIFY(typeIntoCell(table, 1, ServerTable::Name, u"server1"_s));
        wizard.goToStep(ChecksPageId);
        QCOMPARE(wizard.currentId(), int(ChecksPageId));
        auto *checks = static_cast<ChecksPage *>(wizard.currentPage());
        QSignalSpy ready(checks, &ChecksPage::reportReady);
        QTest::mouseClick(checks->findChild<QPushButton *>(u"runChecks"_s), Qt::LeftButton);
        QTRY_COMPARE(ready.count(), 1);
        const QString englishTitle = checks->title();
        const QString englishNext = wizard.button(QWizard::NextButton)->text();
        QCOMPARE(englishTitle, u"Checks"_s);

        const int undoSteps = servers->undoStack()->count();
        keepPicture(&wizard, u"language-before-checks.png"_s);
        QVERIFY(chooseLanguage(wizard, 2));
        keepPicture(&wizard, u"language-after-checks-zh.png"_s);
        // No notice: the change is there at once, on the same step.
        QVERIFY(!wizard.findChild<QMessageBox *>(u"languageNotice"_s));
        QCOMPARE(chosenLanguage(), u"zh_CN"_s);
        QCOMPARE(wizard.currentId(), int(ChecksPageId));
        auto *checksZh = static_cast<ChecksPage *>(wizard.currentPage());
        QVERIFY(checksZh != checks); // made anew
        QVERIFY2(hasChinese(checksZh->title()), qPrintable(checksZh->title()));
        QVERIFY2(hasChinese(checksZh->findChild<QPushButton *>(u"runChecks"_s)->text()),
                 qPrintable(checksZh->findChild<QPushButton *>(u"runChecks"_s)->text()));
        QVERIFY2(hasChinese(wizard.button(QWizard::NextButton)->text()),
                 qPrintable(wizard.button(QWizard::NextButton)->text()));
        QVERIFY(wizard.button(QWizard::NextButton)->text() != englishNext);
        QVERIFY(hasChinese(wizard.button(QWizard::CustomButton1)->text()));
        QListWidget *steps = wizard.stepList();
        QCOMPARE(steps->count(), wizard.pageIds().size());
        for (int row = 0; row < steps->count(); ++row)
            QVERIFY2(hasChinese(steps->item(row)->text()), qPrintable(steps->item(row)->text()));
        QCOMPARE(steps->currentRow(), int(wizard.pageIds().indexOf(ChecksPageId)));
        QVERIFY2(hasChinese(wizard.windowTitle()) || wizard.windowTitle().endsWith(u"clusterwiz"_s),
                 qPrintable(wizard.windowTitle()));
        QVERIFY(wizard.windowTitle().contains(u" *"_s)); // still unsaved

        // The report is still shown, its words in Chinese, and still holds Launch back.
        QCOMPARE(checksZh->reportView()->topLevelItemCount(), 2);
        QVERIFY(checksZh->hasRun());
        QVERIFY(hasChinese(checksZh->findChild<QLabel *>(u"message"_s)->text()));
        // Saved, the project may launch but for that failed check.
        QTest::mouseClick(wizard.button(QWizard::CustomButton1), Qt::LeftButton);
        QVERIFY(!wizard.model()->isDirty());
        const QString blocked =
            static_cast<RunPage *>(wizard.page(RunPageId))->launchBlockedReason();
        QVERIFY2(blocked.contains(u"firewall-ports"_s) && blocked.contains(u"server1"_s) &&
                     hasChinese(blocked),
                 qPrintable(blocked));

        // The way back is the way the user came: Back goes to Devices, then Servers.
        QTest::mouseClick(wizard.button(QWizard::BackButton), Qt::LeftButton);
        QCOMPARE(wizard.currentId(), int(DevicesPageId));
        QTest::mouseClick(wizard.button(QWizard::BackButton), Qt::LeftButton);
        QCOMPARE(wizard.currentId(), int(ServersPageId));
        // The edits are the project's; the undo history came along and still undoes them.
        auto *serversZh = static_cast<ServersPage *>(wizard.currentPage());
        QVERIFY(serversZh != servers);
        ServerTable *tableZh = serversZh->table();
        QCOMPARE(tableZh->model()->rowCount(), 2);
        QCOMPARE(cellText(tableZh, 1, ServerTable::Name), u"server1"_s);
        QCOMPARE(serversZh->undoStack()->count(), undoSteps);
        QTest::mouseClick(tableZh->viewport(), Qt::LeftButton, {},
                          tableZh->visualRect(tableZh->model()->index(0, 0)).center());
        QTest::keyClick(tableZh, Qt::Key_Z, Qt::ControlModifier); // server1 was node-b
        QCOMPARE(cellText(tableZh, 1, ServerTable::Name), u"node-b"_s);
        QTest::keyClick(tableZh, Qt::Key_Z, Qt::ControlModifier); // node-b was server1
        QTest::keyClick(tableZh, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(cellText(tableZh, 1, ServerTable::Name), u"node-b"_s);
        QVERIFY(hasChinese(serversZh->findChild<QPushButton *>(u"remove"_s)->text()));
        keepPicture(&wizard, u"language-after-servers-zh.png"_s);

        // And back to English the same way.
        QVERIFY(chooseLanguage(wizard, 1));
        QCOMPARE(chosenLanguage(), u"en"_s);
        QCOMPARE(wizard.currentId(), int(ServersPageId));
        QCOMPARE(wizard.page(ChecksPageId)->title(), englishTitle);
        QCOMPARE(wizard.button(QWizard::NextButton)->text(), englishNext);
        QCOMPARE(wizard.button(QWizard::CustomButton1)->text(), u"&Save"_s);
        keepPicture(&wizard, u"language-back-servers-en.png"_s);
        QCOMPARE(static_cast<ServersPage *>(wizard.currentPage())->table()->model()->rowCount(), 2);
        QVERIFY(wizard.model()->isDirty());
        QCOMPARE(wizard.model()->project().servers[1].name, u"node-b"_s);
    }

    void waitsWhileAJobRuns()
    {
        ClusterWizard wizard;
        QVERIFY(show(wizard, exampleCopy(u"busy"_s)));
        std::atomic<bool> release = false;
        wizard.setCheckRunner(
            [&](const Project &project, const FleetProgress &, const std::atomic<bool> *cancel) {
                while (!release && !cancel->load())
                    QThread::msleep(10);
                return failedFirewallOnServer1(project);
            });
        wizard.goToStep(ChecksPageId);
        auto *checks = static_cast<ChecksPage *>(wizard.currentPage());
        QTest::mouseClick(checks->findChild<QPushButton *>(u"runChecks"_s), Qt::LeftButton);
        QVERIFY(checks->isBusy());

        QString notice;
        QTimer::singleShot(0, &wizard, [&] {
            // The choice dialog, then the notice it leads to.
            auto *dialog = qobject_cast<QInputDialog *>(QApplication::activeModalWidget());
            if (!dialog)
                return;
            auto *combo = dialog->findChild<QComboBox *>();
            combo->setFocus();
            QTest::keyClick(combo, Qt::Key_End);
            QTimer::singleShot(0, &wizard, [&] {
                auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
                if (!box || box->objectName() != u"languageNotice"_s)
                    return;
                notice = box->text();
                keepPicture(box, u"language-notice-busy.png"_s);
                QTest::keyClick(box, Qt::Key_Return);
            });
            QTest::keyClick(dialog, Qt::Key_Return);
        });
        QTest::mouseClick(wizard.button(QWizard::CustomButton2), Qt::LeftButton);
        QVERIFY2(notice.contains(u"the checks, fix or doctor of the Checks page is running"_s),
                 qPrintable(notice));
        QVERIFY2(hasChinese(notice), qPrintable(notice)); // said in the language chosen too
        QCOMPARE(chosenLanguage(), u"zh_CN"_s);           // kept for the next start
        QCOMPARE(wizard.currentPage(), checks);           // nothing made anew under the job
        QCOMPARE(checks->title(), u"Checks"_s);
        release = true;
        QTRY_VERIFY(!checks->isBusy());

        // Once it has ended, choosing again switches.
        QVERIFY(chooseLanguage(wizard, 2));
        QVERIFY(hasChinese(wizard.currentPage()->title()));
        QVERIFY(static_cast<ChecksPage *>(wizard.currentPage())->hasRun());
    }

    // The network doctor's window, open beside the wizard, stays open (in the language it was
    // opened in) and is the new Checks page's.
    void theDoctorWindowStaysOpen()
    {
        ClusterWizard wizard;
        QVERIFY(show(wizard, exampleCopy(u"doctor"_s)));
        wizard.goToStep(ChecksPageId);
        auto *checks = static_cast<ChecksPage *>(wizard.currentPage());
        QTest::mouseClick(checks->findChild<QPushButton *>(u"openDoctor"_s), Qt::LeftButton);
        QPointer<DoctorView> doctor = checks->doctorView();
        QVERIFY(doctor && doctor->isVisible());

        QVERIFY(chooseLanguage(wizard, 2));
        auto *checksZh = static_cast<ChecksPage *>(wizard.currentPage());
        QVERIFY(checksZh != checks);
        QVERIFY(doctor); // not closed with the old page
        QCOMPARE(checksZh->doctorView(), doctor.data());
        QVERIFY(doctor->isVisible());
        QCOMPARE(doctor->parentWidget(), checksZh);
        keepPicture(doctor, u"language-doctor-kept.png"_s);
    }

    void theDemoRunStaysShown()
    {
        ClusterWizard wizard;
        QVERIFY(show(wizard, kExample2x8)); // the shipped example, read-only, as --demo-run
        wizard.goToStep(RunPageId);
        auto *run = qobject_cast<RunPage *>(wizard.currentPage());
        QVERIFY(run);
        QCOMPARE(showDemoRun(wizard, run), QString());
        QVERIFY(run->showsRecordedRun());
        const qsizetype lines = run->logStore()->ring().size();
        QVERIFY(lines > 0);

        QVERIFY(chooseLanguage(wizard, 2));
        auto *runZh = qobject_cast<RunPage *>(wizard.currentPage());
        QVERIFY(runZh && runZh != run);
        QVERIFY(runZh->showsRecordedRun());
        QCOMPARE(runZh->logStore()->ring().size(), lines);
        QVERIFY2(hasChinese(runZh->stateText()), qPrintable(runZh->stateText()));
        QVERIFY(!runZh->findChild<QPushButton *>(u"launch"_s)->isEnabled()); // still a demo
        QTest::qWait(300); // the chart's legend and the rank list lay out on later events
        keepPicture(&wizard, u"language-after-run-demo-zh.png"_s);
    }
};

QTEST_MAIN(TestLanguageSwitch)
#include "tst_languageSwitch.moc"
