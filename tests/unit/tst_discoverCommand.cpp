// SPDX-License-Identifier: GPL-3.0-or-later
// `clusterwiz-cli discover` without servers to reach: usage errors of its options, unreadable
// projects, and a server that refuses the connection (127.0.0.1 on a closed port), which is
// reported with its error, exit code 1, and leaves the project file as it was.
#include "cli/Cli.h"
#include "model/ProjectJson.h"

#include <QHostAddress>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>

using namespace cw;
using namespace Qt::StringLiterals;

namespace {

struct Run {
    int exit = -1;
    QString out;
    QString err;
};

Run discover(const QStringList &arguments)
{
    Run run;
    QTextStream out(&run.out);
    QTextStream err(&run.err);
    run.exit = runCli(QStringList{u"discover"_s} + arguments, out, err);
    return run;
}

// A port on 127.0.0.1 that nothing listens on: one the system just handed out and took back.
quint16 closedPort()
{
    QTcpServer server;
    if (!server.listen(QHostAddress::LocalHost, 0))
        return 0;
    const quint16 port = server.serverPort();
    server.close();
    return port;
}

QByteArray readFile(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

} // namespace

class TestDiscoverCommand : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

    QString writeProject(int port)
    {
        Project project;
        project.name = u"local"_s;
        project.accelerator = Accelerator::Cpu;
        Server server;
        server.name = u"local0"_s;
        server.host = u"127.0.0.1"_s;
        server.port = port;
        server.user = u"nobody"_s;
        project.servers.push_back(server);
        const QString path = m_dir.filePath(u"local.clusterwiz.json"_s);
        return saveProjectFile(project, path).isEmpty() ? path : QString();
    }

private Q_SLOTS:
    void usageErrors_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("message");
        QTest::newRow("no project") << QStringList() << u"PROJECT is missing"_s;
        QTest::newRow("two projects") << QStringList{u"a"_s, u"b"_s} << u"unexpected argument"_s;
        QTest::newRow("timeout 0") << QStringList{u"p"_s, u"--timeout"_s, u"0"_s} << u"--timeout"_s;
        QTest::newRow("timeout negative")
            << QStringList{u"p"_s, u"--timeout=-5"_s} << u"--timeout"_s;
        QTest::newRow("timeout word")
            << QStringList{u"p"_s, u"--timeout"_s, u"soon"_s} << u"not 'soon'"_s;
        QTest::newRow("timeout inf")
            << QStringList{u"p"_s, u"--timeout"_s, u"inf"_s} << u"--timeout"_s;
        QTest::newRow("timeout nan")
            << QStringList{u"p"_s, u"--timeout"_s, u"nan"_s} << u"--timeout"_s;
        QTest::newRow("timeout huge")
            << QStringList{u"p"_s, u"--timeout"_s, u"1e12"_s} << u"--timeout"_s;
        QTest::newRow("jobs 0") << QStringList{u"p"_s, u"--jobs"_s, u"0"_s} << u"--jobs"_s;
        QTest::newRow("jobs 257") << QStringList{u"p"_s, u"--jobs"_s, u"257"_s} << u"--jobs"_s;
        QTest::newRow("jobs fraction") << QStringList{u"p"_s, u"--jobs"_s, u"2.5"_s} << u"--jobs"_s;
        QTest::newRow("jobs injection")
            << QStringList{u"p"_s, u"--jobs"_s, u"$(id)"_s} << u"--jobs"_s;
        QTest::newRow("empty known hosts")
            << QStringList{u"p"_s, u"--known-hosts="_s} << u"--known-hosts needs a file"_s;
        QTest::newRow("unknown option") << QStringList{u"p"_s, u"--yes"_s} << u"yes"_s;
    }
    void usageErrors()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, message);
        const Run run = discover(arguments);
        QCOMPARE(run.exit, int(ExitUsage));
        QVERIFY2(run.err.contains(message), qPrintable(run.err));
        QVERIFY2(run.err.startsWith(u"clusterwiz-cli discover: "_s), qPrintable(run.err));
        QVERIFY(run.out.isEmpty());
    }

    void helpNamesEveryOption()
    {
        const Run run = discover({u"--help"_s});
        QCOMPARE(run.exit, int(ExitOk));
        QVERIFY(run.out.startsWith(u"Usage: clusterwiz-cli discover [options] PROJECT\n"_s));
        for (const char *option :
             {"--json", "--update", "--known-hosts", "--accept-new", "--timeout", "--jobs"})
            QVERIFY2(run.out.contains(QLatin1StringView(option)), option);
    }

    void unreadableProject()
    {
        const Run missing = discover({m_dir.filePath(u"none.clusterwiz.json"_s)});
        QCOMPARE(missing.exit, int(ExitUnreadable));
        const QString garbage = m_dir.filePath(u"garbage.clusterwiz.json"_s);
        QFile file(garbage);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("{ not json");
        file.close();
        QCOMPARE(discover({garbage}).exit, int(ExitUnreadable));
    }

    void refusedConnectionIsReported()
    {
        const quint16 port = closedPort();
        QVERIFY(port != 0);
        const QString path = writeProject(port);
        QVERIFY(!path.isEmpty());
        const QByteArray before = readFile(path);
        const QString endpoint = u"127.0.0.1:%1"_s.arg(port);

        const Run json = discover({path, u"--json"_s, u"--update"_s, u"--timeout"_s, u"5"_s,
                                   u"--known-hosts"_s, m_dir.filePath(u"known_hosts"_s)});
        QCOMPARE(json.exit, int(ExitInvalid));
        const QJsonArray servers =
            QJsonDocument::fromJson(json.out.toUtf8()).object().value(u"servers"_s).toArray();
        QCOMPARE(servers.size(), 1);
        const QJsonObject server = servers.at(0).toObject();
        QCOMPARE(server.value(u"name"_s).toString(), u"local0"_s);
        QCOMPARE(server.value(u"ok"_s).toBool(true), false);
        QCOMPARE(server.value(u"error"_s).toObject().value(u"kind"_s).toString(), u"unreachable"_s);
        QVERIFY(
            server.value(u"error"_s).toObject().value(u"message"_s).toString().contains(endpoint));
        QVERIFY(!server.contains(u"facts"_s));
        QVERIFY(server.value(u"host_key"_s).isNull());
        QVERIFY2(json.err.contains(u"1 of 1 server failed"_s), qPrintable(json.err));
        QCOMPARE(readFile(path), before);

        const Run table = discover({path, u"--timeout"_s, u"5"_s});
        QCOMPARE(table.exit, int(ExitInvalid));
        QVERIFY2(table.out.contains(u"local0  error: "_s), qPrintable(table.out));
        QVERIFY2(table.out.contains(endpoint), qPrintable(table.out));
    }
};

QTEST_GUILESS_MAIN(TestDiscoverCommand)
#include "tst_discoverCommand.moc"
