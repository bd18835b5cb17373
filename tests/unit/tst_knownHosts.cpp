// SPDX-License-Identifier: GPL-3.0-or-later
// known_hosts naming, line format (checked by OpenSSH's own ssh-keygen -F) and the serialised
// writer: threads of this process and another process holding flock.
#include "ssh/KnownHosts.h"

#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <thread>
#include <vector>

using namespace cw;
using namespace Qt::StringLiterals;

namespace {

const QString ed25519Blob =
    u"AAAAC3NzaC1lZDI1NTE5AAAAIGlbAM3D+1qFzkwJol3CpRHeZ02zMQSm4If+5sWuhWTe"_s;
const QString ed25519 = u"ssh-ed25519 "_s + ed25519Blob + u" root@server1"_s;
const QString ecdsaBlob =
    u"AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBBC23zh1WP7qCbN4T9iaMo96qo/5VImjf09mm"
    "TTRzZBP+Qq35Vu6zm7amikFLsy0MWMoLFMPFBQLtQv05JLl/YEw="_s;

QStringList fileLines(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {u"<unreadable>"_s};
    return QString::fromUtf8(file.readAll()).split(u'\n', Qt::SkipEmptyParts);
}

} // namespace

class TestKnownHosts : public QObject {
    Q_OBJECT

private Q_SLOTS:
    // What `container down` takes back: exactly the line it added, every other line kept.
    void removeTakesOnlyThatLine()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath(u"known_hosts"_s);
        QString error;
        bool removed = true;
        QVERIFY(removeKnownHostsLine(file, u"[10.0.0.1]:12345 "_s + ed25519Blob, &error, &removed));
        QVERIFY(!removed); // no file: nothing to remove, not an error
        const QString ours = u"[10.0.0.1]:12345 ssh-ed25519 "_s + ed25519Blob;
        const QString theirs = u"10.0.0.1 ssh-ed25519 "_s + ed25519Blob;
        QVERIFY(addKnownHostsLine(file, theirs, &error));
        QVERIFY(addKnownHostsLine(file, ours, &error));
        QVERIFY2(removeKnownHostsLine(file, ours, &error, &removed), qPrintable(error));
        QVERIFY(removed);
        QCOMPARE(fileLines(file), QStringList{theirs});
        QVERIFY(removeKnownHostsLine(file, ours, &error, &removed));
        QVERIFY(!removed);
        QCOMPARE(fileLines(file), QStringList{theirs});
    }

    void name_data()
    {
        QTest::addColumn<QString>("host");
        QTest::addColumn<int>("port");
        QTest::addColumn<QString>("name");
        QTest::newRow("port 22 is bare") << u"server1"_s << 22 << u"server1"_s;
        QTest::newRow("port 0 means 22") << u"10.0.0.11"_s << 0 << u"10.0.0.11"_s;
        QTest::newRow("other port bracketed") << u"10.0.0.11"_s << 2222 << u"[10.0.0.11]:2222"_s;
        QTest::newRow("ipv6 other port") << u"::1"_s << 2200 << u"[::1]:2200"_s;
        QTest::newRow("ipv6 port 22") << u"::1"_s << 22 << u"::1"_s;
    }
    void name()
    {
        QFETCH(QString, host);
        QFETCH(int, port);
        QFETCH(QString, name);
        QCOMPARE(knownHostsName(host, port), name);
    }

    void line_data()
    {
        QTest::addColumn<QStringList>("hosts");
        QTest::addColumn<int>("port");
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("line"); // empty: must be refused
        const QString ok = u"server1 ssh-ed25519 "_s + ed25519Blob;
        QTest::newRow("comment dropped") << QStringList{u"server1"_s} << 22 << ed25519 << ok;
        QTest::newRow("no comment")
            << QStringList{u"server1"_s} << 22 << u"ssh-ed25519 "_s + ed25519Blob << ok;
        QTest::newRow("extra blanks") << QStringList{u"server1"_s} << 22
                                      << u"  ssh-ed25519   "_s + ed25519Blob + u"  \n"_s << ok;
        QTest::newRow("two names") << QStringList{u"server1"_s, u"10.0.0.12"_s} << 22 << ed25519
                                   << u"server1,10.0.0.12 ssh-ed25519 "_s + ed25519Blob;
        QTest::newRow("port 2222")
            << QStringList{u"server1"_s, u"10.0.0.12"_s} << 2222 << ed25519
            << u"[server1]:2222,[10.0.0.12]:2222 ssh-ed25519 "_s + ed25519Blob;
        QTest::newRow("lower case") << QStringList{u"Server1"_s} << 22 << ed25519 << ok;
        QTest::newRow("ecdsa") << QStringList{u"gpu-7"_s} << 22
                               << u"ecdsa-sha2-nistp256 "_s + ecdsaBlob + u" x"_s
                               << u"gpu-7 ecdsa-sha2-nistp256 "_s + ecdsaBlob;
        const QString none;
        QTest::newRow("no host") << QStringList{} << 22 << ed25519 << none;
        QTest::newRow("empty host") << QStringList{QString()} << 22 << ed25519 << none;
        QTest::newRow("space in host") << QStringList{u"a b"_s} << 22 << ed25519 << none;
        QTest::newRow("comma in host") << QStringList{u"a,evil"_s} << 22 << ed25519 << none;
        QTest::newRow("wildcard") << QStringList{u"*"_s} << 22 << ed25519 << none;
        QTest::newRow("negation") << QStringList{u"!server1"_s} << 22 << ed25519 << none;
        QTest::newRow("marker") << QStringList{u"@revoked"_s} << 22 << ed25519 << none;
        QTest::newRow("brackets") << QStringList{u"[x]:22"_s} << 22 << ed25519 << none;
        QTest::newRow("hash") << QStringList{u"#x"_s} << 22 << ed25519 << none;
        QTest::newRow("leading dash")
            << QStringList{u"-oProxyCommand=x"_s} << 22 << ed25519 << none;
        QTest::newRow("newline in host") << QStringList{u"a\nb"_s} << 22 << ed25519 << none;
        QTest::newRow("port too big") << QStringList{u"server1"_s} << 70000 << ed25519 << none;
        QTest::newRow("unknown type")
            << QStringList{u"server1"_s} << 22 << u"ssh-foo "_s + ed25519Blob << none;
        QTest::newRow("certificate type")
            << QStringList{u"server1"_s} << 22
            << u"ssh-ed25519-cert-v01@openssh.com "_s + ed25519Blob << none;
        QTest::newRow("type mismatch")
            << QStringList{u"server1"_s} << 22 << u"ssh-rsa "_s + ed25519Blob << none;
        QTest::newRow("not base64")
            << QStringList{u"server1"_s} << 22 << u"ssh-ed25519 AAAA$(id)"_s << none;
        QTest::newRow("padding missing")
            << QStringList{u"g"_s} << 22 << u"ecdsa-sha2-nistp256 "_s + ecdsaBlob.chopped(1)
            << none;
        QTest::newRow("truncated blob")
            << QStringList{u"server1"_s} << 22 << u"ssh-ed25519 AAAAC3Nz"_s << none;
        QTest::newRow("second line injected")
            << QStringList{u"server1"_s} << 22 << ed25519 + u"\n* ssh-ed25519 "_s + ed25519Blob
            << none;
        QTest::newRow("carriage return") << QStringList{u"server1"_s} << 22
                                         << u"ssh-ed25519 "_s + ed25519Blob + u"\r* x"_s << none;
        QTest::newRow("nul") << QStringList{u"server1"_s} << 22
                             << u"ssh-ed25519 "_s + ed25519Blob + QChar(0) << none;
        QTest::newRow("type only") << QStringList{u"server1"_s} << 22 << u"ssh-ed25519"_s << none;
        QTest::newRow("empty key") << QStringList{u"server1"_s} << 22 << QString() << none;
    }
    void line()
    {
        QFETCH(QStringList, hosts);
        QFETCH(int, port);
        QFETCH(QString, key);
        QFETCH(QString, line);
        QString error;
        const std::optional<QString> made = knownHostsLine(hosts, port, key, &error);
        if (line.isEmpty()) {
            QVERIFY2(!made, qPrintable(made.value_or(QString())));
            QVERIFY(!error.isEmpty());
        } else {
            QVERIFY2(made, qPrintable(error));
            QCOMPARE(*made, line);
        }
    }

    // The format is what OpenSSH itself looks up, bracketed port included.
    void openSshFindsTheLine()
    {
        QTemporaryDir dir;
        QString error;
        const std::optional<QString> made =
            knownHostsLine({u"server1"_s, u"10.0.0.12"_s}, 2222, ed25519, &error);
        QVERIFY2(made, qPrintable(error));
        const QString file = dir.filePath(u"known_hosts"_s);
        QVERIFY2(addKnownHostsLine(file, *made, &error), qPrintable(error));
        auto find = [&](const QString &name) {
            QProcess keygen;
            keygen.start(u"ssh-keygen"_s, {u"-F"_s, name, u"-f"_s, file});
            keygen.waitForFinished(10000);
            return keygen.exitCode() == 0 &&
                   keygen.readAllStandardOutput().contains(ed25519Blob.toLatin1());
        };
        QVERIFY(find(u"[10.0.0.12]:2222"_s));
        QVERIFY(find(u"[server1]:2222"_s));
        QVERIFY(!find(u"10.0.0.12"_s)); // port 22 is another entry
        QVERIFY(!find(u"[server2]:2222"_s));
    }

    void addCreatesFileOnceAndKeepsExistingLines()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath(u"new/.ssh/known_hosts"_s);
        const QString first = u"server1 ssh-ed25519 "_s + ed25519Blob;
        QString error;
        bool added = false;
        QVERIFY2(addKnownHostsLine(file, first, &error, &added), qPrintable(error));
        QVERIFY(added);
        QCOMPARE(QFileInfo(file).permissions() & 0x7777,
                 QFile::ReadOwner | QFile::WriteOwner | QFile::ReadUser | QFile::WriteUser);
        QVERIFY(addKnownHostsLine(file, first, &error, &added));
        QVERIFY(!added); // a second run changes nothing
        QCOMPARE(fileLines(file), QStringList{first});

        // A file without a final newline: the new line must not be glued to the last one.
        QFile raw(file);
        QVERIFY(raw.open(QIODevice::Append));
        raw.write("other ssh-ed25519 AAAA");
        raw.close();
        const QString second = u"[server2]:2222 ssh-ed25519 "_s + ed25519Blob;
        QVERIFY(addKnownHostsLine(file, second, &error, &added));
        QVERIFY(added);
        QCOMPARE(fileLines(file), (QStringList{first, u"other ssh-ed25519 AAAA"_s, second}));

        QVERIFY(!addKnownHostsLine(file, first + u"\nevil ssh-ed25519 x"_s, &error));
        QVERIFY(!addKnownHostsLine(file, u"  "_s, &error));
        QCOMPARE(fileLines(file).size(), 3);
    }

    void concurrentAddsFromEightThreads()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath(u"known_hosts"_s);
        QStringList expected;
        for (int i = 0; i < 8; ++i)
            expected << u"[10.0.0.%1]:2222 ssh-ed25519 "_s.arg(11 + i) + ed25519Blob;
        std::atomic<int> ready{0};
        std::atomic<int> failures{0};
        std::vector<std::thread> threads;
        for (int i = 0; i < 8; ++i) {
            threads.emplace_back([&, i] {
                ++ready;
                while (ready.load() < 8) {
                }
                // Each thread also repeats its own line: duplicates must be recognised under the
                // lock.
                for (int round = 0; round < 20; ++round) {
                    QString error;
                    if (!addKnownHostsLine(file, expected[i], &error))
                        ++failures;
                }
            });
        }
        for (std::thread &thread : threads)
            thread.join();
        QCOMPARE(failures.load(), 0);
        QStringList lines = fileLines(file);
        lines.sort();
        expected.sort();
        QCOMPARE(lines, expected);
    }

    // Another process holding the lock (as a second clusterwiz would) makes the writer wait.
    void waitsForAnotherProcessLock()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath(u"known_hosts"_s);
        QFile touch(file);
        QVERIFY(touch.open(QIODevice::WriteOnly));
        touch.close();
        QProcess holder;
        holder.start(u"flock"_s, {file, u"-c"_s, u"echo locked; sleep 1"_s});
        QVERIFY(holder.waitForReadyRead(5000)); // the lock is held from here on
        QElapsedTimer timer;
        timer.start();
        QString error;
        QVERIFY2(addKnownHostsLine(file, u"server1 ssh-ed25519 "_s + ed25519Blob, &error),
                 qPrintable(error));
        QVERIFY2(timer.elapsed() >= 600, qPrintable(QString::number(timer.elapsed())));
        QVERIFY(holder.waitForFinished(5000));
        QCOMPARE(fileLines(file).size(), 1);
    }
};

QTEST_GUILESS_MAIN(TestKnownHosts)
#include "tst_knownHosts.moc"
