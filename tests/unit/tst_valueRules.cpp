// SPDX-License-Identifier: GPL-3.0-or-later
#include "rules/ValueRules.h"

#include <QTest>

#include <functional>

using namespace cw;

using Rule = std::function<QString(const QString &)>;
Q_DECLARE_METATYPE(Rule)

class TestValueRules : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void rules_data()
    {
        QTest::addColumn<Rule>("rule");
        QTest::addColumn<QString>("value");
        QTest::addColumn<bool>("accepted");
        const Rule host = sshHostProblem, hostname = hostnameProblem, user = userProblem,
                   env = envNameProblem, path = pathProblem, server = serverNameProblem,
                   line = singleLineProblem, nul = noNulProblem;
        QTest::newRow("host ip") << host << QStringLiteral("10.0.0.22") << true;
        QTest::newRow("host alias") << host << QStringLiteral("gpu-node_3.lab") << true;
        QTest::newRow("host leading dash") << host << QStringLiteral("-oProxyCommand=x") << false;
        QTest::newRow("host substitution") << host << QStringLiteral("$(id)") << false;
        QTest::newRow("host space") << host << QStringLiteral("a b") << false;
        QTest::newRow("host semicolon") << host << QStringLiteral("a;b") << false;
        QTest::newRow("host empty") << host << QString() << false;
        // Digits and dots mean an address: a bad one is no alias.
        QTest::newRow("host octet 300") << host << QStringLiteral("10.255.255.300") << false;
        QTest::newRow("host three parts") << host << QStringLiteral("10.0.1") << false;
        QTest::newRow("host digit alias") << host << QStringLiteral("10.0.0.1a") << true;
        QTest::newRow("hostname ok") << hostname << QStringLiteral("node-1.example") << true;
        QTest::newRow("hostname dash end") << hostname << QStringLiteral("node-") << false;
        QTest::newRow("hostname underscore") << hostname << QStringLiteral("a_b") << false;
        QTest::newRow("hostname long label") << hostname << QString(64, u'a') << false;
        QTest::newRow("user root") << user << QStringLiteral("root") << true;
        QTest::newRow("user dash") << user << QStringLiteral("-x") << false;
        QTest::newRow("user quote") << user << QStringLiteral("ro'ot") << false;
        QTest::newRow("env ok") << env << QStringLiteral("HCCL_WHITELIST_DISABLE") << true;
        QTest::newRow("env underscore") << env << QStringLiteral("_x1") << true;
        QTest::newRow("env digit first") << env << QStringLiteral("1X") << false;
        QTest::newRow("env dash") << env << QStringLiteral("A-B") << false;
        QTest::newRow("env substitution") << env << QStringLiteral("A$(id)") << false;
        QTest::newRow("path ok") << path << QStringLiteral("/home/train/$(odd) 'dir'") << true;
        QTest::newRow("path newline") << path << QStringLiteral("/a\n/b") << false;
        QTest::newRow("path cr") << path << QStringLiteral("/a\r") << false;
        QTest::newRow("path nul") << path << QString(QChar(u'\0')) << false;
        QTest::newRow("path empty") << path << QString() << false;
        QTest::newRow("server ok") << server << QStringLiteral("server-0.a_b") << true;
        QTest::newRow("server slash") << server << QStringLiteral("a/b") << false;
        QTest::newRow("server dot first") << server << QStringLiteral("..") << false;
        QTest::newRow("server space") << server << QStringLiteral("a b") << false;
        QTest::newRow("line empty ok") << line << QString() << true;
        QTest::newRow("line newline") << line << QStringLiteral("a\nb") << false;
        QTest::newRow("nul newline ok") << nul << QStringLiteral("a\nb") << true;
        QTest::newRow("nul nul") << nul << QStringLiteral("a") + QChar(u'\0') << false;
    }
    void rules()
    {
        QFETCH(Rule, rule);
        QFETCH(QString, value);
        QFETCH(bool, accepted);
        const QString problem = rule(value);
        QVERIFY2(problem.isEmpty() == accepted, qPrintable(problem));
    }

    void ports()
    {
        QVERIFY(portProblem(22).isEmpty());
        QVERIFY(portProblem(65535).isEmpty());
        QVERIFY(!portProblem(0).isEmpty());
        QVERIFY(!portProblem(65536).isEmpty());
        QVERIFY(portProblem(-1).contains(QStringLiteral("-1")));
    }
};

QTEST_GUILESS_MAIN(TestValueRules)
#include "tst_valueRules.moc"
