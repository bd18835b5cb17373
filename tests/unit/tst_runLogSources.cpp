// SPDX-License-Identifier: GPL-3.0-or-later
// Which rank logs `clusterwiz-cli logs` reads: every rank of a run by default, in global rank
// order (master first), narrowed by --server and --rank; unknown names and ranks give an error
// that lists the valid values; a record line prints as "[server/rank] line".
#include "logs/RunLogSources.h"
#include "model/ProjectJson.h"

#include <QTest>

using namespace cw;
using namespace Qt::StringLiterals;

namespace {

// Three servers (2, 1 and 3 devices), server1 the master: ranks 0 on server1, 1-2 on server0,
// 3-5 on server2.
Project threeServers()
{
    Project p = loadProjectFile(QStringLiteral(CLUSTERWIZ_SOURCE_DIR
                                               "/resources/examples/cpu-2x2.clusterwiz.json"))
                    .project;
    Server third = p.servers[1];
    third.name = u"server2"_s;
    third.devices = {0, 1, 2};
    p.servers[1].devices = {0};
    p.servers.push_back(third);
    p.launch.master = u"server1"_s;
    return p;
}

RunRecord record(const Project &project)
{
    RunRecord r;
    r.runId = u"20261123-010000-abcdef"_s;
    for (const int index : project.launchOrder())
        r.servers.push_back({project.servers[size_t(index)].name,
                             u"/w/logs/"_s + r.runId + u'/' + project.servers[size_t(index)].name,
                             true});
    return r;
}

// "server:rank,rank;server:rank" for comparing selections at a glance.
QString shape(const RunLogSelection &selection)
{
    QStringList servers;
    for (const ServerLogSources &server : selection.servers) {
        QStringList ranks;
        for (const LogSource &source : server.sources)
            ranks << QString::number(source.rank);
        servers << server.server + u':' + ranks.join(u',');
    }
    return servers.join(u';');
}

} // namespace

class TestRunLogSources : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void everyRankByDefault()
    {
        const Project p = threeServers();
        const RunLogSelection selection = selectRunLogs(p, record(p));
        QVERIFY2(selection.ok(), qPrintable(selection.error));
        QCOMPARE(shape(selection), u"server1:0;server0:1,2;server2:3,4,5"_s);
        QCOMPARE(selection.servers[1].serverIndex, 0);
        QCOMPARE(selection.servers[1].sources[1].path,
                 u"/w/logs/20261123-010000-abcdef/server0/rank2.log"_s);
        QCOMPARE(selection.servers[1].sources[1].offset, 0);
    }

    void narrowed_data()
    {
        QTest::addColumn<QStringList>("servers");
        QTest::addColumn<QStringList>("ranks");
        QTest::addColumn<QString>("expected");
        QTest::newRow("one server")
            << QStringList{u"server2"_s} << QStringList{} << u"server2:3,4,5"_s;
        QTest::newRow("two servers") << QStringList{u"server2"_s, u"server1"_s} << QStringList{}
                                     << u"server1:0;server2:3,4,5"_s;
        QTest::newRow("one rank") << QStringList{} << QStringList{u"4"_s} << u"server2:4"_s;
        QTest::newRow("ranks on two servers")
            << QStringList{} << QStringList{u"5"_s, u"1"_s} << u"server0:1;server2:5"_s;
        QTest::newRow("server and its rank")
            << QStringList{u"server0"_s} << QStringList{u"2"_s} << u"server0:2"_s;
    }

    void narrowed()
    {
        QFETCH(QStringList, servers);
        QFETCH(QStringList, ranks);
        QFETCH(QString, expected);
        const Project p = threeServers();
        const RunLogSelection selection = selectRunLogs(p, record(p), servers, ranks);
        QVERIFY2(selection.ok(), qPrintable(selection.error));
        QCOMPARE(shape(selection), expected);
    }

    void badChoicesListTheValidOnes_data()
    {
        QTest::addColumn<QStringList>("servers");
        QTest::addColumn<QStringList>("ranks");
        QTest::addColumn<QString>("error");
        const QString run = u"20261123-010000-abcdef"_s;
        QTest::newRow("unknown server")
            << QStringList{u"server9"_s} << QStringList{}
            << u"--server: 'server9' is not a server of run %1 (servers: server1, server0, "
               u"server2)"_s.arg(run);
        QTest::newRow("rank out of range")
            << QStringList{} << QStringList{u"6"_s}
            << u"--rank: '6' is not a rank of run %1 (ranks: 0, 1, 2, 3, 4, 5)"_s.arg(run);
        QTest::newRow("rank of another server")
            << QStringList{u"server0"_s} << QStringList{u"3"_s}
            << u"--rank: '3' is not a rank of run %1 on server0 (ranks: 1, 2)"_s.arg(run);
        QTest::newRow("not a number") << QStringList{} << QStringList{u"$(id)"_s}
                                      << u"--rank: '$(id)' is not a rank of run %1 (ranks: 0, "
                                         u"1, 2, 3, 4, 5)"_s.arg(run);
        QTest::newRow("negative") << QStringList{} << QStringList{u"-1"_s}
                                  << u"--rank: '-1' is not a rank of run %1 (ranks: 0, 1, 2, 3, "
                                     u"4, 5)"_s.arg(run);
    }

    void badChoicesListTheValidOnes()
    {
        QFETCH(QStringList, servers);
        QFETCH(QStringList, ranks);
        QFETCH(QString, error);
        const Project p = threeServers();
        const RunLogSelection selection = selectRunLogs(p, record(p), servers, ranks);
        QCOMPARE(selection.error, error);
        QVERIFY(selection.servers.empty());
    }

    void serverGoneFromTheProject()
    {
        Project p = threeServers();
        const RunRecord r = record(p);
        p.servers.pop_back();
        const RunLogSelection selection = selectRunLogs(p, r);
        QVERIFY(!selection.ok());
        QVERIFY2(selection.error.contains(u"server2"_s), qPrintable(selection.error));
    }

    // Rank files are read by the project's numbering: a record that kept its ranks refuses a
    // project whose devices changed since, instead of reading the wrong files.
    void devicesChangedSinceTheLaunch()
    {
        Project p = threeServers();
        RunRecord r = record(p);
        for (RunServer &server : r.servers) {
            const int index = *p.serverIndex(server.name);
            server.firstRank = p.rankOffset(index);
            server.rankCount = int(p.servers[size_t(index)].devices.size());
        }
        QVERIFY(selectRunLogs(p, r).ok());
        QCOMPARE(runProjectMismatch(p, r), QString());
        p.servers[1].devices = {0, 1};
        const QString mismatch = runProjectMismatch(p, r);
        QVERIFY2(mismatch.contains(u"devices changed"_s), qPrintable(mismatch));
        const RunLogSelection selection = selectRunLogs(p, r);
        QCOMPARE(selection.error, mismatch);
        // A record from before ranks were kept is read by the project as it is.
        for (RunServer &server : r.servers)
            server.rankCount = -1;
        QVERIFY(selectRunLogs(p, r).ok());
    }

    void recordText()
    {
        QCOMPARE(logRecordText({u"server1"_s, 9, u"loss = 0.5 [x] %1"_s, 0, 0}),
                 u"[server1/9] loss = 0.5 [x] %1"_s);
        QCOMPARE(logRecordText({u"s"_s, 0, QString(), 0, 0}), u"[s/0] "_s);
    }
};

QTEST_GUILESS_MAIN(TestRunLogSources)
#include "tst_runLogSources.moc"
