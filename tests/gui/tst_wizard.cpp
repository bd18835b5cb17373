// SPDX-License-Identifier: GPL-3.0-or-later
// The wizard driven like a user on the 2x8 Ascend example: Next/Back keep state, a device IP
// edited into a rule violation is marked in the topology and refuses Next with the message,
// Plan automatically mends it, launch modes switch and mark bad fields, and the Scripts page
// shows exactly the bytes `clusterwiz-cli generate` writes.
#include "WizardTestSupport.h"

#include "model/ProjectJson.h"
#include "widgets/DeviceTable.h"
#include "widgets/LaunchEditor.h"
#include "widgets/ScriptsView.h"
#include "widgets/ServerTable.h"
#include "widgets/TopologyView.h"
#include "wizard/ClusterWizard.h"
#include "wizard/DevicesPage.h"
#include "wizard/LaunchPage.h"
#include "wizard/ProjectModel.h"
#include "wizard/ScriptsPage.h"
#include "wizard/ServersPage.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDirIterator>
#include <QGraphicsRectItem>
#include <QLabel>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QProcess>
#include <QPushButton>
#include <QRadioButton>
#include <QSignalSpy>
#include <QTableWidget>

using namespace cw;
using namespace Qt::StringLiterals;
using namespace wizardtest;

