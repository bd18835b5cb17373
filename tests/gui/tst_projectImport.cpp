// SPDX-License-Identifier: GPL-3.0-or-later
// The Project page's Import… button: the same importers as `clusterwiz-cli import`, the result
// loaded into the wizard's project, what the file could not carry shown on the page.
#include "WizardTestSupport.h"

#include "wizard/ClusterWizard.h"
#include "wizard/PageId.h"
#include "wizard/ProjectModel.h"
#include "wizard/ProjectPage.h"

#include <QInputDialog>
#include <QLabel>
#include <QPushButton>
#include <QTimer>

using namespace cw;
using namespace Qt::StringLiterals;
using namespace wizardtest;

namespace {

QString sample(const QString &name)
{
    return QStringLiteral(CLUSTERWIZ_SOURCE_DIR "/tests/data/import/") + name;
}

} // namespace

class TestProjectImport : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

    ProjectPage *projectPage(ClusterWizard &wizard)
    {
        return qobject_cast<ProjectPage *>(wizard.page(ProjectPageId));
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        isolateSettings(m_dir);
    }

    void importsRankTableAsNewProject()
    {
        ClusterWizard wizard;
        wizard.show();
        QVERIFY(QTest::qWaitForWindowExposed(&wizard));
        ProjectPage *page = projectPage(wizard);
        QVERIFY(page);
        auto *notes = page->findChild<QLabel *>(u"importNotes"_s);
        QVERIFY(notes && !notes->isVisible());
        QVERIFY(page->importFile(ImportKind::RankTable, sample(u"hccl_2s_16p.json"_s)));
        const Project &project = wizard.model()->project();
        QCOMPARE(project.servers.size(), size_t(2));
        QCOMPARE(project.servers[1].deviceIps.value(7), u"192.168.103.110"_s);
        QCOMPARE(project.launch.mode, LaunchMode::RankTable);
        QVERIFY(notes->isVisible());
        QVERIFY2(notes->text().contains(u"launch.workdir"_s), qPrintable(notes->text()));
        QVERIFY(page->isComplete());
        QVERIFY(wizard.button(QWizard::NextButton)->isEnabled());
    }

    void hccnConfGoesOntoTheOpenProjectsServer()
    {
        ClusterWizard wizard;
        QCOMPARE(wizard.openProject(kExample2x8), QString());
        Project edited = wizard.model()->project();
        edited.servers[1].deviceIps.clear();
        wizard.model()->setProject(edited);
        ProjectPage *page = projectPage(wizard);
        QVERIFY(page->importFile(ImportKind::HccnConf, sample(u"hccn.conf"_s), u"server1"_s));
        const Project &project = wizard.model()->project();
        QCOMPARE(project.name, u"resnet50-2x8"_s);
        QCOMPARE(project.servers.size(), size_t(2));
        QCOMPARE(project.servers[1].deviceIps.value(0), u"192.168.100.101"_s);
        QVERIFY(wizard.model()->isDirty());
    }

    void brokenFileChangesNothing()
    {
        ClusterWizard wizard;
        QCOMPARE(wizard.openProject(kExample2x8), QString());
        ProjectPage *page = projectPage(wizard);
        QVERIFY(!page->importFile(ImportKind::RankTable, sample(u"hostfile"_s)));
        QCOMPARE(wizard.model()->project().name, u"resnet50-2x8"_s);
        QVERIFY(!wizard.model()->isDirty());
        auto *notes = page->findChild<QLabel *>(u"importNotes"_s);
        QVERIFY2(notes->text().contains(u"Nothing imported"_s), qPrintable(notes->text()));
        QVERIFY2(notes->text().contains(u"hostfile:"_s), qPrintable(notes->text()));
    }

    // The button asks for the kind first; cancelling there leaves everything as it was.
    void buttonAsksForKind()
    {
        ClusterWizard wizard;
        QCOMPARE(wizard.openProject(kExample2x8), QString());
        wizard.show();
        QVERIFY(QTest::qWaitForWindowExposed(&wizard));
        auto *button = projectPage(wizard)->findChild<QPushButton *>(u"import"_s);
        QVERIFY(button && button->isVisible());
        QStringList offered;
        QTimer::singleShot(0, this, [&offered] {
            for (QWidget *widget : QApplication::topLevelWidgets()) {
                if (auto *dialog = qobject_cast<QInputDialog *>(widget)) {
                    offered = dialog->comboBoxItems();
                    dialog->reject();
                }
            }
        });
        QTest::mouseClick(button, Qt::LeftButton);
        QCOMPARE(offered.size(), 4);
        QVERIFY(offered.join(u'\n').contains(u"rank table"_s));
        QCOMPARE(wizard.model()->project().name, u"resnet50-2x8"_s);
    }
};

QTEST_MAIN(TestProjectImport)
#include "tst_projectImport.moc"
