// SPDX-License-Identifier: GPL-3.0-or-later
#include "DeviceTestProjects.h"

#include "plan/HccnCommands.h"
#include "shell/ShellQuote.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace cw;
using namespace cw::testing;

class tst_HccnCommands : public QObject {
    Q_OBJECT

private Q_SLOTS:
    // The seed's own "Configure the device IP address" lines for both servers, word for word.
    void seedCommands_data()
    {
        QTest::addColumn<int>("server");
        QTest::addColumn<QStringList>("lines");
        QStringList server0;
        QStringList server1;
        for (int id = 0; id < 8; ++id) {
            const int octet = id < 4 ? 101 : 100;
            server0 << u"hccn_tool -i %1 -ip -s address 192.168.%2.%3 netmask 255.255.255.0"_s
                           .arg(id)
                           .arg(100 + id % 4)
                           .arg(octet);
            server1 << u"hccn_tool -i %1 -ip -s address 192.168.%2.%3 netmask 255.255.255.0"_s
                           .arg(id)
                           .arg(100 + id % 4)
                           .arg(octet + 10);
        }
        QTest::newRow("server0") << 0 << server0;
        QTest::newRow("server1") << 1 << server1;
    }

    void seedCommands()
    {
        QFETCH(int, server);
        QFETCH(QStringList, lines);
        const std::vector<QStringList> commands = hccnSetIpCommands(seedExample(), server);
        QStringList joined;
        for (const QStringList &argv : commands)
            joined << argv.join(u' ');
        QCOMPARE(joined, lines);
    }

    void argvShape()
    {
        const std::vector<QStringList> commands = hccnSetIpCommands(seedExample(), 0);
        QCOMPARE(commands.size(), size_t{8});
        QCOMPARE(commands[4],
                 (QStringList{u"hccn_tool"_s, u"-i"_s, u"4"_s, u"-ip"_s, u"-s"_s, u"address"_s,
                              u"192.168.100.100"_s, u"netmask"_s, u"255.255.255.0"_s}));
    }

    // Device ids, not positions, go after -i: a server using devices 4-7 configures 4-7.
    void subsetUsesDeviceIds()
    {
        Project project = seedExample();
        project.servers.pop_back();
        project.servers[0].devices = {4, 5};
        project.servers[0].deviceIps = {u"192.168.100.100"_s, u"192.168.101.100"_s};
        const std::vector<QStringList> commands = hccnSetIpCommands(project, 0);
        QCOMPARE(commands.size(), size_t{2});
        QCOMPARE(commands[0].join(u' '),
                 u"hccn_tool -i 4 -ip -s address 192.168.100.100 netmask 255.255.255.0"_s);
        QCOMPARE(commands[1].join(u' '),
                 u"hccn_tool -i 5 -ip -s address 192.168.101.100 netmask 255.255.255.0"_s);
    }

    void noServerNoCommands()
    {
        QVERIFY(hccnSetIpCommands(seedExample(), 2).empty());
        QVERIFY(hccnSetIpCommands(seedExample(), -1).empty());
        Project project = seedExample();
        project.servers[0].deviceIps.clear(); // not planned yet: nothing to set
        QVERIFY(hccnSetIpCommands(project, 0).empty());
    }

    void readAndDetectCommands()
    {
        QCOMPARE(hccnGetIpCommand(3).join(u' '), u"hccn_tool -i 3 -ip -g"_s);
        QCOMPARE(hccnNetdetectCommand(0, u"192.168.100.111"_s).join(u' '),
                 u"hccn_tool -i 0 -netdetect -s address 192.168.100.111"_s);
        QCOMPARE(hccnNetHealthCommand(7).join(u' '), u"hccn_tool -i 7 -net_health -g"_s);
        QCOMPARE(hccnLinkCommand(5).join(u' '), u"hccn_tool -i 5 -link -g"_s);
    }

    // The argv stays one word per value; quoting happens once, in shellJoin.
    void quotedThroughShellJoin()
    {
        const QStringList argv = hccnNetdetectCommand(1, u"1.2.3.4; reboot"_s);
        QCOMPARE(argv.size(), 7);
        QCOMPARE(argv.last(), u"1.2.3.4; reboot"_s);
        QVERIFY(shellJoin(argv).endsWith(u"'1.2.3.4; reboot'"_s));
    }
};

QTEST_GUILESS_MAIN(tst_HccnCommands)
#include "tst_hccnCommands.moc"
