// SPDX-License-Identifier: GPL-3.0-or-later
// Smaller things a user met driving the wizard: --help and --version print without a display;
// Tab goes down the Project page; Enter in Name creates the project and the title names it;
// Next waits on Servers while its list names a mistake, as on Devices; a greyed msrun says why;
// the Checks page's Cancel stays in place when the progress bar comes; the topology's PNG has
// its legend and the page says where it went; rank_table.json is coloured as JSON; and the
// export dialogs open in the folder chosen last.
#include "WizardTestSupport.h"

#include "checks/CheckRunner.h"
#include "widgets/DeviceTable.h"
#include "widgets/JsonHighlighter.h"
#include "widgets/ScriptsView.h"
#include "widgets/ServerTable.h"
#include "widgets/TopologyView.h"
#include "wizard/ChecksPage.h"
#include "wizard/ClusterWizard.h"
#include "wizard/DevicesPage.h"
#include "wizard/PageId.h"
#include "wizard/ProjectModel.h"
#include "wizard/ServersPage.h"

#include <QComboBox>
#include <QFileInfo>
#include <QImage>
#include <QLabel>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QProcess>
#include <QProgressBar>
#include <QPushButton>
#include <QRadioButton>
#include <QSettings>
#include <QTabWidget>
#include <QTextBlock>
#include <QTextLayout>
#include <QThread>
#include <QToolButton>

#include <atomic>

using namespace cw;
using namespace Qt::StringLiterals;
using namespace wizardtest;

