// SPDX-License-Identifier: GPL-3.0-or-later
// shellQuote() and shellEnvValue() are the only way a project value reaches a shell: every row is
// checked by a real sh and a real bash, not by comparing strings alone.
#include "shell/ShellQuote.h"

#include <QProcess>
#include <QTest>

using namespace cw;
using namespace Qt::StringLiterals;

namespace {

// Runs `script` under `shell` and returns stdout as bytes.
QByteArray runShell(const QString &shell, const QString &script, const QStringList &env = {})
{
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    for (const QString &pair : env)
        environment.insert(pair.section(u'=', 0, 0), pair.section(u'=', 1));
    process.setProcessEnvironment(environment);
    process.start(shell, {QStringLiteral("-c"), script});
    if (!process.waitForFinished(10000))
        return QByteArrayLiteral("<timeout>");
    return process.readAllStandardOutput();
}

} // namespace

class TestShellQuote : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void quotesLikePosix_data()
    {
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("quoted");
        QTest::newRow("empty") << QString() << QStringLiteral("''");
        QTest::newRow("plain") << QStringLiteral("main.py") << QStringLiteral("'main.py'");
        QTest::newRow("single quote") << QStringLiteral("it's") << QStringLiteral("'it'\\''s'");
        QTest::newRow("only quotes") << QStringLiteral("''") << QStringLiteral("''\\'''\\'''");
    }
    void quotesLikePosix()
    {
        QFETCH(QString, value);
        QFETCH(QString, quoted);
        QCOMPARE(shellQuote(value), quoted);
    }

    void hostileValuesStayLiteral_data()
    {
        QTest::addColumn<QString>("value");
        QTest::newRow("command substitution") << QStringLiteral("$(touch /tmp/cw-pwned)");
        QTest::newRow("backticks") << QStringLiteral("`touch /tmp/cw-pwned`");
        QTest::newRow("semicolon") << QStringLiteral("a; touch /tmp/cw-pwned");
        QTest::newRow("newline") << QStringLiteral("a\ntouch /tmp/cw-pwned");
        QTest::newRow("quotes mixed") << QStringLiteral("'\"'\"$HOME\\");
        QTest::newRow("variable") << QStringLiteral("${HOME} $HOME $((1+1))");
        QTest::newRow("glob") << QStringLiteral("* ? [a-z]");
        QTest::newRow("leading dash") << QStringLiteral("-rf");
        QTest::newRow("tab and cr") << QStringLiteral("a\tb\rc");
        QTest::newRow("unicode") << QStringLiteral("训练 ü");
    }
    void hostileValuesStayLiteral()
    {
        QFETCH(QString, value);
        for (const QString &shell : {QStringLiteral("/bin/sh"), QStringLiteral("/bin/bash")}) {
            const QByteArray printed = runShell(shell, u"printf '%s' "_s + shellQuote(value));
            QCOMPARE(printed, value.toUtf8());
        }
        QVERIFY(!QFile::exists(QStringLiteral("/tmp/cw-pwned")));
    }

    // Every byte value except NUL (which validation refuses) survives a round trip through sh.
    void allByteValuesRoundTrip()
    {
        QString everyByte;
        for (int b = 1; b < 256; ++b)
            everyByte += QChar(b);
        const QByteArray printed =
            runShell(QStringLiteral("/bin/sh"), u"printf '%s' "_s + shellQuote(everyByte));
        QCOMPARE(QString::fromUtf8(printed), everyByte);
        for (int b = 1; b < 256; ++b) {
            const QString one(QChar{b});
            QCOMPARE(QString::fromUtf8(
                         runShell(QStringLiteral("/bin/sh"), u"printf '%s' "_s + shellQuote(one))),
                     one);
        }
    }

    void joinQuotesEveryWord()
    {
        QCOMPARE(
            shellJoin({QStringLiteral("hccn_tool"), QStringLiteral("-i"), QStringLiteral("0")}),
            QStringLiteral("'hccn_tool' '-i' '0'"));
        const QByteArray printed =
            runShell(QStringLiteral("/bin/bash"),
                     u"printf '<%s>' "_s +
                         shellJoin({QStringLiteral("a b"), QString(), QStringLiteral("$(x)")}));
        QCOMPARE(printed, QByteArrayLiteral("<a b><><$(x)>"));
    }

    void envValueExpandsOnlyBracedReferences_data()
    {
        QTest::addColumn<QString>("value");
        QTest::addColumn<QByteArray>("expected");
        // BASE is set to "/opt/x" in the shell that evaluates the value.
        QTest::newRow("reference") << QStringLiteral("${BASE}/lib") << QByteArray("/opt/x/lib");
        QTest::newRow("two references")
            << QStringLiteral("${BASE}:${BASE}") << QByteArray("/opt/x:/opt/x");
        QTest::newRow("unbraced stays literal")
            << QStringLiteral("$BASE/lib") << QByteArray("$BASE/lib");
        QTest::newRow("substitution stays literal")
            << QStringLiteral("$(touch /tmp/cw-pwned)") << QByteArray("$(touch /tmp/cw-pwned)");
        QTest::newRow("backticks stay literal") << QStringLiteral("`id`") << QByteArray("`id`");
        QTest::newRow("invalid name stays literal")
            << QStringLiteral("${1abc}") << QByteArray("${1abc}");
        QTest::newRow("unclosed") << QStringLiteral("${BASE") << QByteArray("${BASE");
        QTest::newRow("default syntax stays literal")
            << QStringLiteral("${BASE:-$(id)}") << QByteArray("${BASE:-$(id)}");
        QTest::newRow("quote next to reference")
            << QStringLiteral("'${BASE}'") << QByteArray("'/opt/x'");
        QTest::newRow("empty") << QString() << QByteArray();
    }
    void envValueExpandsOnlyBracedReferences()
    {
        QFETCH(QString, value);
        QFETCH(QByteArray, expected);
        for (const QString &shell : {QStringLiteral("/bin/sh"), QStringLiteral("/bin/bash")}) {
            const QByteArray printed =
                runShell(shell, u"X="_s + shellEnvValue(value) + u"; printf '%s' \"$X\""_s,
                         {QStringLiteral("BASE=/opt/x")});
            QCOMPARE(printed, expected);
        }
        QVERIFY(!QFile::exists(QStringLiteral("/tmp/cw-pwned")));
    }
};

QTEST_GUILESS_MAIN(TestShellQuote)
#include "tst_shellQuote.moc"
