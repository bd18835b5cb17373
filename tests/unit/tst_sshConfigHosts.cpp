// SPDX-License-Identifier: GPL-3.0-or-later
// The ssh config as far as jump hosts and the servers page's picker need it: Host matching,
// first-value-wins, ProxyJump syntax, chains, loops, Include, and the Match blocks it refuses.
#include "ssh/SshConfigHosts.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace cw;
using namespace Qt::StringLiterals;

namespace {

QString hopsText(const std::vector<SshJumpHop> &hops)
{
    QStringList names;
    for (const SshJumpHop &hop : hops)
        names << hop.toString();
    return names.join(u", "_s);
}

} // namespace

class TestSshConfigHosts : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

    QString write(const QString &name, const QByteArray &text)
    {
        const QString path = m_dir.filePath(name);
        QDir().mkpath(QFileInfo(path).path());
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
            return {};
        file.write(text);
        return path;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        // Relative Include paths are read from ~/.ssh: give the test a home of its own.
        qputenv("HOME", m_dir.filePath(u"home"_s).toUtf8());
        QVERIFY(QDir().mkpath(m_dir.filePath(u"home/.ssh"_s)));
    }

    void route_data()
    {
        QTest::addColumn<QByteArray>("config");
        QTest::addColumn<QString>("host");
        QTest::addColumn<QString>("hops");  // "" when direct
        QTest::addColumn<QString>("error"); // part of the error; "" when none

        const QByteArray chain = "Host inner\n  ProxyJump mid\nHost mid\n  ProxyJump edge\n";
        QTest::newRow("no config entry") << QByteArray() << u"inner"_s << u""_s << u""_s;
        QTest::newRow("alias without jump")
            << QByteArray("Host a\n  HostName 10.0.0.1\n  Port 2222\n") << u"a"_s << u""_s << u""_s;
        QTest::newRow("one jump host")
            << QByteArray("Host inner\n  HostName 10.0.0.2\n  ProxyJump bastion\n") << u"inner"_s
            << u"bastion"_s << u""_s;
        QTest::newRow("user and port") << QByteArray("Host inner\n  ProxyJump admin@bastion:2222\n")
                                       << u"inner"_s << u"admin@bastion:2222"_s << u""_s;
        QTest::newRow("list of hops")
            << QByteArray("Host inner\n  ProxyJump a,b\n") << u"inner"_s << u"a, b"_s << u""_s;
        QTest::newRow("first hop has its own jump")
            << chain << u"inner"_s << u"edge, mid"_s << u""_s;
        QTest::newRow("later hops' own jumps are not used")
            << QByteArray("Host inner\n  ProxyJump a,b\nHost b\n  ProxyJump c\n") << u"inner"_s
            << u"a, b"_s << u""_s;
        QTest::newRow("first value wins")
            << QByteArray("Host inner\n  ProxyJump a\nHost * !a\n  ProxyJump b\n") << u"inner"_s
            << u"a"_s << u""_s;
        QTest::newRow("catch-all first wins too")
            << QByteArray("Host * !bastion\n  ProxyJump bastion\nHost inner\n  ProxyJump other\n")
            << u"inner"_s << u"bastion"_s << u""_s;
        QTest::newRow("negated host is direct")
            << QByteArray("Host * !bastion\n  ProxyJump bastion\n") << u"bastion"_s << u""_s
            << u""_s;
        QTest::newRow("ProxyJump none")
            << QByteArray("Host inner\n  ProxyJump none\nHost *\n  ProxyJump b\n") << u"inner"_s
            << u""_s << u""_s;
        QTest::newRow("ProxyCommand first: libssh runs it")
            << QByteArray("Host inner\n  ProxyCommand nc %h %p\n  ProxyJump b\n") << u"inner"_s
            << u""_s << u""_s;
        QTest::newRow("keywords in any case, with =")
            << QByteArray("host INNER\n\tproxyjump=bastion\n") << u"inner"_s << u"bastion"_s
            << u""_s;
        QTest::newRow("comments and blank lines")
            << QByteArray("# jump\n\nHost inner\n"
                          "  # ProxyJump wrong\n  ProxyJump right\n")
            << u"inner"_s << u"right"_s << u""_s;
        QTest::newRow("question mark matches one character")
            << QByteArray("Host node?\n  ProxyJump b\n") << u"node1"_s << u"b"_s << u""_s;
        QTest::newRow("question mark is not two")
            << QByteArray("Host node?\n  ProxyJump b\n") << u"node10"_s << u""_s << u""_s;
        QTest::newRow("quoted pattern")
            << QByteArray("Host \"inner\"\n  ProxyJump b\n") << u"inner"_s << u"b"_s << u""_s;
        QTest::newRow("ssh URI") << QByteArray("Host inner\n  ProxyJump ssh://root@b:2200\n")
                                 << u"inner"_s << u"root@b:2200"_s << u""_s;
        QTest::newRow("IPv6 in brackets") << QByteArray("Host inner\n  ProxyJump [fd00::1]:2200\n")
                                          << u"inner"_s << u"[fd00::1]:2200"_s << u""_s;
        QTest::newRow("loop through a catch-all")
            << QByteArray("Host *\n  ProxyJump bastion\n") << u"inner"_s << u""_s
            << u"ProxyJump loop: inner -> bastion -> bastion"_s;
        QTest::newRow("loop between two hosts")
            << QByteArray("Host a\n  ProxyJump b\nHost b\n  ProxyJump a\n") << u"a"_s << u""_s
            << u"ProxyJump loop: a -> b -> a"_s;
        QTest::newRow("Match block with ProxyJump")
            << QByteArray("Match host inner\n  ProxyJump b\n") << u"inner"_s << u""_s
            << u"inside a Match block"_s;
        QTest::newRow("Match block with ProxyCommand")
            << QByteArray("Match all\n  ProxyCommand nc %h %p\n") << u"x"_s << u""_s
            << u"ProxyCommand inside a Match block"_s;
        QTest::newRow("Match after the host's own value")
            << QByteArray("Host inner\n  ProxyJump a\nHost a\n  ProxyJump none\n"
                          "Match all\n  ProxyJump b\n")
            << u"inner"_s << u"a"_s << u""_s;
        QTest::newRow("Match without jump options")
            << QByteArray("Match host inner\n  User admin\nHost inner\n  ProxyJump b\n")
            << u"inner"_s << u"b"_s << u""_s;
        QTest::newRow("hostile option as host")
            << QByteArray("Host inner\n  ProxyJump -oProxyCommand=touch\n") << u"inner"_s << u""_s
            << u"must not start with '-'"_s;
        QTest::newRow("shell in host") << QByteArray("Host inner\n  ProxyJump b;reboot\n")
                                       << u"inner"_s << u""_s << u"is not an address"_s;
        QTest::newRow("shell in user") << QByteArray("Host inner\n  ProxyJump $(id)@b\n")
                                       << u"inner"_s << u""_s << u"not a valid user name"_s;
        QTest::newRow("port out of range") << QByteArray("Host inner\n  ProxyJump b:99999\n")
                                           << u"inner"_s << u""_s << u"is not a port"_s;
        QTest::newRow("port not a number") << QByteArray("Host inner\n  ProxyJump b:ssh\n")
                                           << u"inner"_s << u""_s << u"is not a port"_s;
        QTest::newRow("unclosed bracket") << QByteArray("Host inner\n  ProxyJump [fd00::1\n")
                                          << u"inner"_s << u""_s << u"unclosed"_s;
        QTest::newRow("empty entry")
            << QByteArray("Host inner\n  ProxyJump a,,b\n") << u"inner"_s << u""_s << u"is empty"_s;
        QByteArray longChain;
        for (int i = 0; i < 9; ++i)
            longChain += "Host h" + QByteArray::number(i) + "\n  ProxyJump h" +
                         QByteArray::number(i + 1) + "\n";
        QTest::newRow("too many hops") << longChain << u"h0"_s << u""_s << u"at most 8"_s;
    }
    void route()
    {
        QFETCH(QByteArray, config);
        QFETCH(QString, host);
        QFETCH(QString, hops);
        QFETCH(QString, error);
        const SshRoute route = SshConfigHosts::load(write(u"route_config"_s, config)).route(host);
        QVERIFY2(error.isEmpty() ? route.error.isEmpty() : route.error.contains(error),
                 qPrintable(route.error));
        QCOMPARE(hopsText(route.hops), hops);
        if (!error.isEmpty())
            QVERIFY2(route.error.contains(u"route_config:"_s), qPrintable(route.error));
    }

    void missingFileIsEmpty()
    {
        const SshConfigHosts config = SshConfigHosts::load(m_dir.filePath(u"nothing-here"_s));
        QVERIFY(config.aliases().isEmpty());
        QVERIFY(config.route(u"inner"_s).hops.empty());
        QVERIFY(config.route(u"inner"_s).error.isEmpty());
    }

    void aliasesSkipPatterns()
    {
        const QString path = write(u"aliases"_s, "Host a b *.lab !c\n  User x\nHost a d? e\n"
                                                 "Match host f\nHost \"g\"\n");
        QCOMPARE(SshConfigHosts::load(path).aliases(),
                 (QStringList{u"a"_s, u"b"_s, u"e"_s, u"g"_s}));
    }

    void includeRelativeToDotSshAndGlobbed()
    {
        write(u"home/.ssh/config.d/10-lab"_s, "Host inner\n  ProxyJump bastion\n");
        write(u"home/.ssh/config.d/20-more"_s, "Host other\n  ProxyJump edge\n");
        const QString main = write(u"main"_s, "Include config.d/*\nHost extra\n");
        const SshConfigHosts config = SshConfigHosts::load(main);
        QCOMPARE(hopsText(config.route(u"inner"_s).hops), u"bastion"_s);
        QCOMPARE(hopsText(config.route(u"other"_s).hops), u"edge"_s);
        QCOMPARE(config.aliases(), (QStringList{u"inner"_s, u"other"_s, u"extra"_s}));
    }

    void includeInsideHostBlockIsConditional()
    {
        const QString part = write(u"part"_s, "ProxyJump bastion\n");
        const QString main =
            write(u"conditional"_s, "Host inner\n  Include " + part.toUtf8() + "\nHost *\n");
        const SshConfigHosts config = SshConfigHosts::load(main);
        QCOMPARE(hopsText(config.route(u"inner"_s).hops), u"bastion"_s);
        QCOMPARE(hopsText(config.route(u"outer"_s).hops), u""_s);
    }

    void includeLoopIsReported()
    {
        const QString self = m_dir.filePath(u"self"_s);
        write(u"self"_s, "Include " + self.toUtf8() + "\nHost inner\n  ProxyJump b\n");
        const SshConfigHosts config = SshConfigHosts::load(self);
        QVERIFY2(config.error().contains(u"nested more than 16"_s), qPrintable(config.error()));
        QVERIFY(config.route(u"inner"_s).hops.empty());
        QVERIFY(!config.route(u"inner"_s).error.isEmpty());
    }

    void hostMatching_data()
    {
        QTest::addColumn<QString>("patterns");
        QTest::addColumn<QString>("host");
        QTest::addColumn<bool>("matches");
        QTest::newRow("exact") << u"inner"_s << u"inner"_s << true;
        QTest::newRow("case") << u"Inner"_s << u"INNER"_s << true;
        QTest::newRow("star") << u"*.lab"_s << u"a.lab"_s << true;
        QTest::newRow("star empty") << u"a*"_s << u"a"_s << true;
        QTest::newRow("no partial") << u"inner"_s << u"inner2"_s << false;
        QTest::newRow("negation wins") << u"* !inner"_s << u"inner"_s << false;
        QTest::newRow("negation alone matches nothing") << u"!inner"_s << u"other"_s << false;
        QTest::newRow("any of several") << u"a b c"_s << u"b"_s << true;
        QTest::newRow("regex chars are literal") << u"a.b"_s << u"axb"_s << false;
    }
    void hostMatching()
    {
        QFETCH(QString, patterns);
        QFETCH(QString, host);
        QFETCH(bool, matches);
        QCOMPARE(SshConfigHosts::hostMatches(patterns.split(u' '), host), matches);
    }
};

QTEST_GUILESS_MAIN(TestSshConfigHosts)
#include "tst_sshConfigHosts.moc"
