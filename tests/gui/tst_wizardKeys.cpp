// SPDX-License-Identifier: GPL-3.0-or-later
// The wizard's keys and questions as a new user meets them, driven with real key and mouse
// events: Enter in a page's own field is that field's (Find server, the log search, a name) and
// never Next or Finish; Esc, Finish, closing the window and Create ask Save / Discard / Cancel
// while the project has unsaved changes, and Cancel keeps everything; the step list goes to a
// step as far as the pages allow and always shows where the wizard is; the Project page names
// the open project, shows its accelerator and starts on Next.
#include "WizardTestSupport.h"

#include "logs/LogView.h"
#include "model/ProjectJson.h"
#include "widgets/DeviceTable.h"
#include "widgets/ServerTable.h"
#include "widgets/TopologyView.h"
#include "wizard/ClusterWizard.h"
#include "wizard/DevicesPage.h"
#include "wizard/PageId.h"
#include "wizard/ProjectModel.h"
#include "wizard/RunPage.h"
#include "wizard/ServersPage.h"

#include <QComboBox>
#include <QFile>
#include <QGraphicsRectItem>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>

using namespace cw;
using namespace Qt::StringLiterals;
using namespace wizardtest;

class TestWizardKeys : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

    // A copy of the 2x8 example: Save writes here, never into the source tree.
    QString exampleCopy(const QString &name)
    {
        const QString path = m_dir.filePath(name + u".clusterwiz.json"_s);
        QFile::remove(path);
        if (!QFile::copy(kExample2x8, path))
            qWarning("cannot copy the example");
        QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner);
        return path;
    }

    static void clickNext(ClusterWizard &wizard)
    {
        QTest::mouseClick(wizard.button(QWizard::NextButton), Qt::LeftButton);
    }

    static void clickStep(ClusterWizard &wizard, int id)
    {
        QListWidget *steps = wizard.stepList();
        const int row = int(wizard.pageIds().indexOf(id));
        const QRect rect = steps->visualItemRect(steps->item(row));
        QTest::mouseClick(steps->viewport(), Qt::LeftButton, {}, rect.center());
    }

    // Shown, on the Servers page, with the user of server1 edited: unsaved changes.
    void openEdited(ClusterWizard &wizard, const QString &path)
    {
        QCOMPARE(wizard.openProject(path), QString());
        wizard.resize(1180, 800);
        wizard.show();
        QVERIFY(QTest::qWaitForWindowExposed(&wizard));
        clickNext(wizard);
        QCOMPARE(wizard.currentId(), int(ServersPageId));
        auto *servers = static_cast<ServersPage *>(wizard.currentPage());
        QVERIFY(typeIntoCell(servers->table(), 1, ServerTable::User, u"train"_s));
        QCOMPARE(wizard.currentId(), int(ServersPageId)); // Enter committed the cell, no more
        QVERIFY(wizard.model()->isDirty());
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        isolateSettings(m_dir);
    }

    // Enter in Find server centres the server and stays on the page (it used to press Next and
    // jump to the Checks page). (Enter in the new project's name creates it: tst_wizardDetails.)
    void enterInAFieldStaysOnThePage()
    {
        ClusterWizard wizard;
        QCOMPARE(wizard.openProject(exampleCopy(u"enter"_s)), QString());
        wizard.resize(1180, 800);
        wizard.show();
        QVERIFY(QTest::qWaitForWindowExposed(&wizard));

        clickNext(wizard);
        clickNext(wizard);
        QCOMPARE(wizard.currentId(), int(DevicesPageId));
        auto *devices = static_cast<DevicesPage *>(wizard.currentPage());
        QLineEdit *find = devices->findField();
        QTest::mouseClick(find, Qt::LeftButton);
        QTest::keyClicks(find, u"server1"_s);
        QTest::keyClick(find, Qt::Key_Return);
        QCOMPARE(wizard.currentId(), int(DevicesPageId));
        QCOMPARE(devices->topology()->highlighted(),
                 static_cast<const QGraphicsRectItem *>(devices->topology()->serverItem(1)));
        QTest::keyClick(find, Qt::Key_Enter); // the keypad's Enter as well
        QCOMPARE(wizard.currentId(), int(DevicesPageId));

        // A focused button still takes Enter: Next goes on.
        wizard.button(QWizard::NextButton)->setFocus();
        QTest::keyClick(wizard.button(QWizard::NextButton), Qt::Key_Return);
        QCOMPARE(wizard.currentId(), int(ChecksPageId));
    }

    // On the last page, Enter in the log search looks for the text; it used to press Finish and
    // close the window.
    void enterInTheRunSearchKeepsTheWindow()
    {
        ClusterWizard wizard;
        openEdited(wizard, exampleCopy(u"search"_s));
        while (wizard.currentId() != int(RunPageId)) {
            const int before = wizard.currentId();
            clickNext(wizard);
            QVERIFY(wizard.currentId() != before);
        }
        auto *run = static_cast<RunPage *>(wizard.currentPage());
        auto *search = run->logView()->findChild<QLineEdit *>(u"search"_s);
        QVERIFY(search);
        MessageBoxAnswer answer(u"unsavedChanges"_s, QMessageBox::Cancel);
        QTest::mouseClick(search, Qt::LeftButton);
        QTest::keyClicks(search, u"loss"_s);
        QTest::keyClick(search, Qt::Key_Return);
        QVERIFY(!answer.asked());
        QVERIFY(wizard.isVisible());
        QCOMPARE(wizard.currentId(), int(RunPageId));
        QVERIFY(wizard.model()->isDirty());
    }

    // Esc in a text field with unsaved changes asks; Cancel keeps the window and the changes,
    // Discard closes.
    void escAsksAboutUnsavedChanges()
    {
        ClusterWizard wizard;
        openEdited(wizard, exampleCopy(u"esc"_s));
        clickNext(wizard);
        auto *netmask = wizard.currentPage()->findChild<QLineEdit *>(u"netmask"_s);
        QTest::mouseClick(netmask, Qt::LeftButton);
        {
            MessageBoxAnswer answer(u"unsavedChanges"_s, QMessageBox::Cancel);
            QTest::keyClick(netmask, Qt::Key_Escape);
            QVERIFY(answer.asked());
        }
        QVERIFY(wizard.isVisible());
        QVERIFY(wizard.model()->isDirty());
        QCOMPARE(wizard.model()->project().servers[1].user, u"train"_s);
        {
            MessageBoxAnswer answer(u"unsavedChanges"_s, QMessageBox::Discard);
            QTest::keyClick(netmask, Qt::Key_Escape);
            QVERIFY(answer.asked());
        }
        QVERIFY(!wizard.isVisible());
    }

    // Finish (Enter on it) and the window's close ask too; Save writes the file, then closes.
    void finishAndCloseAskThenSave()
    {
        const QString path = exampleCopy(u"close"_s);
        ClusterWizard wizard;
        openEdited(wizard, path);
        while (wizard.currentId() != int(RunPageId))
            clickNext(wizard);
        QAbstractButton *finish = wizard.button(QWizard::FinishButton);
        QVERIFY(finish->isVisible());
        finish->setFocus();
        {
            MessageBoxAnswer answer(u"unsavedChanges"_s, QMessageBox::Cancel);
            QTest::keyClick(finish, Qt::Key_Return);
            QVERIFY(answer.asked());
            QVERIFY2(answer.text().contains(u"close.clusterwiz.json"_s), qPrintable(answer.text()));
        }
        QVERIFY(wizard.isVisible());
        QCOMPARE(loadProjectFile(path).project.servers[1].user, u"root"_s);
        {
            MessageBoxAnswer answer(u"unsavedChanges"_s, QMessageBox::Save);
            QVERIFY(wizard.close());
            QVERIFY(answer.asked());
        }
        QVERIFY(!wizard.isVisible());
        QVERIFY(!wizard.model()->isDirty());
        QCOMPARE(loadProjectFile(path).project.servers[1].user, u"train"_s);
    }

    // Create (and opening another project) asks before the edited project goes.
    void createAsksBeforeReplacing()
    {
        ClusterWizard wizard;
        openEdited(wizard, exampleCopy(u"create"_s));
        QTest::mouseClick(wizard.button(QWizard::BackButton), Qt::LeftButton);
        QCOMPARE(wizard.currentId(), int(ProjectPageId));
        auto *create = wizard.currentPage()->findChild<QPushButton *>(u"create"_s);
        {
            MessageBoxAnswer answer(u"unsavedChanges"_s, QMessageBox::Cancel);
            QTest::mouseClick(create, Qt::LeftButton);
            QVERIFY(answer.asked());
        }
        QCOMPARE(wizard.currentId(), int(ProjectPageId));
        QCOMPARE(wizard.model()->project().servers[1].user, u"train"_s);
        QVERIFY(wizard.model()->isDirty());
        auto *examples = wizard.currentPage()->findChild<QListWidget *>(u"examples"_s);
        const QList<QListWidgetItem *> items =
            examples->findItems(u"cpu-2x2.clusterwiz.json"_s, Qt::MatchExactly);
        QCOMPARE(items.size(), 1);
        {
            MessageBoxAnswer answer(u"unsavedChanges"_s, QMessageBox::Cancel);
            const QRect rect = examples->visualItemRect(items.front());
            QTest::mouseClick(examples->viewport(), Qt::LeftButton, {}, rect.center());
            QTest::keyClick(examples, Qt::Key_Return); // opens the example: asks first
            QVERIFY(answer.asked());
        }
        QCOMPARE(wizard.model()->project().servers[1].user, u"train"_s);
        {
            MessageBoxAnswer answer(u"unsavedChanges"_s, QMessageBox::Discard);
            QTest::mouseClick(create, Qt::LeftButton);
            QVERIFY(answer.asked());
        }
        QCOMPARE(wizard.currentId(), int(ServersPageId));
        QVERIFY(wizard.model()->project().servers.empty());
    }

    // A click on a later step walks there through every complete page; an incomplete one stops
    // it, and the list shows the page the wizard is on, never another.
    void stepListGoesAsFarAsThePagesAllow()
    {
        ClusterWizard wizard;
        QCOMPARE(wizard.openProject(exampleCopy(u"steps"_s)), QString());
        wizard.resize(1180, 800);
        wizard.show();
        QVERIFY(QTest::qWaitForWindowExposed(&wizard));
        const QList<int> ids = wizard.pageIds();
        clickStep(wizard, ChecksPageId);
        QCOMPARE(wizard.currentId(), int(ChecksPageId));
        QCOMPARE(wizard.stepList()->currentRow(), int(ids.indexOf(ChecksPageId)));

        clickStep(wizard, ProjectPageId);
        QCOMPARE(wizard.currentId(), int(ProjectPageId));
        QCOMPARE(wizard.stepList()->currentRow(), 0);

        // A device IP out of its segment: the Devices page is incomplete, so Run is out of reach.
        Project broken = wizard.model()->project();
        broken.servers[1].deviceIps[4] = u"192.168.101.110"_s;
        wizard.model()->setProject(broken);
        clickStep(wizard, RunPageId);
        QCOMPARE(wizard.currentId(), int(DevicesPageId));
        QCOMPARE(wizard.stepList()->currentRow(), int(ids.indexOf(DevicesPageId)));
        QCOMPARE(wizard.stepList()->currentItem()->font().bold(), true);
    }

    // The Project page with a project open: the project named in full at the top, the
    // accelerator box showing the open project's kind, and the keyboard on Next.
    void projectPageNamesTheOpenProject()
    {
        const QString path = kExamples + u"/ascend910b-2x8.clusterwiz.json"_s;
        ClusterWizard wizard;
        QCOMPARE(wizard.openProject(path), QString());
        wizard.resize(1180, 800);
        wizard.show();
        QVERIFY(QTest::qWaitForWindowExposed(&wizard));
        QWidget *name = wizard.currentPage()->findChild<QLineEdit *>(u"newName"_s);
        QWidget *next = wizard.button(QWizard::NextButton);
        QTRY_COMPARE(wizard.focusWidget(), next);
        QVERIFY(wizard.focusWidget() != name);
        const QString current = wizard.currentPage()->findChild<QLabel *>(u"current"_s)->text();
        QVERIFY2(current.contains(wizard.model()->project().name), qPrintable(current));
        QVERIFY2(current.contains(path), qPrintable(current));
        auto *accelerator = wizard.currentPage()->findChild<QComboBox *>(u"accelerator"_s);
        QCOMPARE(accelerator->currentData().toInt(), int(Accelerator::Ascend910b));
        // Enter on Next (where the keyboard starts) goes on.
        QTest::keyClick(next, Qt::Key_Return);
        QCOMPARE(wizard.currentId(), int(ServersPageId));

        // Without a project the name field has the keyboard.
        ClusterWizard fresh;
        fresh.show();
        QVERIFY(QTest::qWaitForWindowExposed(&fresh));
        QWidget *freshName = fresh.currentPage()->findChild<QLineEdit *>(u"newName"_s);
        QTRY_COMPARE(fresh.focusWidget(), freshName);
    }
};

QTEST_MAIN(TestWizardKeys)
#include "tst_wizardKeys.moc"
