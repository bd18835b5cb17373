// SPDX-License-Identifier: GPL-3.0-or-later
// The corpus of real failures (tests/data/diagnose, each case's source issue named in
// cases.json) through the real program: `clusterwiz-cli diagnose corpus.clusterwiz.json --logs
// CASE --json` must give each case's state, first server and rank, class, code and line, exit 1
// (failed), and the timeline a case asks for. Every case folder is in the manifest with its
// source, and every manifest entry has its folder.
#include "CliTestSupport.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace clitest;
using namespace Qt::StringLiterals;

namespace {

QString corpusDir()
{
    return QStringLiteral(CLUSTERWIZ_TEST_DATA "/diagnose");
}

QJsonArray manifestCases()
{
    const QJsonObject manifest =
        QJsonDocument::fromJson(readAll(corpusDir() + u"/cases.json"_s)).object();
    return manifest[u"cases"_s].toArray();
}

} // namespace

class TestDiagnoseCorpus : public CliTest {
    Q_OBJECT
private Q_SLOTS:
    void manifestNamesEveryCase()
    {
        const QJsonArray cases = manifestCases();
        QVERIFY(cases.size() >= 25);
        QStringList named;
        for (const QJsonValue &value : cases) {
            const QJsonObject entry = value.toObject();
            const QString name = entry[u"case"_s].toString();
            named << name;
            QVERIFY2(entry[u"source"_s].toString().startsWith(u"https://github.com/"_s),
                     qPrintable(name));
            QVERIFY2(QFileInfo(corpusDir() + u'/' + name).isDir(), qPrintable(name));
        }
        const QStringList folders =
            QDir(corpusDir()).entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
        named.sort();
        QCOMPARE(folders, named);
    }

    void diagnoseLogs_data()
    {
        QTest::addColumn<QJsonObject>("entry");
        for (const QJsonValue &value : manifestCases()) {
            const QJsonObject entry = value.toObject();
            QTest::newRow(qPrintable(entry[u"case"_s].toString())) << entry;
        }
    }

    void diagnoseLogs()
    {
        QFETCH(QJsonObject, entry);
        const QString folder = corpusDir() + u'/' + entry[u"case"_s].toString();
        const CliRun run = this->run({u"diagnose"_s, corpusDir() + u"/corpus.clusterwiz.json"_s,
                                      u"--logs"_s, folder, u"--json"_s});
        const QJsonObject diagnosis = QJsonDocument::fromJson(run.out.toUtf8()).object();
        QVERIFY2(!diagnosis.isEmpty(), qPrintable(run.out + run.err));
        QCOMPARE(diagnosis[u"state"_s].toString(), entry[u"state"_s].toString());
        QCOMPARE(run.exitCode, 1);
        const QJsonObject first = diagnosis[u"first"_s].toObject();
        const QString report = QString::fromUtf8(QJsonDocument(diagnosis).toJson());
        QVERIFY2(first[u"server"_s].toString() == entry[u"server"_s].toString() &&
                     first[u"rank"_s].toInt() == entry[u"rank"_s].toInt(),
                 qPrintable(report));
        QCOMPARE(first[u"class"_s].toString(), entry[u"class"_s].toString());
        QCOMPARE(first[u"code"_s].toString(), entry[u"code"_s].toString());
        QVERIFY2(first[u"line"_s].toString().contains(entry[u"line_contains"_s].toString()),
                 qPrintable(first[u"line"_s].toString()));
        QVERIFY(!diagnosis[u"evidence"_s].toArray().isEmpty());
        QVERIFY(diagnosis[u"clock_offsets_ms"_s].toObject().isEmpty()); // unknown from a folder
        if (entry.contains(u"timeline"_s))
            QCOMPARE(diagnosis[u"timeline"_s].toArray().size(), entry[u"timeline"_s].toInt());
    }

    void aCodesWholeMessageIsKept()
    {
        // The EI0002 block's Possible Cause and Solution lines are evidence, every one of them.
        const CliRun run = this->run({u"diagnose"_s, corpusDir() + u"/corpus.clusterwiz.json"_s,
                                      u"--logs"_s, corpusDir() + u"/npu-ei0002-whole-message"_s});
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.out.contains(u"rank 1 |         Possible Cause: 1. An exception occurs"_s) &&
                     run.out.contains(u"rank 1 |         Solution: 1. If this error"_s),
                 qPrintable(run.out));
        QVERIFY(run.out.contains(u"timeline (each server's own clock: offsets unknown"_s));
    }
};

QTEST_GUILESS_MAIN(TestDiagnoseCorpus)
#include "tst_diagnoseCorpus.moc"
