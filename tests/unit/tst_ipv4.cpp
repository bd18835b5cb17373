// SPDX-License-Identifier: GPL-3.0-or-later
#include "net/InetAton.h"
#include "net/Ipv4.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace cw;

class TestIpv4 : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void parse_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("valid");
        QTest::newRow("seed device ip") << QStringLiteral("192.168.100.101") << true;
        QTest::newRow("zero") << QStringLiteral("0.0.0.0") << true;
        QTest::newRow("max") << QStringLiteral("255.255.255.255") << true;
        QTest::newRow("octet over 255") << QStringLiteral("192.168.100.256") << false;
        QTest::newRow("leading zero") << QStringLiteral("192.168.100.010") << false;
        QTest::newRow("three parts") << QStringLiteral("192.168.100") << false;
        QTest::newRow("five parts") << QStringLiteral("1.2.3.4.5") << false;
        QTest::newRow("empty part") << QStringLiteral("1..3.4") << false;
        QTest::newRow("space") << QStringLiteral(" 1.2.3.4") << false;
        QTest::newRow("sign") << QStringLiteral("+1.2.3.4") << false;
        QTest::newRow("hex") << QStringLiteral("0x1.2.3.4") << false;
        QTest::newRow("substitution") << QStringLiteral("$(id).2.3.4") << false;
        QTest::newRow("newline") << QStringLiteral("1.2.3.4\n") << false;
        QTest::newRow("empty") << QString() << false;
        QTest::newRow("arabic digits") << QStringLiteral("١.2.3.4") << false;
    }
    void parse()
    {
        QFETCH(QString, text);
        QFETCH(bool, valid);
        const auto parsed = Ipv4::parse(text);
        QCOMPARE(parsed.has_value(), valid);
        if (parsed)
            QCOMPARE(parsed->toString(), text); // parses and re-serialises equal
    }

    // inet_aton(3), as ssh and getaddrinfo read a host: "127.0.0" is 127.0.0.1 (glibc's
    // inet_aton: the last part fills the bytes left; 0 octal, 0x hex).
    void inetAton_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("address");
        QTest::newRow("dotted quad") << u"10.0.0.1"_s << u"10.0.0.1"_s;
        QTest::newRow("three parts") << u"127.0.0"_s << u"127.0.0.0"_s;
        QTest::newRow("two parts") << u"127.1"_s << u"127.0.0.1"_s;
        QTest::newRow("one part") << u"2130706433"_s << u"127.0.0.1"_s;
        QTest::newRow("octal") << u"010.0.0.1"_s << u"8.0.0.1"_s;
        QTest::newRow("hex") << u"0x7f.1"_s << u"127.0.0.1"_s;
        QTest::newRow("last part too big") << u"1.2.3.256"_s << QString();
        QTest::newRow("two parts, last too big") << u"1.16777216"_s << QString();
        QTest::newRow("bad octal digit") << u"09.0.0.1"_s << QString();
        QTest::newRow("a name") << u"node1"_s << QString();
        QTest::newRow("five parts") << u"1.2.3.4.5"_s << QString();
        QTest::newRow("empty part") << u"1..2"_s << QString();
    }
    void inetAton()
    {
        QFETCH(QString, text);
        QFETCH(QString, address);
        const auto parsed = parseInetAton(text);
        QCOMPARE(parsed ? parsed->toString() : QString(), address);
    }

    void netmask_data()
    {
        QTest::addColumn<QString>("mask");
        QTest::addColumn<int>("prefix");
        QTest::newRow("/24") << QStringLiteral("255.255.255.0") << 24;
        QTest::newRow("/23") << QStringLiteral("255.255.254.0") << 23;
        QTest::newRow("/32") << QStringLiteral("255.255.255.255") << 32;
        QTest::newRow("/0") << QStringLiteral("0.0.0.0") << 0;
        QTest::newRow("holes") << QStringLiteral("255.0.255.0") << -1;
        QTest::newRow("inverted") << QStringLiteral("0.255.255.255") << -1;
    }
    void netmask()
    {
        QFETCH(QString, mask);
        QFETCH(int, prefix);
        const auto parsed = netmaskPrefix(*Ipv4::parse(mask));
        QCOMPARE(parsed.value_or(-1), prefix);
        if (prefix >= 0)
            QCOMPARE(netmaskFromPrefix(prefix).toString(), mask);
    }

    void network()
    {
        const auto net =
            Ipv4Network::containing(*Ipv4::parse(QStringLiteral("192.168.101.37")), 23);
        QCOMPARE(net.toString(), QStringLiteral("192.168.100.0/23"));
        QCOMPARE(net.broadcast().toString(), QStringLiteral("192.168.101.255"));
        QVERIFY(net.contains(*Ipv4::parse(QStringLiteral("192.168.100.0"))));
        QVERIFY(!net.contains(*Ipv4::parse(QStringLiteral("192.168.102.0"))));
        QCOMPARE(net.size(), quint64(512));
        QCOMPARE(Ipv4::parse(QStringLiteral("10.0.0.255"))->lastOctet(), 255);
    }
};

QTEST_GUILESS_MAIN(TestIpv4)
#include "tst_ipv4.moc"
