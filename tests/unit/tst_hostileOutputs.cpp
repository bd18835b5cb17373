// SPDX-License-Identifier: GPL-3.0-or-later
// What clusterwiz writes and sends, against a hostile folder or project: links planted where
// files go are replaced, never written through; secrets stay owner-only; README commands paste
// safely; a failed undo leaves authorized_keys whole; uploads stay in the project's folder; what a
// server printed reaches the terminal in check and fix reports with its control characters
// escaped.
#include "ValidProjects.h"

#include "checks/CheckReportText.h"
#include "checks/CheckRunner.h"
#include "fix/FixApplier.h"
#include "fix/FixPlanner.h"
#include "fix/UndoJournal.h"
#include "generate/Generator.h"
#include "generate/ScriptFiles.h"
#include "launch/LaunchPlan.h"
#include "launch/RunRecord.h"
#include "model/ProjectJson.h"
#include "model/SafeFile.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

using namespace cw;
using namespace Qt::StringLiterals;

namespace {

Project example()
{
    return loadProjectFile(
               QStringLiteral(CLUSTERWIZ_SOURCE_DIR "/resources/examples/cpu-2x2.clusterwiz.json"))
        .project;
}

bool write(const QString &path, const QByteArray &bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

QByteArray read(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

mode_t modeOf(const QString &path)
{
    struct stat info {};
    return ::lstat(QFile::encodeName(path).constData(), &info) == 0 ? info.st_mode : 0;
}

// A victim file (mode 0600) and a link to it at `link`.
QString plantLink(const QTemporaryDir &dir, const QString &link)
{
    const QString victim = dir.filePath(u"victim"_s);
    if (!write(victim, "precious\n") ||
        !QFile::setPermissions(victim, QFileDevice::ReadOwner | QFileDevice::WriteOwner))
        return {};
    QFile::remove(link);
    return QFile::link(victim, link) ? victim : QString();
}

bool untouched(const QString &victim)
{
    return read(victim) == "precious\n" && (modeOf(victim) & 07777) == 0600;
}

struct ShellRun {
    int exitCode = -1;
    QByteArray out;
};

ShellRun sh(const QString &script, const QByteArray &input = {})
{
    QProcess process;
    process.start(u"sh"_s, {u"-c"_s, script});
    process.write(input);
    process.closeWriteChannel();
    process.waitForFinished(20000);
    return {process.exitCode(), process.readAllStandardOutput()};
}

} // namespace

class TestHostileOutputs : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

private Q_SLOTS:
    void generatedFilesReplaceLinksNotTheirTargets()
    {
        const cwtest::Generated generated = cwtest::generateFrom(example());
        QVERIFY(generated.ok());
        const QString out = m_dir.filePath(u"out"_s);
        QDir().mkpath(out);
        const QString victim = plantLink(m_dir, out + u"/train.sh"_s);
        QVERIFY(!victim.isEmpty());
        QCOMPARE(writeGeneratedFiles(generated.files, out), QString());
        QVERIFY(untouched(victim));
        QVERIFY(S_ISREG(modeOf(out + u"/train.sh"_s)));
        QVERIFY(read(out + u"/train.sh"_s).startsWith("#!"));
        // No temporary file is left behind.
        QCOMPARE(QDir(out).entryList(QDir::Files | QDir::Hidden).size(),
                 qsizetype(generated.files.size()));

        // The --tar archive, a saved project, a run record and the journal: the same.
        const QString tar = m_dir.filePath(u"p.tar.gz"_s);
        QVERIFY(!plantLink(m_dir, tar).isEmpty());
        QCOMPARE(writeTarGz(generated.files, u"p"_s, tar), QString());
        QVERIFY(untouched(victim) && S_ISREG(modeOf(tar)));
        const QString project = m_dir.filePath(u"p.clusterwiz.json"_s);
        QVERIFY(!plantLink(m_dir, project).isEmpty());
        QCOMPARE(saveProjectFile(example(), project), QString());
        QVERIFY(untouched(victim) && S_ISREG(modeOf(project)));
        const QString journal = undoJournalPath(project);
        QVERIFY(!plantLink(m_dir, journal).isEmpty());
        UndoEntry entry{
            u"f"_s, u"t"_s, u"now"_s, u"g"_s, {{u"server0"_s, 0, u"d"_s, u"true"_s, {}, {}}}};
        QCOMPARE(saveUndoJournal(journal, {entry}), QString());
        QVERIFY(untouched(victim) && S_ISREG(modeOf(journal)));
        RunRecord record;
        record.runId = u"r1"_s;
        record.projectPath = project;
        QDir().mkpath(runsFolder(project));
        QVERIFY(!plantLink(m_dir, runRecordPath(project, u"r1"_s)).isEmpty());
        QCOMPARE(saveRunRecord(record), QString());
        QVERIFY(untouched(victim));
        // A folder where the file goes is an error, not a crash.
        QVERIFY(writeFileReplacing(out, "x").contains(u"is a folder"_s));
    }

    void secretsAreOwnerOnlyAndModesHonourTheUmask()
    {
        Project project = example();
        project.launch.env = {{u"HF_TOKEN"_s, u"hf_secret"_s}};
        cwtest::Generated generated = cwtest::generateFrom(project);
        QVERIFY(generated.ok());
        const mode_t before = ::umask(027);
        const auto restore = qScopeGuard([before] { ::umask(before); });
        const QString out = m_dir.filePath(u"secret"_s);
        QCOMPARE(writeGeneratedFiles(generated.files, out), QString());
        QCOMPARE(modeOf(out + u"/env.sh"_s) & 07777, mode_t(0700));
        QCOMPARE(modeOf(out + u"/train.sh"_s) & 07777, mode_t(0750)); // 0755 less umask 027
        QCOMPARE(modeOf(out + u"/hostfile"_s) & 07777, mode_t(0640));
        const QString tar = m_dir.filePath(u"secret.tar.gz"_s);
        QCOMPARE(writeTarGz(generated.files, u"p"_s, tar), QString());
        QCOMPARE(modeOf(tar) & 07777, mode_t(0600));
        // Without env values, env.sh is an ordinary script.
        project.launch.env.clear();
        generated = cwtest::generateFrom(project);
        const auto env = std::find_if(generated.files.begin(), generated.files.end(),
                                      [](const GeneratedFile &f) { return f.name == u"env.sh"; });
        QVERIFY(env != generated.files.end() && !env->secret);
    }

    void readmeStopLinePastesSafely()
    {
        Project project = example();
        project.launch.workdir = u"/w/$(touch pwned)/`id`"_s;
        project.launch.logDir = u"logs $(reboot)"_s;
        const QString readme = QString::fromUtf8(readmeText(project, {u"train.sh"_s}));
        const qsizetype at = readme.indexOf(u"kill -TERM "_s);
        QVERIFY(at > 0);
        const QString line = readme.mid(at, readme.indexOf(u'\n', at) - at);
        // The shell sees one literal word: `cat` is replaced by `printf` to show it.
        QString probe = line;
        probe.replace(u"kill -TERM "_s, u"printf '%s' "_s)
            .replace(u"$(cat "_s, u"$(printf '%s' "_s);
        const ShellRun run = sh(u"cd "_s + m_dir.path() + u" && "_s + probe);
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.out.contains("$(touch pwned)/`id`/logs $(reboot)/RUN_ID/SERVER/train.pid"),
                 run.out.constData());
        QVERIFY(!QFile::exists(m_dir.filePath(u"pwned"_s)));
    }