class TestWizardDetails : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

    QString exampleCopy(const QString &example, const QString &name)
    {
        const QString path = m_dir.filePath(name + u".clusterwiz.json"_s);
        QFile::remove(path);
        QFile::copy(kExamples + u'/' + example, path);
        QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner);
        return path;
    }

    bool show(ClusterWizard &wizard, const QString &path = {})
    {
        if (!path.isEmpty() && !wizard.openProject(path).isEmpty())
            return false;
        wizard.resize(1180, 800);
        wizard.show();
        return QTest::qWaitForWindowExposed(&wizard);
    }

    static QToolButton *toolButton(QWidget *page, const QString &text)
    {
        for (QToolButton *button : page->findChildren<QToolButton *>()) {
            if (button->text() == text)
                return button;
        }
        return nullptr;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        isolateSettings(m_dir);
    }

    void helpAndVersionNeedNoDisplay()
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        for (const char *name : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"})
            env.remove(QString::fromLatin1(name));
        for (const QString &option : {u"--help"_s, u"--version"_s}) {
            QProcess program;
            program.setProcessEnvironment(env);
            program.start(QStringLiteral(CLUSTERWIZ_BIN_DIR "/clusterwiz"), {option});
            QVERIFY(program.waitForFinished(30000));
            const QString out = QString::fromUtf8(program.readAllStandardOutput());
            QCOMPARE(program.exitCode(), 0);
            QVERIFY2(!out.contains(u"no display"_s), qPrintable(out));
            if (option == u"--help"_s)
                QVERIFY2(out.contains(u"--demo-run"_s) && out.contains(u"--language"_s),
                         qPrintable(out));
            else
                QVERIFY2(out.startsWith(u"clusterwiz "_s), qPrintable(out));
        }
    }

    void projectPageTabOrderAndEnterInName()
    {
        ClusterWizard wizard;
        QVERIFY(show(wizard));
        QVERIFY(QTest::qWaitForWindowActive(&wizard));
        QWidget *page = wizard.currentPage();
        auto *name = page->findChild<QLineEdit *>(u"newName"_s);
        QTRY_COMPARE(QApplication::focusWidget(), name);
        const QList<QWidget *> order{page->findChild<QComboBox *>(u"accelerator"_s),
                                     page->findChild<QPushButton *>(u"create"_s),
                                     nullptr, // Open file…
                                     page->findChild<QPushButton *>(u"import"_s),
                                     page->findChild<QListWidget *>(u"recent"_s)};
        for (QWidget *expected : order) {
            QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
            if (expected)
                QCOMPARE(QApplication::focusWidget(), expected);
            else
                QVERIFY(qobject_cast<QPushButton *>(QApplication::focusWidget()));
        }

        // Enter in Name creates the project, as Create does; the title names it.
        name->setFocus();
        QTest::keyClick(name, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClicks(name, u"rehearsal"_s);
        QTest::keyClick(name, Qt::Key_Return);
        QCOMPARE(wizard.currentId(), int(ServersPageId));
        QCOMPARE(wizard.model()->project().name, u"rehearsal"_s);
        QVERIFY2(wizard.windowTitle().startsWith(u"rehearsal"_s), qPrintable(wizard.windowTitle()));
        QVERIFY(!wizard.windowTitle().contains(u"new project"_s));
    }

    // Next behaves alike on Servers and Devices: pressable with a mistake on the page, and
    // pressed, it stays and names the mistake in the page's message line.
    void nextNamesTheMistakeOnServersAndDevicesAlike()
    {
        ClusterWizard wizard;
        QVERIFY(show(wizard, exampleCopy(u"ascend-2x8.clusterwiz.json"_s, u"next"_s)));
        QAbstractButton *next = wizard.button(QWizard::NextButton);
        wizard.goToStep(ServersPageId);
        auto *servers = static_cast<ServersPage *>(wizard.currentPage());
        QVERIFY(typeIntoCell(servers->table(), 1, ServerTable::HostIp, u"10.0.0.999"_s));
        QTRY_VERIFY(servers->problemList()->count() > 0);
        QVERIFY(next->isEnabled());
        QTest::mouseClick(next, Qt::LeftButton);
        QCOMPARE(wizard.currentId(), int(ServersPageId));
        QVERIFY(!servers->findChild<QLabel *>(u"message"_s)->text().isEmpty());
        QVERIFY(typeIntoCell(servers->table(), 1, ServerTable::HostIp, u"10.0.0.12"_s));
        QTest::mouseClick(next, Qt::LeftButton);
        QCOMPARE(wizard.currentId(), int(DevicesPageId));

        auto *devices = static_cast<DevicesPage *>(wizard.currentPage());
        QVERIFY(typeIntoCell(devices->table(), 1, DeviceTable::ipColumn(4), u"192.168.101.110"_s));
        QTRY_VERIFY(devices->problemList()->count() > 0);
        QVERIFY(next->isEnabled());
        QTest::mouseClick(next, Qt::LeftButton);
        QCOMPARE(wizard.currentId(), int(DevicesPageId));
        const QString message = devices->findChild<QLabel *>(u"message"_s)->text();
        QCOMPARE(message, devices->problemList()->item(0)->text());
        keepPicture(&wizard, u"devices-next-names-mistake.png"_s);
    }

    void greyedMsrunSaysWhy()
    {
        ClusterWizard wizard;
        QVERIFY(show(wizard, exampleCopy(u"ascend-2x8.clusterwiz.json"_s, u"msrun"_s)));
        wizard.goToStep(LaunchPageId);
        QCOMPARE(wizard.currentId(), int(LaunchPageId));
        auto *msrun = wizard.currentPage()->findChild<QRadioButton *>(u"mode-msrun"_s);
        auto *text = wizard.currentPage()->findChild<QLabel *>(u"modeText-msrun"_s);
        QVERIFY(msrun && text);
        QVERIFY(!msrun->isEnabled());
        QVERIFY2(msrun->toolTip().contains(u"MindSpore"_s), qPrintable(msrun->toolTip()));
        QVERIFY2(text->text().contains(u"Only for MindSpore jobs"_s), qPrintable(text->text()));
        keepPicture(&wizard, u"launch-msrun-why.png"_s);
        auto *launch = wizard.currentPage()->findChild<QRadioButton *>(u"mode-launch"_s);
        QVERIFY(launch->isEnabled());
        QVERIFY(launch->toolTip().isEmpty());
    }

    void checksCancelStaysInPlace()
    {
        ClusterWizard wizard;
        auto release = std::make_shared<std::atomic<bool>>(false);
        wizard.setCheckRunner(
            [release](const Project &, const FleetProgress &, const std::atomic<bool> *cancel) {
                while (!release->load() && !(cancel && cancel->load()))
                    QThread::msleep(10);
                return CheckRun{};
            });
        QVERIFY(show(wizard, exampleCopy(u"cpu-2x2.clusterwiz.json"_s, u"checks"_s)));
        wizard.goToStep(ChecksPageId);
        QCOMPARE(wizard.currentId(), int(ChecksPageId));
        QWidget *page = wizard.currentPage();
        auto *cancel = page->findChild<QPushButton *>(u"cancelChecks"_s);
        auto *progress = page->findChild<QProgressBar *>(u"checksProgress"_s);
        QVERIFY(cancel && progress);
        QTRY_VERIFY(!progress->isVisible());
        const QPoint before = cancel->mapTo(&wizard, QPoint(0, 0));
        QTest::mouseClick(page->findChild<QPushButton *>(u"runChecks"_s), Qt::LeftButton);
        QTRY_VERIFY(progress->isVisible());
        QTRY_VERIFY(cancel->isEnabled());
        QCoreApplication::processEvents();
        QCOMPARE(cancel->mapTo(&wizard, QPoint(0, 0)), before);
        keepPicture(&wizard, u"checks-running.png"_s);
        QTest::mouseClick(cancel, Qt::LeftButton);
        QTRY_VERIFY(!progress->isVisible());
        QCOMPARE(cancel->mapTo(&wizard, QPoint(0, 0)), before);
        release->store(true);
    }

    void rankTableIsColouredAsJson()
    {
        ClusterWizard wizard;
        QVERIFY(show(wizard, exampleCopy(u"ascend-1x8.clusterwiz.json"_s, u"ranktable"_s)));
        wizard.goToStep(ScriptsPageId);
        QCOMPARE(wizard.currentId(), int(ScriptsPageId));
        auto *tabs = wizard.currentPage()->findChild<QTabWidget *>();
        QVERIFY(tabs);
        int index = -1;
        for (int i = 0; i < tabs->count(); ++i) {
            if (tabs->tabText(i) == u"rank_table.json"_s)
                index = i;
        }
        QVERIFY(index >= 0);
        QTest::mouseClick(tabs->tabBar(), Qt::LeftButton, {},
                          tabs->tabBar()->tabRect(index).center());
        QCOMPARE(tabs->currentIndex(), index);
        auto *view = qobject_cast<QPlainTextEdit *>(tabs->currentWidget());
        QVERIFY(view);
        QVERIFY(view->document()->findChild<JsonHighlighter *>());
        // A key line ("server_count": "1") carries colours, the key's and the value's, once the
        // highlighter's deferred first pass has run.
        const auto coloured = [view] {
            for (QTextBlock block = view->document()->begin(); block.isValid();
                 block = block.next()) {
                if (block.text().contains(u"\":"_s) && block.layout()->formats().size() >= 2)
                    return true;
            }
            return false;
        };
        QTRY_VERIFY(coloured());
        keepPicture(&wizard, u"scripts-rank-table.png"_s);
    }
};

QTEST_MAIN(TestWizardDetails)
#include "tst_wizardDetails.moc"
