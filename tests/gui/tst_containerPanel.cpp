// SPDX-License-Identifier: GPL-3.0-or-later
// The Servers page's training containers as a user sets them up, with real clicks and keys: the
// box gives the project its container section, typed values reach the project, a bad mount is
// named under the panel in the panel's words, unchecking and checking again keeps what was typed,
// Preview shows the exact programs of the chosen server, and Create refuses an unsaved or
// refused project in the panel's message. With the section, the checks and the launch reach the
// containers (host:ssh_port as root), the way the CLI's commands do.
#include "WizardTestSupport.h"

#include "generate/ContainerScript.h"
#include "logs/LogStore.h"
#include "logs/RunPanelSession.h"
#include "widgets/ContainerPanel.h"
#include "widgets/ContainerPreview.h"
#include "widgets/ServerTable.h"
#include "wizard/ChecksPage.h"
#include "wizard/ClusterWizard.h"
#include "wizard/PageId.h"
#include "wizard/ProjectModel.h"
#include "wizard/ServersPage.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QListWidget>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTreeWidget>

#include <mutex>

using namespace cw;
using namespace Qt::StringLiterals;
using namespace wizardtest;

namespace {

const QString kImage = u"swr.cn-south-1.myhuaweicloud.com/ascendhub/ascend-pytorch:24.0.0"_s;

QString listed(const QListWidget *list)
{
    QStringList lines;
    for (int i = 0; i < list->count(); ++i)
        lines << list->item(i)->text();
    return lines.join(u'\n');
}

// Click into a field, select what it holds and type over it.
void typeOver(QWidget *field, const QString &text)
{
    QTest::mouseClick(field, Qt::LeftButton);
    QTest::keyClick(field, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClick(field, Qt::Key_Delete);
    QTest::keyClicks(field, text);
}

// The lines of a list field typed one by one, Enter between them.
void typeLines(QPlainTextEdit *field, const QStringList &lines)
{
    QTest::mouseClick(field->viewport(), Qt::LeftButton);
    QTest::keyClick(field, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClick(field, Qt::Key_Delete);
    for (int i = 0; i < lines.size(); ++i) {
        if (i > 0)
            QTest::keyClick(field, Qt::Key_Return);
        QTest::keyClicks(field, lines[i]);
    }
}

} // namespace

class TestContainerPanel : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

    // A writable copy of the 2 x 8 example, on the Servers page.
    ServersPage *showServers(ClusterWizard &wizard, const QString &name)
    {
        const QString copy = m_dir.filePath(name);
        QFile::remove(copy);
        if (!QFile::copy(kExample2x8, copy) ||
            !QFile::setPermissions(copy, QFile::ReadOwner | QFile::WriteOwner) ||
            wizard.openProject(copy) != QString())
            return nullptr;
        FleetOptions options;
        options.knownHostsFile = m_dir.filePath(u"known_hosts"_s);
        options.parseSshConfig = false;
        wizard.setFleetOptions(options);
        wizard.resize(1180, 800);
        wizard.show();
        if (!QTest::qWaitForWindowActive(&wizard))
            return nullptr;
        QTest::mouseClick(wizard.button(QWizard::NextButton), Qt::LeftButton);
        return qobject_cast<ServersPage *>(wizard.currentPage());
    }

    template <typename T> static T *child(QWidget *parent, const QString &name)
    {
        T *found = parent->findChild<T *>(name);
        if (!found)
            qWarning("no %s", qPrintable(name));
        return found;
    }

    // The box checked by mouse, an image and port 2222 typed in.
    static void enable(ContainerPanel *panel, ProjectModel *model)
    {
        auto *box = child<QCheckBox>(panel, u"containerEnabled"_s);
        QVERIFY(box && !box->isChecked());
        QVERIFY(!model->project().container);
        QTest::mouseClick(box, Qt::LeftButton);
        QVERIFY(box->isChecked());
        QVERIFY(model->project().container);
        QCOMPARE(model->project().container->sshPort, kDefaultContainerSshPort);
        typeOver(child<QLineEdit>(panel, u"containerImage"_s), kImage);
        typeOver(child<QLineEdit>(panel, u"containerSshPort"_s), u"2222"_s);
        QCOMPARE(model->project().container->image, kImage);
        QCOMPARE(model->project().container->sshPort, 2222);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        isolateSettings(m_dir);
    }

    void typedValuesReachTheProject()
    {
        ClusterWizard wizard;
        ServersPage *page = showServers(wizard, u"typed.clusterwiz.json"_s);
        QVERIFY(page);
        ContainerPanel *panel = page->containerPanel();
        ProjectModel *model = wizard.model();
        enable(panel, model);
        // The engine by keyboard, podman; privileged by mouse.
        auto *engine = child<QComboBox>(panel, u"containerEngine"_s);
        engine->setFocus();
        QTest::keyClick(engine, Qt::Key_Down);
        QCOMPARE(model->project().container->engine, ContainerEngine::Podman);
        QTest::mouseClick(child<QCheckBox>(panel, u"containerPrivileged"_s), Qt::LeftButton);
        QVERIFY(model->project().container->privileged);
        typeOver(child<QLineEdit>(panel, u"containerShmSize"_s), u"16g"_s);
        typeLines(child<QPlainTextEdit>(panel, u"containerEnvSetup"_s),
                  {u"source /usr/local/Ascend/ascend-toolkit/set_env.sh"_s});
        typeLines(child<QPlainTextEdit>(panel, u"containerRunArgs"_s),
                  {u"--cap-add=SYS_PTRACE"_s, u"--runtime=ascend"_s});
        const ContainerConfig &container = *model->project().container;
        QCOMPARE(container.shmSize, u"16g"_s);
        QCOMPARE(container.envSetup,
                 QStringList{u"source /usr/local/Ascend/ascend-toolkit/set_env.sh"_s});
        QCOMPARE(container.runArgs,
                 (QStringList{u"--cap-add=SYS_PTRACE"_s, u"--runtime=ascend"_s}));
        QVERIFY(model->problemsIn(ProblemArea::Servers).empty());
        QVERIFY(!panel->problemList()->isVisible());
        keepPicture(&wizard, u"servers-containers.png"_s);

        // Saved with the project, and read back from it.
        QCOMPARE(model->save(), QString());
        ClusterWizard again;
        QCOMPARE(again.openProject(model->path()), QString());
        QVERIFY(again.model()->project().container);
        QCOMPARE(*again.model()->project().container, container);
    }

    void badMountIsNamedInThePanelsWords()
    {
        ClusterWizard wizard;
        ServersPage *page = showServers(wizard, u"mount.clusterwiz.json"_s);
        QVERIFY(page);
        ContainerPanel *panel = page->containerPanel();
        ProjectModel *model = wizard.model();
        enable(panel, model);
        auto *mounts = child<QPlainTextEdit>(panel, u"containerMounts"_s);
        typeLines(mounts, {u"/data:/data"_s, u"../x:/y"_s});
        QCOMPARE(model->project().container->mounts, (QStringList{u"/data:/data"_s, u"../x:/y"_s}));
        QTRY_VERIFY(panel->problemList()->isVisible());
        const QString problems = listed(panel->problemList());
        QVERIFY2(problems.contains(u"Mounts line 2 \"../x:/y\""_s), qPrintable(problems));
        QVERIFY2(problems.contains(u"is not an absolute path"_s), qPrintable(problems));
        // The panel's words, not the file's.
        QVERIFY2(!problems.contains(u"mounts[1]"_s) && !problems.contains(u"container:"_s),
                 qPrintable(problems));
        // Not twice: the servers' list leaves it to the panel.
        QVERIFY(!listed(page->problemList()).contains(u"../x:/y"_s));
        // Next stays on the page and says why.
        QTest::mouseClick(wizard.button(QWizard::NextButton), Qt::LeftButton);
        QCOMPARE(wizard.currentPage(), page);
        QVERIFY2(page->message()->text().contains(u"Training containers: Mounts line 2"_s),
                 qPrintable(page->message()->text()));
        // Nothing previews or runs while the rules refuse a value.
        QTest::mouseClick(child<QPushButton>(panel, u"createContainers"_s), Qt::LeftButton);
        QVERIFY2(panel->message()->text().contains(u"Training containers: Mounts line 2"_s),
                 qPrintable(panel->message()->text()));
        QVERIFY(!panel->results()->isVisible());
        QTest::mouseClick(child<QPushButton>(panel, u"previewContainers"_s), Qt::LeftButton);
        QVERIFY(!panel->preview());
    }

    void uncheckingKeepsTheValues()
    {
        ClusterWizard wizard;
        ServersPage *page = showServers(wizard, u"uncheck.clusterwiz.json"_s);
        QVERIFY(page);
        ContainerPanel *panel = page->containerPanel();
        ProjectModel *model = wizard.model();
        enable(panel, model);
        typeLines(child<QPlainTextEdit>(panel, u"containerMounts"_s),
                  {u"/data:/data"_s, u"/models:/models:ro"_s});
        const ContainerConfig typed = *model->project().container;
        auto *box = child<QCheckBox>(panel, u"containerEnabled"_s);
        auto *image = child<QLineEdit>(panel, u"containerImage"_s);
        QTest::mouseClick(box, Qt::LeftButton);
        QVERIFY(!model->project().container);
        QVERIFY(!image->isVisible());
        QTest::mouseClick(box, Qt::LeftButton);
        QVERIFY(image->isVisible());
        QVERIFY(model->project().container);
        QCOMPARE(*model->project().container, typed);
        QCOMPARE(image->text(), kImage);
    }

    void previewShowsTheChosenServersScript()
    {
        ClusterWizard wizard;
        ServersPage *page = showServers(wizard, u"preview.clusterwiz.json"_s);
        QVERIFY(page);
        ContainerPanel *panel = page->containerPanel();
        ProjectModel *model = wizard.model();
        enable(panel, model);
        QVERIFY(model->refusalText().isEmpty());
        QTest::mouseClick(child<QPushButton>(panel, u"previewContainers"_s), Qt::LeftButton);
        QTRY_VERIFY(panel->preview() && panel->preview()->isVisible());
        ContainerPreview *preview = panel->preview();
        QComboBox *servers = preview->serverPicker();
        QCOMPARE(servers->count(), 2);
        QVERIFY2(servers->itemText(1).contains(u"(host "_s), qPrintable(servers->itemText(1)));
        // The second server, chosen by keyboard.
        servers->setFocus();
        QTest::keyClick(servers, Qt::Key_Down);
        QCOMPARE(servers->currentIndex(), 1);
        const QString text = preview->previewText();
        const Project &project = model->project();
        QVERIFY(text.contains(containerHostScript(project, 1, ContainerStep::Check)));
        QVERIFY(text.contains(containerHostScript(project, 1, ContainerStep::Up)));
        QVERIFY(!text.contains(containerHostScript(project, 0, ContainerStep::Up)));
        QVERIFY(text.contains(kImage));
        QVERIFY(text.contains(u"2222"_s));
        keepPicture(preview, u"containers-preview.png"_s);
        preview->close();
    }

    void createRefusesAnUnsavedProject()
    {
        ClusterWizard wizard;
        ServersPage *page = showServers(wizard, u"unsaved.clusterwiz.json"_s);
        QVERIFY(page);
        ContainerPanel *panel = page->containerPanel();
        enable(panel, wizard.model());
        QVERIFY(wizard.model()->isDirty());
        for (const QString &name :
             {u"createContainers"_s, u"containerStatus"_s, u"removeContainers"_s}) {
            panel->message()->clear();
            QTest::mouseClick(child<QPushButton>(panel, name), Qt::LeftButton);
            QVERIFY2(panel->message()->text().startsWith(u"Save the project first"_s),
                     qPrintable(name + u": "_s + panel->message()->text()));
            QVERIFY(!panel->isBusy());
        }
        QVERIFY(!panel->results()->isVisible());
    }

    // Create and Remove (asked first, naming how many) run for real on the worker thread
    // against hosts that refuse the connection: one row per server, named with its host.
    void runsShowOneRowPerServer()
    {
        ClusterWizard wizard;
        ServersPage *page = showServers(wizard, u"runs.clusterwiz.json"_s);
        QVERIFY(page);
        ContainerPanel *panel = page->containerPanel();
        ProjectModel *model = wizard.model();
        enable(panel, model);
        Project project = model->project();
        for (Server &server : project.servers) {
            server.host = u"127.0.0.1"_s;
            server.port = 1; // nothing listens: refused at once
        }
        model->setProject(project);
        QCOMPARE(model->save(), QString());
        QTest::mouseClick(child<QPushButton>(panel, u"createContainers"_s), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(!panel->isBusy() && panel->results()->isVisible(), 30000);
        QTreeWidget *rows = panel->results();
        QVERIFY(rows->topLevelItemCount() >= 2);
        for (int s = 0; s < 2; ++s) {
            const QTreeWidgetItem *row = rows->topLevelItem(s);
            QCOMPARE(row->text(0), u"server%1 (host 127.0.0.1:1)"_s.arg(s));
            QCOMPARE(row->text(1), u"failed"_s);
            QVERIFY(!row->text(2).isEmpty());
        }
        QVERIFY2(panel->message()->text().contains(u"2 of 2"_s),
                 qPrintable(panel->message()->text()));

        MessageBoxAnswer answer(u"confirmRemoveContainers"_s, QMessageBox::Yes);
        QTest::mouseClick(child<QPushButton>(panel, u"removeContainers"_s), Qt::LeftButton);
        QTRY_VERIFY(answer.asked());
        QVERIFY2(answer.text().contains(u"2 container(s) named clusterwiz"_s),
                 qPrintable(answer.text()));
        QTRY_VERIFY_WITH_TIMEOUT(!panel->isBusy() && panel->message()->text().contains(u"2 of 2"_s),
                                 30000);
        QCOMPARE(rows->topLevelItem(0)->text(1), u"failed"_s);
    }

    void panelFitsTheWindow()
    {
        ClusterWizard wizard;
        ServersPage *page = showServers(wizard, u"fits.clusterwiz.json"_s);
        QVERIFY(page);
        enable(page->containerPanel(), wizard.model());
        QTest::qWait(50);
        QCOMPARE(wizard.size(), QSize(1180, 800));
        QVERIFY2(
            page->minimumSizeHint().width() <= page->width(),
            qPrintable(
                u"needs %1, has %2"_s.arg(page->minimumSizeHint().width()).arg(page->width())));
        // The table keeps room for rows.
        QVERIFY2(page->table()->height() >= 150,
                 qPrintable(QString::number(page->table()->height())));
        const QWidget *fields = page->containerPanel()->findChild<QWidget *>(u"containerFields"_s);
        QVERIFY(fields->geometry().bottom() <= page->containerPanel()->height());
        QVERIFY(page->containerPanel()->geometry().bottom() <= page->height());
    }

    // The checks reach the containers: the runner sees every server at ssh_port as root.
    void checksReachTheContainers()
    {
        ClusterWizard wizard;
        ServersPage *page = showServers(wizard, u"checks.clusterwiz.json"_s);
        QVERIFY(page);
        const Project hosts = wizard.model()->project();
        enable(page->containerPanel(), wizard.model());
        std::mutex mutex;
        std::vector<Server> reached;
        wizard.setCheckRunner(
            [&](const Project &project, const FleetProgress &, const std::atomic<bool> *) {
                const std::lock_guard lock(mutex);
                reached = project.servers;
                return CheckRun{};
            });
        auto *checks = static_cast<ChecksPage *>(wizard.page(ChecksPageId));
        QTest::mouseClick(checks->findChild<QPushButton *>(u"runChecks"_s), Qt::LeftButton);
        QTRY_VERIFY([&] {
            const std::lock_guard lock(mutex);
            return !reached.empty();
        }());
        QCOMPARE(reached.size(), hosts.servers.size());
        for (size_t s = 0; s < reached.size(); ++s) {
            QCOMPARE(reached[s].host, hosts.servers[s].host);
            QCOMPARE(reached[s].port, 2222);
            QCOMPARE(reached[s].user, u"root"_s);
        }
        // Test connection still reaches the hosts: the project keeps their port and user.
        QCOMPARE(wizard.model()->project().servers[0].port, hosts.servers[0].port);
        QCOMPARE(wizard.model()->project().servers[0].user, hosts.servers[0].user);
    }

    // The run panel's launch reaches the containers too (its preflight sees the job's view).
    void launchReachesTheContainers()
    {
        qRegisterMetaType<LaunchResult>();
        qRegisterMetaType<RunRecord>();
        ProjectModel model;
        QCOMPARE(model.load(kExample2x8), QString());
        Project project = model.project();
        ContainerConfig container;
        container.image = kImage;
        container.sshPort = 2222;
        project.container = container;
        model.setProject(project);
        const QString path = m_dir.filePath(u"launch.clusterwiz.json"_s);
        QCOMPARE(model.save(path), QString());
        QVERIFY2(model.validation().valid, qPrintable(model.refusalText()));
        LogStore store;
        RunPanelSession session(&store);
        QSignalSpy launched(&session, &RunPanelSession::launched);
        QSignalSpy ended(&session, &RunPanelSession::ended);
        std::mutex mutex;
        std::vector<Server> reached;
        LaunchOptions options;
        options.fleet.knownHostsFile = m_dir.filePath(u"known_hosts"_s);
        options.preflight = [&](const Project &job) {
            const std::lock_guard lock(mutex);
            reached = job.servers;
            return u"stopped by the test before any server"_s;
        };
        QVERIFY(session.start(*model.validation().valid, path, options));
        QTRY_COMPARE(ended.count(), 1);
        QCOMPARE(launched.count(), 1);
        const auto result = launched.at(0).at(0).value<LaunchResult>();
        QCOMPARE(result.refusal, u"stopped by the test before any server"_s);
        const std::lock_guard lock(mutex);
        QCOMPARE(reached.size(), project.servers.size());
        for (const Server &server : reached) {
            QCOMPARE(server.port, 2222);
            QCOMPARE(server.user, u"root"_s);
        }
    }
};

QTEST_MAIN(TestContainerPanel)
#include "tst_containerPanel.moc"
