// The first window on the real widgets (offscreen platform): open a project, see its problems or
// its generated files, export them; the bytes shown are the bytes generateScripts() makes.
#include "generate/Generator.h"
#include "model/ProjectJson.h"
#include "widgets/MainWindow.h"
#include "widgets/ScriptsView.h"

#include <QDir>
#include <QFile>
#include <QListWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace cw;

namespace {
const QString kExample =
    QStringLiteral(CLUSTERWIZ_SOURCE_DIR "/resources/examples/ascend-2x8.clusterwiz.json");
}

class TestMainWindow : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void showsTheGeneratedFiles()
    {
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.openProject(kExample));
        QVERIFY2(window.problemLines().isEmpty(), qPrintable(window.problemLines().join(u'\n')));
        const GenerateResult expected = generateScripts(loadProjectFile(kExample).project);
        QVERIFY(expected.ok());
        QCOMPARE(window.scriptsView()->files().size(), expected.files.size());
        for (const GeneratedFile &file : expected.files)
            QCOMPARE(window.scriptsView()->textOf(file.name).toUtf8(), file.content);
    }

    void listsProblemsOfABrokenProject()
    {
        QTemporaryDir dir;
        QFile source(kExample);
        QVERIFY(source.open(QIODevice::ReadOnly));
        QByteArray text = source.readAll();
        text.replace("\"192.168.100.110\"", "\"192.168.100.999\"");
        const QString path = dir.filePath(QStringLiteral("broken.clusterwiz.json"));
        QFile broken(path);
        QVERIFY(broken.open(QIODevice::WriteOnly));
        broken.write(text);
        broken.close();

        MainWindow window;
        QVERIFY(window.openProject(path));
        const QStringList problems = window.problemLines();
        QVERIFY(!problems.isEmpty());
        QVERIFY2(problems.join(u'\n').contains(QStringLiteral("servers[1].device_ips[4]")),
                 qPrintable(problems.join(u'\n')));
        QVERIFY(window.scriptsView()->files().empty());
    }

    void refusesAnUnreadableFileAndKeepsTheOpenProject()
    {
        MainWindow window;
        QVERIFY(window.openProject(kExample));
        QVERIFY(!window.openProject(QStringLiteral("/nonexistent.clusterwiz.json")));
        QCOMPARE(window.projectPath(), kExample);
        QVERIFY(!window.scriptsView()->files().empty());
    }

    void exportsFolderAndArchive()
    {
        QTemporaryDir dir;
        MainWindow window;
        QVERIFY(window.openProject(kExample));
        const QString folder = dir.filePath(QStringLiteral("out"));
        QCOMPARE(window.exportFolder(folder), QString());
        QVERIFY(QFile::exists(folder + QStringLiteral("/train.sh")));
        QVERIFY(QFileInfo(folder + QStringLiteral("/train.sh")).isExecutable());
        const QString archive = dir.filePath(QStringLiteral("out.tar.gz"));
        QCOMPARE(window.exportArchive(archive), QString());
        QVERIFY(QFileInfo(archive).size() > 0);
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainWindow.moc"
