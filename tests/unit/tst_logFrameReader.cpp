// SPDX-License-Identifier: GPL-3.0-or-later
// LogFrameReader against hand-made and hostile streams, and the real remote tail program
// (RemoteTailProgram) run locally through sh: its frames parse back into the files' exact lines,
// whatever the log text contains and whatever the file names are, and while following it sends
// the status command's output every interval, after the lines written before it.
#include "logs/LogFrameReader.h"
#include "logs/RemoteTailProgram.h"

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace cw;
using namespace Qt::StringLiterals;

namespace {

struct Got {
    int file;
    QString line;
    qint64 offset;
    bool operator==(const Got &) const = default;
};

QByteArray frame(int file, qint64 offset, const QByteArray &data)
{
    return "D " + QByteArray::number(file) + ' ' + QByteArray::number(offset) + ' ' +
           QByteArray::number(data.size()) + '\n' + data;
}

} // namespace

class TestLogFrameReader : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void framesCannotBeFakedByContent()
    {
        // File 0's text looks like frames and heartbeats; only the byte counts decide.
        const QByteArray evil = "D 1 0 3\nxyz\nH\nE\n";
        const QByteArray stream = "H\n" + frame(0, 0, evil.left(5)) + frame(1, 10, "ok\n") +
                                  frame(0, 5, evil.mid(5)) + "H\n";
        const std::vector<Got> expected = {{1, u"ok"_s, 10},
                                           {0, u"D 1 0 3"_s, 0},
                                           {0, u"xyz"_s, 8},
                                           {0, u"H"_s, 12},
                                           {0, u"E"_s, 14}};
        for (qsizetype cut = 0; cut <= stream.size(); ++cut) {
            LogFrameReader reader({0, 10});
            std::vector<Got> got;
            const auto sink = [&](int file, const QString &line, qint64 offset) {
                got.push_back({file, line, offset});
            };
            QVERIFY(reader.feed(QByteArrayView(stream).first(cut), sink));
            QVERIFY(reader.feed(QByteArrayView(stream).sliced(cut), sink));
            QVERIFY2(got == expected, qPrintable(u"cut at %1"_s.arg(cut)));
            QVERIFY(!reader.ended());
            QCOMPARE(reader.nextOffset(0), evil.size());
            QCOMPARE(reader.nextOffset(1), 13);
        }
    }

    void statusFramesComeWholeWhereverTheStreamIsCut()
    {
        // A status body that looks like frames is still one status; an empty one is a status too.
        const QByteArray body = "exit 3 1\nD 0 0 1\nalive 2\n";
        const QByteArray stream = frame(0, 0, "a\n") + "S " + QByteArray::number(body.size()) +
                                  '\n' + body + "S 0\n" + frame(0, 2, "b\n") + "H\n";
        for (qsizetype cut = 0; cut <= stream.size(); ++cut) {
            LogFrameReader reader({0});
            QStringList events;
            const auto sink = [&](int, const QString &line, qint64) { events << line; };
            const auto status = [&](const QByteArray &report) {
                events << u"status:"_s + QString::fromUtf8(report);
            };
            QVERIFY(reader.feed(QByteArrayView(stream).first(cut), sink, status));
            QVERIFY(reader.feed(QByteArrayView(stream).sliced(cut), sink, status));
            QCOMPARE(events, (QStringList{u"a"_s, u"status:"_s + QString::fromUtf8(body),
                                          u"status:"_s, u"b"_s}));
            QCOMPARE(reader.statuses(), 2);
            QCOMPARE(reader.nextOffset(0), 4);
        }
        LogFrameReader reader({0});
        QVERIFY(!reader.feed("S 2000000\n", [](int, const QString &, qint64) {}));
        QVERIFY2(reader.error().contains(u"status"_s), qPrintable(reader.error()));
    }

    // The real program following one file with a status command every 100 ms: statuses keep
    // coming, and a line written before a status was taken comes before that status's frame.
    void remoteProgramReportsStatusWhileFollowing()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString log = dir.path() + u"/rank0.log"_s;
        // The status says which line the log had when it was taken.
        const TailStatus status{u"echo \"lines $(wc -l <"_s + log + u" 2>/dev/null || echo 0)\""_s,
                                100};
        QProcess sh;
        sh.start(u"sh"_s, {u"-c"_s, remoteTailCommand(u"/usr/bin/python3"_s, {{0, log, 0}},
                                                      TailMode::Follow, status)});
        QVERIFY(sh.waitForStarted());
        QFile file(log);
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Append | QIODevice::Unbuffered));
        for (int i = 0; i < 15; ++i) {
            file.write("line " + QByteArray::number(i) + '\n');
            QTest::qWait(40);
        }
        QTest::qWait(300);
        sh.kill();
        QVERIFY(sh.waitForFinished(5000));
        LogFrameReader reader({0});
        int lines = 0;
        int reports = 0;
        QVERIFY(reader.feed(
            sh.readAllStandardOutput(), [&](int, const QString &, qint64) { ++lines; },
            [&](const QByteArray &report) {
                ++reports;
                const int counted = report.trimmed().mid(6).toInt();
                // Every line the status counted was handed out before it.
                QVERIFY2(counted <= lines, report.constData());
            }));
        QVERIFY2(reader.error().isEmpty(), qPrintable(reader.error()));
        QCOMPARE(lines, 15);
        QVERIFY2(reports >= 5, qPrintable(QString::number(reports)));
    }

    void partialLineIsReadAgainAfterRestart()
    {
        LogFrameReader reader({0});
        std::vector<Got> got;
        const auto sink = [&](int file, const QString &line, qint64 offset) {
            got.push_back({file, line, offset});
        };
        QVERIFY(reader.feed(frame(0, 0, "one\ntw"), sink));
        QCOMPARE(reader.nextOffset(0), 4);
        reader.restart(); // reconnect: the server sends from byte 4 again
        QVERIFY(reader.feed(frame(0, 4, "two\n") + "E\n", sink));
        QVERIFY(reader.ended());
        QCOMPARE(got, (std::vector<Got>{{0, u"one"_s, 0}, {0, u"two"_s, 4}}));
    }

    void truncationStartsOver()
    {
        LogFrameReader reader({0});
        std::vector<Got> got;
        const auto sink = [&](int file, const QString &line, qint64 offset) {
            got.push_back({file, line, offset});
        };
        QVERIFY(reader.feed(frame(0, 0, "aaaa\nb") + "T 0 0\n" + frame(0, 0, "new\n"), sink));
        QCOMPARE(reader.truncations(), 1);
        QCOMPARE(got, (std::vector<Got>{{0, u"aaaa"_s, 0}, {0, u"new"_s, 0}}));
    }

    void brokenStreams_data()
    {
        QTest::addColumn<QByteArray>("stream");
        QTest::newRow("gap") << frame(0, 5, "x\n");
        QTest::newRow("repeat") << frame(0, 0, "x\n") + frame(0, 0, "x\n");
        QTest::newRow("unknown file") << frame(2, 0, "x\n");
        QTest::newRow("negative file") << QByteArray("D -1 0 2\nx\n");
        QTest::newRow("zero length") << QByteArray("D 0 0 0\n");
        QTest::newRow("plus sign") << QByteArray("D +0 0 2\nx\n");
        QTest::newRow("garbage") << QByteArray("hello\n");
        QTest::newRow("empty header") << QByteArray("\n");
        QTest::newRow("long header") << QByteArray(200, 'D');
        QTest::newRow("after end") << QByteArray("E\nH\n");
        QTest::newRow("huge chunk") << QByteArray("D 0 0 99999999999\n");
        QTest::newRow("restart unknown") << QByteArray("T 5 0\n");
    }

    void brokenStreams()
    {
        QFETCH(QByteArray, stream);
        LogFrameReader reader({0, 0});
        QVERIFY(!reader.feed(stream, [](int, const QString &, qint64) {}));
        QVERIFY(reader.error().startsWith(u"log stream: "_s));
        QVERIFY(!reader.feed("H\n", [](int, const QString &, qint64) {})); // stays broken
    }

    // The real program, locally: drain mode from given offsets, hostile names and contents.
    void remoteProgramDrainsExactly()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString nameA = dir.path() + u"/it's $(touch pwned) a;b.log"_s;
        const QString nameB = dir.path() + u"/-rank 1\n.log"_s;
        QByteArray a;
        for (int i = 0; i < 20000; ++i)
            a += "D 0 0 1\nline " + QByteArray::number(i) + " \xff\r\n";
        const QByteArray b = QByteArray("first\nsecond\nno newline yet");
        for (const auto &[name, data] : {std::pair{nameA, a}, std::pair{nameB, b}}) {
            QFile file(name);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write(data);
        }
        const QList<LogSource> sources = {
            {0, nameA, 0}, {1, nameB, 6}, {2, dir.path() + u"/missing.log"_s, 0}};
        QProcess sh;
        sh.start(u"sh"_s,
                 {u"-c"_s, remoteTailCommand(u"/usr/bin/python3"_s, sources, TailMode::Drain)});
        QVERIFY(sh.waitForFinished(30000));
        QCOMPARE(sh.exitCode(), 0);
        QVERIFY(!QFile::exists(dir.path() + u"/pwned"_s));
        LogFrameReader reader({0, 6, 0});
        int lines = 0;
        QStringList fromB;
        QVERIFY(reader.feed(
            sh.readAllStandardOutput(), [&](int file, const QString &line, qint64 offset) {
                if (file == 0) {
                    QCOMPARE(line,
                             (lines % 2 == 0) ? u"D 0 0 1"_s : u"line %1 \ufffd"_s.arg(lines / 2));
                    ++lines;
                } else {
                    fromB << line + u'@' + QString::number(offset);
                }
            }));
        QVERIFY2(reader.error().isEmpty(), qPrintable(reader.error()));
        QVERIFY(reader.ended());
        QCOMPARE(lines, 40000);
        QCOMPARE(fromB, QStringList{u"second@6"_s});
        QCOMPARE(reader.nextOffset(0), a.size());
        QCOMPARE(reader.nextOffset(1), 13);
        QCOMPARE(reader.nextOffset(2), 0);
    }
};

QTEST_GUILESS_MAIN(TestLogFrameReader)
#include "tst_logFrameReader.moc"
