// SPDX-License-Identifier: GPL-3.0-or-later
// The program's own starts: the Run page with the built-in recorded run shows ranks running,
// finished, failed (the first marked) and silent, as the panel shows a live run; the
// --screenshots tour saves every page with it; and without a display the program suggests a
// clusterwiz-cli command that the CLI really accepts.
#include "WizardTestSupport.h"

#include "logs/LogFilterModel.h"
#include "logs/LogView.h"
#include "logs/RankOverview.h"
#include "logs/RecordedRun.h"
#include "wizard/ClusterWizard.h"
#include "wizard/PageId.h"
#include "wizard/RunPage.h"
#include "wizard/ScreenshotTour.h"

#include <QDateTime>
#include <QFileInfo>
#include <QImage>
#include <QProcess>
#include <QRegularExpression>

#include <map>

using namespace cw;
using namespace Qt::StringLiterals;
using namespace wizardtest;

class TestProgramStart : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        isolateSettings(m_dir);
    }

    void recordedRunReads()
    {
        QString error;
        const auto run = readRecordedRun(demoRunPath(), 1000000, &error);
        QVERIFY2(run, qPrintable(error));
        QCOMPARE(run->highestRank, 15);
        QCOMPARE(run->failedFirst, 12);
        QVERIFY(run->lines.size() > 300);
        QVERIFY(std::is_sorted(
            run->lines.begin(), run->lines.end(),
            [](const LogRecord &a, const LogRecord &b) { return a.timeMs < b.timeMs; }));
        const QString broken = m_dir.filePath(u"broken.tsv"_s);
        QFile file(broken);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("server0\t0\t10\tfine\nserver0\tx\t10\tno rank\n");
        file.close();
        QVERIFY(!readRecordedRun(broken, 0, &error));
        QVERIFY2(error.contains(u"line 2"_s), qPrintable(error));
    }

    void demoRunShowsEveryState()
    {
        ClusterWizard wizard;
        QCOMPARE(wizard.openProject(kExample2x8), QString());
        wizard.resize(1180, 800);
        wizard.show();
        QVERIFY(QTest::qWaitForWindowExposed(&wizard));
        wizard.goToStep(RunPageId);
        auto *run = qobject_cast<RunPage *>(wizard.currentPage());
        QVERIFY(run);
        QCOMPARE(showDemoRun(wizard, run), QString());
        std::map<RankStates::State, int> count;
        const qint64 now = QDateTime::currentMSecsSinceEpoch();
        const RankStates &states = run->rankOverview()->states();
        for (int rank = 0; rank < states.rankCount(); ++rank)
            ++count[states.state(rank, now)];
        QCOMPARE(states.rankCount(), 16);
        QCOMPARE(count[RankStates::Running], 6);
        QCOMPARE(count[RankStates::Stale], 2);
        QCOMPARE(count[RankStates::Finished], 4);
        QCOMPARE(count[RankStates::Failed], 4);
        QCOMPARE(run->logView()->filter()->rank(), 12); // the first that failed
        QVERIFY2(run->stateText().contains(u"recorded"_s), qPrintable(run->stateText()));
        QVERIFY(run->lossChart());
    }

    void screenshotTourSavesEveryPage()
    {
        const QString out = m_dir.filePath(u"shots"_s);
        QProcess program;
        program.start(QStringLiteral(CLUSTERWIZ_BIN_DIR "/clusterwiz"),
                      {u"--screenshots"_s, out, kExample2x8});
        QVERIFY(program.waitForFinished(120000));
        QVERIFY2(program.exitCode() == 0, program.readAllStandardError().constData());
        const QStringList shots = QDir(out).entryList({u"*.png"_s}, QDir::Files, QDir::Name);
        QCOMPARE(shots.size(), 7);
        QVERIFY2(shots.constLast().startsWith(u"07-"_s), qPrintable(shots.join(u' ')));
        QVERIFY(!QImage(out + u'/' + shots.constLast()).isNull());
    }

    // The suggestion printed without a display is a command the CLI runs as written.
    void noDisplayHintIsARealCommand()
    {
        QProcess program;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        for (const char *name : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"})
            env.remove(QString::fromLatin1(name));
        program.setProcessEnvironment(env);
        program.start(QStringLiteral(CLUSTERWIZ_BIN_DIR "/clusterwiz"), {});
        QVERIFY(program.waitForFinished(30000));
        QCOMPARE(program.exitCode(), 3);
        const QString hint = QString::fromUtf8(program.readAllStandardError());
        const QRegularExpressionMatch command =
            QRegularExpression(u"e\\.g\\. (clusterwiz-cli [^\\n]*)"_s).match(hint);
        QVERIFY2(command.hasMatch(), qPrintable(hint));
        const QString out = m_dir.filePath(u"hinted"_s);
        QStringList arguments = command.captured(1).split(u' ');
        arguments.removeFirst();
        arguments.replaceInStrings(u"PROJECT"_s, kExample2x8);
        arguments.replaceInStrings(u"OUT_DIR"_s, out);
        QProcess cli;
        cli.start(QStringLiteral(CLUSTERWIZ_BIN_DIR "/clusterwiz-cli"), arguments);
        QVERIFY(cli.waitForFinished(30000));
        QVERIFY2(cli.exitCode() == 0,
                 qPrintable(u"%1 -> %2"_s.arg(arguments.join(u' '),
                                              QString::fromUtf8(cli.readAllStandardError()))));
        QVERIFY(QFileInfo::exists(out + u"/train.sh"_s));
    }
};

QTEST_MAIN(TestProgramStart)
#include "tst_programStart.moc"