    void failedUndoLeavesAuthorizedKeysWhole()
    {
        Project project = example();
        CheckRun run;
        run.probes.peerProbeRan = true;
        run.probes.masterPublicKeys = {u"ssh-ed25519 AAAA master"_s};
        run.probes.peers[1].login = PeerTrust::Login::Denied;
        const FixPlan plan = planDeploySshKey(project, run);
        QCOMPARE(plan.steps.size(), size_t(2));
        const QString undo = plan.steps[1].undoCommand;
        const QString home = m_dir.filePath(u"home"_s);
        QDir().mkpath(home + u"/.ssh"_s);
        const QByteArray keys = "ssh-ed25519 AAAA other\nssh-ed25519 AAAA master\n";
        QVERIFY(write(home + u"/.ssh/authorized_keys"_s, keys));
        // Writing the temporary copy fails (no file may grow): the file stays as it was.
        const QString env = u"HOME="_s + home + u" && export HOME && "_s;
        ShellRun failed = sh(env + u"ulimit -f 0; "_s + undo, "ssh-ed25519 AAAA master\n");
        QVERIFY(failed.exitCode != 0);
        QCOMPARE(read(home + u"/.ssh/authorized_keys"_s), keys);
        ShellRun ok = sh(env + undo, "ssh-ed25519 AAAA master\n");
        QCOMPARE(ok.exitCode, 0);
        QCOMPARE(read(home + u"/.ssh/authorized_keys"_s), QByteArray("ssh-ed25519 AAAA other\n"));
        QCOMPARE(QDir(home + u"/.ssh"_s).entryList(QDir::Files).size(), 1); // no temporary left
    }