class TestWizard : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

    void clickNext(ClusterWizard &wizard)
    {
        QTest::mouseClick(wizard.button(QWizard::NextButton), Qt::LeftButton);
    }
    void clickBack(ClusterWizard &wizard)
    {
        QTest::mouseClick(wizard.button(QWizard::BackButton), Qt::LeftButton);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        isolateSettings(m_dir);
    }

    void walksThePagesAndKeepsState()
    {
        ClusterWizard wizard;
        QCOMPARE(wizard.openProject(kExample2x8), QString());
        wizard.show();
        QVERIFY(QTest::qWaitForWindowExposed(&wizard));
        QCOMPARE(wizard.currentId(), int(ProjectPageId));
        QVERIFY(
            ClusterWizard::recentProjects().constFirst().endsWith(u"ascend-2x8.clusterwiz.json"_s));

        // Servers: edit a user with the keyboard; the model has it at once and after Next/Back.
        clickNext(wizard);
        QCOMPARE(wizard.currentId(), int(ServersPageId));
        auto *servers = static_cast<ServersPage *>(wizard.currentPage());
        QCOMPARE(servers->table()->rowCount(), 2);
        QCOMPARE(servers->table()->text(1, ServerTable::Host), u"10.0.0.23"_s);
        QVERIFY(typeIntoCell(servers->table(), 1, ServerTable::User, u"train"_s));
        QCOMPARE(wizard.model()->project().servers[1].user, u"train"_s);
        QVERIFY(wizard.model()->isDirty());

        // Devices: a device IP in the wrong segment is marked on that device, Next is refused.
        clickNext(wizard);
        QCOMPARE(wizard.currentId(), int(DevicesPageId));
        auto *devices = static_cast<DevicesPage *>(wizard.currentPage());
        QGraphicsRectItem *device = devices->topology()->deviceItem(1, 4);
        QVERIFY(device);
        QVERIFY(!devices->topology()->isMarked(device));
        QVERIFY(wizard.button(QWizard::NextButton)->isEnabled());
        QVERIFY(typeIntoCell(devices->table(), 1, DeviceTable::ipColumn(4), u"192.168.101.110"_s));
        QCOMPARE(wizard.model()->project().servers[1].deviceIps[4], u"192.168.101.110"_s);
        QTRY_VERIFY(devices->topology()->isMarked(devices->topology()->deviceItem(1, 4)));
        device = devices->topology()->deviceItem(1, 4);
        QVERIFY2(!device->toolTip().isEmpty(), "the rule's message is the tooltip");
        QVERIFY(!devices->topology()->isMarked(devices->topology()->deviceItem(0, 4)));
        // Next stays pressable, as on Servers, and pressed names the mistake.
        QVERIFY(wizard.button(QWizard::NextButton)->isEnabled());
        clickNext(wizard);
        QCOMPARE(wizard.currentId(), int(DevicesPageId));
        const QString problems = [&] {
            QStringList lines;
            for (int i = 0; i < devices->problemList()->count(); ++i)
                lines << devices->problemList()->item(i)->text();
            return lines.join(u'\n');
        }();
        // In the page's words: the server and device, not the project file's path.
        QVERIFY2(problems.contains(u"server1 device 4: "_s) &&
                     !problems.contains(u"servers[1].device_ips[4]"_s),
                 qPrintable(problems));
        QVERIFY2(device->toolTip().contains(u"is not in segment 192.168.100.0/24"_s),
                 qPrintable(device->toolTip()));
        QVERIFY2(
            devices->findChild<QLabel *>(u"message"_s)->text().contains(u"server1 device 4: "_s),
            qPrintable(devices->findChild<QLabel *>(u"message"_s)->text()));
        qInfo().noquote() << "refused with:" << problems;

        // Plan automatically mends it and Next works again.
        QTest::mouseClick(devices->findChild<QPushButton *>(u"plan"_s), Qt::LeftButton);
        QTRY_VERIFY(!devices->topology()->isMarked(devices->topology()->deviceItem(1, 4)));
        QCOMPARE(wizard.model()->project().servers[1].deviceIps[4], u"192.168.100.110"_s);
        QVERIFY(wizard.button(QWizard::NextButton)->isEnabled());

        // Checks, Launch; then Back twice keeps the servers' edit and the plan.
        clickNext(wizard);
        QCOMPARE(wizard.currentId(), int(ChecksPageId));
        clickNext(wizard);
        QCOMPARE(wizard.currentId(), int(LaunchPageId));
        clickBack(wizard);
        clickBack(wizard);
        clickBack(wizard);
        QCOMPARE(wizard.currentId(), int(ServersPageId));
        QCOMPARE(servers->table()->text(1, ServerTable::User), u"train"_s);
        clickNext(wizard);
        QCOMPARE(devices->table()->text(1, DeviceTable::ipColumn(4)), u"192.168.100.110"_s);
        clickNext(wizard);
        clickNext(wizard);
        QCOMPARE(wizard.currentId(), int(LaunchPageId));

        // Launch: switch modes; a relative workdir is marked on the field and refuses Next.
        auto *launch = static_cast<LaunchPage *>(wizard.currentPage());
        QTest::mouseClick(launch->findChild<QRadioButton *>(u"mode-mpirun"_s), Qt::LeftButton);
        QCOMPARE(wizard.model()->project().launch.mode, LaunchMode::Mpirun);
        QVERIFY(launch->findChild<QWidget *>(u"launch.mpirun.prefix"_s)->isVisible());
        QTest::mouseClick(launch->findChild<QRadioButton *>(u"mode-ranktable"_s), Qt::LeftButton);
        QCOMPARE(wizard.model()->project().launch.mode, LaunchMode::RankTable);
        QVERIFY(!launch->findChild<QWidget *>(u"launch.mpirun.prefix"_s)->isVisible());
        auto *workdir = launch->findChild<QLineEdit *>(u"launch.workdir"_s);
        workdir->selectAll();
        QTest::keyClicks(workdir, u"relative/dir"_s);
        QVERIFY(workdir->property("invalid").toBool());
        QVERIFY(!workdir->toolTip().isEmpty());
        clickNext(wizard); // refused: the page stays and says why
        QCOMPARE(wizard.currentId(), int(LaunchPageId));
        const QString message = launch->findChild<QLabel *>(u"message"_s)->text();
        QVERIFY2(message.contains(u"launch.workdir"_s), qPrintable(message));
        workdir->selectAll();
        QTest::keyClicks(workdir, u"/home/train/resnet50"_s);
        QVERIFY(!workdir->property("invalid").toBool());
        QVERIFY(wizard.button(QWizard::NextButton)->isEnabled());

        // A warning shows but never blocks; the HCCL trust list is offered between servers.
        auto *warnings = launch->findChild<QLabel *>(u"warnings"_s);
        QCOMPARE(warnings->text(), QString());
        auto *envSetup = launch->findChild<QPlainTextEdit *>(u"launch.env_setup"_s);
        const QString setEnv = envSetup->toPlainText();
        envSetup->clear();
        QVERIFY2(warnings->text().contains(u"launch.env_setup"_s), qPrintable(warnings->text()));
        QVERIFY(wizard.button(QWizard::NextButton)->isEnabled());
        envSetup->setPlainText(setEnv);
        QCOMPARE(warnings->text(), QString());
        auto *whitelist = launch->findChild<QCheckBox *>(u"launch.hccl_whitelist"_s);
        QVERIFY(whitelist->isVisible());
        QTest::mouseClick(whitelist, Qt::LeftButton);
        QVERIFY(wizard.model()->project().launch.hcclWhitelistHostIps);
        // The example's own HCCL_WHITELIST_DISABLE=1 contradicts it until removed.
        clickNext(wizard);
        QCOMPARE(wizard.currentId(), int(LaunchPageId));
        QVERIFY(launch->findChild<QLabel *>(u"message"_s)
                    ->text()
                    .contains(u"launch.env.HCCL_WHITELIST_DISABLE"_s));
        auto *env = launch->findChild<QTableWidget *>(u"launch.env"_s);
        env->setCurrentCell(0, 0);
        for (QPushButton *button : launch->findChildren<QPushButton *>()) {
            if (button->text() == u"Remove variable"_s)
                QTest::mouseClick(button, Qt::LeftButton);
        }
        QVERIFY(wizard.model()->project().launch.env.empty());
        QVERIFY(wizard.button(QWizard::NextButton)->isEnabled());
        // The vendor guide's main.py wants --local_rank=N.
        auto *localRank = launch->findChild<QComboBox *>(u"launch.local_rank_arg"_s);
        QCOMPARE(localRank->currentIndex(), 0);
        localRank->setCurrentIndex(1);
        QCOMPARE(wizard.model()->project().launch.localRankArg, u"--local_rank"_s);
        // msrun is offered for MindSpore only, takes msrun's port 8118 and refuses local_rank_arg;
        // the torch launcher (mode launch) is offered for PyTorch only.
        auto *framework = launch->findChild<QComboBox *>(u"launch.framework"_s);
        auto *msrun = launch->findChild<QRadioButton *>(u"mode-msrun"_s);
        auto *torchLaunch = launch->findChild<QRadioButton *>(u"mode-launch"_s);
        QVERIFY(!msrun->isEnabled());
        QVERIFY(torchLaunch->isEnabled());
        framework->setCurrentIndex(framework->findText(u"tensorflow"_s));
        QVERIFY(!msrun->isEnabled());
        QVERIFY(!torchLaunch->isEnabled());
        framework->setCurrentIndex(framework->findText(u"mindspore"_s));
        QCOMPARE(wizard.model()->project().launch.framework, Framework::MindSpore);
        QVERIFY(msrun->isEnabled());
        QVERIFY(!torchLaunch->isEnabled());
        QVERIFY(wizard.button(QWizard::NextButton)->isEnabled()); // ranktable suits MindSpore
        // On the indicator: the button's centre lies past its short label, which is no hit.
        QTest::mouseClick(msrun, Qt::LeftButton, {}, QPoint(6, msrun->height() / 2));
        QCOMPARE(wizard.model()->project().launch.mode, LaunchMode::Msrun);
        QCOMPARE(wizard.model()->project().launch.masterPort, kMsrunDefaultMasterPort);
        QVERIFY(
            launch->findChild<QLabel *>(u"message"_s)->text().contains(u"launch.local_rank_arg"_s));
        localRank->setCurrentIndex(0);
        QVERIFY(wizard.button(QWizard::NextButton)->isEnabled());
        QTest::mouseClick(launch->findChild<QRadioButton *>(u"mode-ranktable"_s), Qt::LeftButton);
        QCOMPARE(wizard.model()->project().launch.masterPort, kDefaultMasterPort);
        framework->setCurrentIndex(framework->findText(u"pytorch"_s));
        QVERIFY(!msrun->isEnabled());
        QVERIFY(torchLaunch->isEnabled());
        localRank->setCurrentIndex(1);
        QVERIFY(wizard.button(QWizard::NextButton)->isEnabled());

        // Scripts: the same bytes as the CLI writes for the same project.
        clickNext(wizard);
        QCOMPARE(wizard.currentId(), int(ScriptsPageId));
        auto *scripts = static_cast<ScriptsPage *>(wizard.currentPage());
        const QString saved = m_dir.filePath(u"walk.clusterwiz.json"_s);
        QCOMPARE(wizard.model()->save(saved), QString());
        QVERIFY(!wizard.model()->isDirty());
        const QString out = m_dir.filePath(u"cli-out"_s);
        QProcess cli;
        cli.start(QStringLiteral(CLUSTERWIZ_BIN_DIR "/clusterwiz-cli"),
                  {u"generate"_s, saved, u"-o"_s, out});
        QVERIFY(cli.waitForFinished(30000));
        QVERIFY2(cli.exitCode() == 0, cli.readAllStandardError().constData());
        QStringList cliFiles;
        for (QDirIterator it(out, QDir::Files, QDirIterator::Subdirectories); it.hasNext();) {
            const QString path = it.next();
            const QString name = QDir(out).relativeFilePath(path);
            cliFiles << name;
            QFile file(path);
            QVERIFY(file.open(QIODevice::ReadOnly));
            QCOMPARE(scripts->view()->textOf(name).toUtf8(), file.readAll());
        }
        QVERIFY(cliFiles.contains(u"rank_table.json"_s));
        QVERIFY(cliFiles.contains(u"hccl_whitelist.json"_s));
        QCOMPARE(qsizetype(scripts->view()->files().size()), cliFiles.size());
    }

    // The Scripts page exports the files as a folder and as an archive; a broken project
    // generates nothing and names the problem instead; an unreadable file leaves the open
    // project as it was.
    void scriptsPageExportsAndRefuses()
    {
        ClusterWizard wizard;
        QCOMPARE(wizard.openProject(kExample2x8), QString());
        ScriptsPage page(wizard.model());
        page.initializePage();
        QVERIFY(page.isComplete());
        const QString folder = m_dir.filePath(u"export"_s);
        QCOMPARE(page.exportFolder(folder), QString());
        QVERIFY(QFileInfo(folder + u"/train.sh"_s).isExecutable());
        const QString archive = m_dir.filePath(u"export.tar.gz"_s);
        QCOMPARE(page.exportArchive(archive), QString());
        QVERIFY(QFileInfo(archive).size() > 0);

        QVERIFY(!wizard.openProject(u"/nonexistent.clusterwiz.json"_s).isEmpty());
        QCOMPARE(wizard.model()->path(), kExample2x8);

        Project broken = wizard.model()->project();
        broken.servers[1].deviceIps[4] = u"192.168.100.999"_s;
        wizard.model()->setProject(broken);
        page.initializePage();
        QVERIFY(!page.isComplete());
        QVERIFY(page.view()->files().empty());
        const QString message = page.findChild<QLabel *>(u"message"_s)->text();
        QVERIFY2(message.contains(u"servers[1].device_ips[4]"_s), qPrintable(message));
    }

    void savesAtomicallyAndReloads()
    {
        ProjectModel model;
        QCOMPARE(model.load(kExample2x8), QString());
        Project project = model.project();
        project.name = u"renamed"_s;
        QSignalSpy dirty(&model, &ProjectModel::dirtyChanged);
        model.setProject(project);
        QCOMPARE(dirty.count(), 1);
        const QString path = m_dir.filePath(u"saved.clusterwiz.json"_s);
        QCOMPARE(model.save(path), QString());
        QCOMPARE(model.path(), path);
        QCOMPARE(loadProjectFile(path).project.name, u"renamed"_s);
        QVERIFY(!model.save(u"/nonexistent-dir/x.clusterwiz.json"_s).isEmpty());
        QCOMPARE(loadProjectFile(path).project.name, u"renamed"_s);
    }

    void remembersGeometry()
    {
        {
            ClusterWizard wizard;
            QCOMPARE(wizard.openProject(kExample2x8), QString());
            wizard.show();
            wizard.resize(1000, 720);
            QVERIFY(QTest::qWaitForWindowExposed(&wizard));
            QVERIFY(wizard.close()); // nothing unsaved: no question
        }
        ClusterWizard again;
        QCOMPARE(again.size(), QSize(1000, 720));
    }

    // Each page gets its own problems by location: a bad host on server 10 is the Servers page's
    // and names server 10, missing device IPs are the Devices page's.
    void problemsInSortsByLocation()
    {
        ProjectModel model;
        QCOMPARE(model.load(kExample2x8), QString());
        Project project = model.project();
        for (int i = 2; i < 11; ++i) {
            Server server = project.servers[1];
            server.name = u"server%1"_s.arg(i);
            server.host = server.hostIp = u"10.0.0.%1"_s.arg(30 + i);
            server.deviceIps.clear();
            project.servers.push_back(server);
        }
        project.servers[10].host = u"bad host"_s;
        model.setProject(project);
        const Problems servers = model.problemsIn(ProblemArea::Servers);
        QCOMPARE(servers.size(), size_t{1});
        QCOMPARE(servers.front().path, u"servers[10].host"_s);
        QCOMPARE(servers.front().location.server, 10);
        QCOMPARE(servers.front().location.field, u"host"_s);
        const Problems devices = model.problemsIn(ProblemArea::Devices);
        QCOMPARE(devices.size(), size_t{9}); // servers 2-10 have no device IPs
        for (const Problem &problem : devices) {
            QCOMPARE(problem.rule, u"device-ip-count"_s);
            QCOMPARE(problem.location.field, u"device_ips"_s);
        }
        QCOMPARE(devices.front().location.server, 2);
        QVERIFY(model.problemsIn(ProblemArea::Launch).empty());
    }

    void newProjectStartsEmpty()
    {
        ClusterWizard wizard;
        wizard.show();
        QVERIFY(!wizard.button(QWizard::NextButton)->isEnabled());
        auto *name = wizard.currentPage()->findChild<QLineEdit *>(u"newName"_s);
        name->clear();
        QTest::keyClicks(name, u"rehearsal"_s);
        QTest::mouseClick(wizard.currentPage()->findChild<QPushButton *>(u"create"_s),
                          Qt::LeftButton);
        QCOMPARE(wizard.currentId(), int(ServersPageId));
        QCOMPARE(wizard.model()->project().name, u"rehearsal"_s);
        QVERIFY(!wizard.button(QWizard::NextButton)->isEnabled());
        QTest::mouseClick(wizard.currentPage()->findChild<QPushButton *>(u"add"_s), Qt::LeftButton);
        QCOMPARE(wizard.model()->project().servers.size(), size_t(1));
        QVERIFY(wizard.button(QWizard::NextButton)->isEnabled());
    }
};

QTEST_MAIN(TestWizard)
#include "tst_wizard.moc"
