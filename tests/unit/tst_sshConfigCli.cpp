// SPDX-License-Identifier: GPL-3.0-or-later
// `--ssh-config FILE` on every command that talks to servers, run as users run the CLI: the real
// binary in a child process. The config's jump-host rules are applied before any connection, so
// these tests need no server: a config the core refuses, and loopback port 1 where nothing
// listens, tell which config was read.
#include "model/ProjectJson.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {

struct CliRun {
    int exitCode = -1;
    QString out;
    QString err;
};

} // namespace

class TestSshConfigCli : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_project;
    QString m_refusedConfig; // a ProxyJump in a Match block: refused before connecting

    QString write(const QString &name, const QByteArray &text)
    {
        const QString path = m_dir.filePath(name);
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
            return {};
        file.write(text);
        return path;
    }

    CliRun run(const QStringList &arguments, const QString &home = {})
    {
        QProcess process;
        if (!home.isEmpty()) {
            QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
            env.insert(u"HOME"_s, home);
            process.setProcessEnvironment(env);
        }
        process.start(QStringLiteral(CLUSTERWIZ_BIN_DIR "/clusterwiz-cli"), arguments);
        CliRun result;
        if (!process.waitForFinished(60000) || process.exitStatus() != QProcess::NormalExit) {
            process.kill();
            process.waitForFinished();
            result.err = u"clusterwiz-cli did not finish"_s;
            return result;
        }
        result.exitCode = process.exitCode();
        result.out = QString::fromUtf8(process.readAllStandardOutput());
        result.err = QString::fromUtf8(process.readAllStandardError());
        return result;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        cw::ProjectLoad load = cw::loadProjectFile(
            QStringLiteral(CLUSTERWIZ_SOURCE_DIR "/resources/examples/cpu-2x2.clusterwiz.json"));
        QVERIFY(load.ok());
        cw::Project project = load.project;
        project.servers.resize(1);
        project.servers[0].host = u"127.0.0.1"_s; // loopback, where nothing listens on port 1
        project.servers[0].port = 1;
        m_project = m_dir.filePath(u"one.clusterwiz.json"_s);
        QCOMPARE(cw::saveProjectFile(project, m_project), QString());
        m_refusedConfig = write(u"refused_config"_s, "Match all\n  ProxyJump bastion\n");
        QVERIFY(!m_refusedConfig.isEmpty());
    }

    void everyServerCommandHasTheOption_data()
    {
        QTest::addColumn<QString>("command");
        for (const char *command :
             {"discover", "check", "fix", "undo", "launch", "status", "stop", "logs"})
            QTest::newRow(command) << QString::fromLatin1(command);
    }
    void everyServerCommandHasTheOption()
    {
        QFETCH(QString, command);
        const CliRun help = run({command, u"--help"_s});
        QCOMPARE(help.exitCode, 0);
        QVERIFY2(help.out.contains(u"--ssh-config <FILE>"_s), qPrintable(help.out));
    }

    void unreadableConfigIsAUsageError_data()
    {
        QTest::addColumn<QString>("file");
        QTest::newRow("missing") << m_dir.filePath(u"no-such-config"_s);
        QTest::newRow("a folder") << m_dir.path();
        QTest::newRow("empty") << QString();
    }
    void unreadableConfigIsAUsageError()
    {
        QFETCH(QString, file);
        const CliRun r = run({u"discover"_s, m_project, u"--ssh-config"_s, file});
        QCOMPARE(r.exitCode, 64);
        QVERIFY2(r.err.contains(u"--ssh-config: '%1' is not a readable file"_s.arg(file)),
                 qPrintable(r.err));
        QCOMPARE(r.out, QString());
    }

    void givenConfigIsRead()
    {
        const CliRun r = run({u"discover"_s, m_project, u"--ssh-config"_s, m_refusedConfig});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2((r.out + r.err).contains(u"ProxyJump inside a Match block"_s),
                 qPrintable(r.out + r.err));
        QVERIFY2((r.out + r.err).contains(m_refusedConfig + u":2"_s), qPrintable(r.out + r.err));
    }

    void defaultIsTheUsersConfig()
    {
        const QString home = m_dir.filePath(u"home"_s);
        QVERIFY(QDir().mkpath(home + u"/.ssh"_s));
        QVERIFY(QFile::copy(m_refusedConfig, home + u"/.ssh/config"_s));
        const CliRun r = run({u"check"_s, m_project}, home);
        QCOMPARE(r.exitCode, 1);
        QVERIFY2((r.out + r.err).contains(home + u"/.ssh/config:2"_s), qPrintable(r.out + r.err));
    }

    void noneReadsNoConfig()
    {
        const CliRun r = run({u"discover"_s, m_project, u"--ssh-config"_s, u"none"_s},
                             m_dir.filePath(u"home"_s));
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(!(r.out + r.err).contains(u"Match block"_s), qPrintable(r.out + r.err));
        QVERIFY2((r.out + r.err).contains(u"127.0.0.1:1"_s), qPrintable(r.out + r.err));
    }
};

QTEST_GUILESS_MAIN(TestSshConfigCli)
#include "tst_sshConfigCli.moc"