    // A server's output (a tool's error line, a hostname) may carry terminal escapes: the check
    // table and the fix plan and outcome show them as \x1b, \n..., never send them raw.
    void reportsEscapeWhatServersPrinted()
    {
        const QString hostile = u"bad\x1b]0;owned\x07\x1b[2J\nFAKE ok line"_s;
        const auto clean = [](const QString &text) {
            for (const QChar c : text) {
                if (c.unicode() < 0x20 && c != u'\n')
                    return false;
            }
            return true;
        };
        CheckReport report;
        report.results.push_back(
            {u"hostname"_s, 0, u"node\x1b[31m0"_s, CheckStatus::Failed, hostile, {}, {}});
        const QString table = checkReportTable(report, true);
        QVERIFY2(clean(table), qPrintable(table));
        QVERIFY2(table.contains(u"bad\\x1b]0;owned\\x07\\x1b[2J\\nFAKE ok line"_s),
                 qPrintable(table));
        QVERIFY2(table.contains(u"node\\x1b[31m0"_s), qPrintable(table));
        QCOMPARE(table.count(u'\n'), 3); // header, the row, the summary

        const Project project = example();
        FixPlan plan;
        plan.id = u"open-ports"_s;
        plan.title = u"Open the job's ports"_s;
        RemoteStep step;
        step.serverIndex = 0;
        step.description = u"was "_s + hostile;
        step.command = u"echo 'x\x1b[2Jy'"_s;
        plan.steps.push_back(step);
        FixOutcome outcome;
        outcome.steps.push_back({});
        outcome.steps.back().ran = true;
        outcome.steps.back().error = u"exit 1: "_s + hostile;
        for (const QString &text :
             {fixPlanText(project, plan), fixOutcomeText(project, plan, outcome)}) {
            QVERIFY2(clean(text), qPrintable(text));
            QVERIFY2(text.contains(u"\\x1b]0;owned\\x07"_s), qPrintable(text));
        }
        QVERIFY(fixPlanText(project, plan).contains(u"$ echo 'x\\x1b[2Jy'"_s));
        plan.steps.clear();
        plan.refusal = hostile;
        QVERIFY(clean(fixPlanText(project, plan)));
    }

    void uploadsStayInTheProjectFolder()
    {
        const QString folder = m_dir.filePath(u"proj"_s);
        QDir().mkpath(folder);
        const QString path = folder + u"/p.clusterwiz.json"_s;
        QVERIFY(write(folder + u"/inside.py"_s, "print(1)\n"));
        QVERIFY(write(m_dir.filePath(u"outside.txt"_s), "secret\n"));
        QVERIFY(QFile::link(m_dir.filePath(u"outside.txt"_s), folder + u"/link.txt"_s));
        Project project = example();
        project.launch.upload = {u"inside.py"_s, u"../outside.txt"_s, u"link.txt"_s,
                                 u"/etc/passwd"_s};
        LaunchPlan plan = planLaunch(cwtest::valid(project), path, u"r1"_s);
        QStringList outside;
        for (const Problem &problem : plan.problems) {
            QCOMPARE(problem.rule, u"launch-upload-outside"_s);
            outside << problem.path;
        }
        QCOMPARE(outside, (QStringList{u"launch.upload[1]"_s, u"launch.upload[2]"_s,
                                       u"launch.upload[3]"_s}));
        // Confirmed (the GUI's dialog, the CLI's --allow-upload-outside): uploaded.
        const QStringList confirmed = uploadsOutsideProject(project, path);
        QCOMPARE(confirmed.size(), 2); // outside.txt once, through the link or not
        plan = planLaunch(cwtest::valid(project), path, u"r1"_s, confirmed);
        QVERIFY2(plan.ok(),
                 qPrintable(plan.problems.empty() ? QString() : plan.problems.front().toString()));
        // A FIFO in the folder is refused, not waited on.
        QCOMPARE(::mkfifo(QFile::encodeName(folder + u"/fifo"_s).constData(), 0600), 0);
        project.launch.upload = {u"fifo"_s};
        plan = planLaunch(cwtest::valid(project), path, u"r1"_s);
        QCOMPARE(plan.problems.size(), size_t(1));
        QVERIFY(plan.problems.front().message.contains(u"not a regular file"_s));
    }
};

QTEST_GUILESS_MAIN(TestHostileOutputs)
#include "tst_hostileOutputs.moc"
