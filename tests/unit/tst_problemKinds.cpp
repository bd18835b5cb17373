// SPDX-License-Identifier: GPL-3.0-or-later
// Every problem kind the rules report carries the values its comment in model/Problem.h names,
// raw as the project holds them: the wizard builds its sentence from those alone
// (ui/widgets/ServerProblemText), so a kind without its values would leave it nothing to say.
// Each row breaks one thing and expects its kind, place and values exactly; every problem of
// every row is also checked against what its kind requires; together the rows reach every kind.
#include "DeviceTestProjects.h"

#include "rules/ProjectValidator.h"
#include "rules/ValueRules.h"

#include <QSet>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace cw;
using namespace cw::testing;

Q_DECLARE_METATYPE(cw::ProblemKind)
Q_DECLARE_METATYPE(cw::ProblemValues)

using ValueCheck = std::function<cw::ValueProblem(const QString &)>;
Q_DECLARE_METATYPE(ValueCheck)

namespace {

constexpr ProblemKind kLastKind = ProblemKind::TooManyServers; // the enum's last

// What `problem`'s kind requires of its values; empty when they hold it. A kind added to
// ProblemKind fails to compile here (-Wswitch) until it says what it carries.
QString missingValues(const Problem &problem)
{
    const ProblemValues &v = problem.values;
    const auto need = [](bool ok, const char *what) {
        return ok ? QString() : QString::fromLatin1(what);
    };
    const bool other = v.otherServer >= 0 && v.otherServer != problem.location.server;
    switch (problem.kind) {
    case ProblemKind::General:
        // The device IP rules' values, which the Devices page words its sentences from
        // (ui/widgets/DeviceProblemText.cpp), keyed by rule.
        if (problem.rule == u"device-ip-count"_s)
            return need(v.limit > 0 && v.value.toInt() != v.limit, "the count and the devices'");
        if (problem.rule == u"segment"_s && v != ProblemValues{})
            return need(!v.value.isEmpty() && !v.detail.isEmpty() && v.limit >= 0,
                        "the address, its segment and the segment's index");
        if (problem.rule == u"ip-unique"_s)
            return need(!v.value.isEmpty() && v.otherServer >= 0 && !v.otherValue.isEmpty(),
                        "the address and the device that has it first");
        return need(v == ProblemValues{}, "no values");
    case ProblemKind::NoServers:
        return need(v == ProblemValues{}, "no values");
    case ProblemKind::Empty:
        return need(v.value.isEmpty(), "an empty value");
    case ProblemKind::TooLong:
        return need(v.limit > 0 && v.value.size() > v.limit, "a value longer than the limit");
    case ProblemKind::LeadingDash:
        return need(v.value.startsWith(u'-'), "the value with its '-'");
    case ProblemKind::LeadingDot:
        return need(v.value.startsWith(u'.'), "the value with its '.'");
    case ProblemKind::HasNul:
        return need(v.value.contains(QChar(u'\0')), "the value with its NUL");
    case ProblemKind::HasLineBreak:
        return need(v.value.contains(u'\n') || v.value.contains(u'\r'),
                    "the value with its line break");
    case ProblemKind::HasShellCharacter:
        return need(v.detail.size() == 1 && v.value.contains(v.detail),
                    "the value and the character at fault");
    case ProblemKind::HasSpace:
        return need(v.value.contains(u' '), "the value with its space");
    case ProblemKind::NotIpv4:
    case ProblemKind::NotHostName:
    case ProblemKind::NotSshHost:
    case ProblemKind::NotUserName:
    case ProblemKind::NotEnvName:
    case ProblemKind::NotInterfaceName:
    case ProblemKind::NotAbsolutePath:
    case ProblemKind::HostIpMissing:
    case ProblemKind::DeviceIpsUnexpected:
        return need(!v.value.isEmpty(), "the value");
    case ProblemKind::NotPort: {
        bool number = false;
        const int port = v.value.toInt(&number);
        return need(number && (port < 1 || port > 65535), "the port's number");
    }
    case ProblemKind::NotServerName:
        return need(!v.value.isEmpty() && v.limit > 0, "the value and the most characters");
    case ProblemKind::NameTaken:
    case ProblemKind::HostIpTaken:
        return need(!v.value.isEmpty() && other, "the value and the other server");
    case ProblemKind::SshPortDiffers:
        return need(!v.value.isEmpty() && other && !v.otherValue.isEmpty() &&
                        v.otherValue != v.value,
                    "both ports and the other server");
    case ProblemKind::TooManyServers:
        return need(v.limit > 0 && v.value.toInt() > v.limit, "the count and the most");
    }
    return u"a kind with no case"_s;
}

ProblemValues valuesOf(const QString &value, qsizetype limit = -1)
{
    return {.value = value, .limit = limit};
}

QSet<int> &kindsSeen()
{
    static QSet<int> seen;
    return seen;
}

} // namespace

class TestProblemKinds : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void projectProblems_data()
    {
        QTest::addColumn<Mutation>("mutate");
        QTest::addColumn<QString>("path");
        QTest::addColumn<ProblemKind>("kind");
        QTest::addColumn<ProblemValues>("values");
        const auto row = [](const char *name, const Mutation &mutate, const QString &path,
                            ProblemKind kind, const ProblemValues &values) {
            QTest::newRow(name) << mutate << path << kind << values;
        };
        const QString longHost(254, u'h');
        row("server name empty", [](Project &p) { p.servers[1].name.clear(); },
            u"servers[1].name"_s, ProblemKind::Empty, {});
        row(
            "host too long", [longHost](Project &p) { p.servers[1].host = longHost; },
            u"servers[1].host"_s, ProblemKind::TooLong, valuesOf(longHost, kMaxHostLength));
        row(
            "host leading dash", [](Project &p) { p.servers[1].host = u"-oProxyCommand=x"_s; },
            u"servers[1].host"_s, ProblemKind::LeadingDash, valuesOf(u"-oProxyCommand=x"_s));
        row(
            "host leading dot", [](Project &p) { p.servers[0].host = u".."_s; },
            u"servers[0].host"_s, ProblemKind::LeadingDot, valuesOf(u".."_s));
        row(
            "host line break, raw", [](Project &p) { p.servers[1].host = u"a\nb"_s; },
            u"servers[1].host"_s, ProblemKind::NotSshHost, valuesOf(u"a\nb"_s));
        const QString nul = u"key"_s + QChar(u'\0');
        row(
            "identity file NUL", [nul](Project &p) { p.servers[0].identityFile = nul; },
            u"servers[0].identity_file"_s, ProblemKind::HasNul, valuesOf(nul));
        row(
            "identity file line break",
            [](Project &p) { p.servers[0].identityFile = u"~/.ssh/a\rb"_s; },
            u"servers[0].identity_file"_s, ProblemKind::HasLineBreak, valuesOf(u"~/.ssh/a\rb"_s));
        row("workdir shell character", [](Project &p) { p.launch.workdir = u"/home/$x"_s; },
            u"launch.workdir"_s, ProblemKind::HasShellCharacter,
            {.value = u"/home/$x"_s, .detail = u"$"_s});
        row(
            "python two words", [](Project &p) { p.launch.python = u"python3 -u"_s; },
            u"launch.python"_s, ProblemKind::HasSpace, valuesOf(u"python3 -u"_s));
        row(
            "host ip", [](Project &p) { p.servers[1].hostIp = u"10.0.0.300"_s; },
            u"servers[1].host_ip"_s, ProblemKind::NotIpv4, valuesOf(u"10.0.0.300"_s));
        row(
            "host alias", [](Project &p) { p.servers[1].host = u"a b"_s; }, u"servers[1].host"_s,
            ProblemKind::NotSshHost, valuesOf(u"a b"_s));
        row(
            "user", [](Project &p) { p.servers[0].user = u"ro'ot"_s; }, u"servers[0].user"_s,
            ProblemKind::NotUserName, valuesOf(u"ro'ot"_s));
        row(
            "env name",
            [](Project &p) {
                p.launch.env = {{u"1X"_s, u"1"_s}};
            },
            u"launch.env.1X"_s, ProblemKind::NotEnvName, valuesOf(u"1X"_s));
        row(
            "ssh port", [](Project &p) { p.servers[1].port = 0; }, u"servers[1].port"_s,
            ProblemKind::NotPort, valuesOf(u"0"_s));
        row(
            "hccl ports", [](Project &p) { p.launch.hcclPorts.last = 70000; },
            u"launch.hccl_ports"_s, ProblemKind::NotPort, valuesOf(u"70000"_s));
        row(
            "nic", [](Project &p) { p.servers[0].nic = u"eth0;x"_s; }, u"servers[0].nic"_s,
            ProblemKind::NotInterfaceName, valuesOf(u"eth0;x"_s));
        row(
            "nic too long", [](Project &p) { p.servers[0].nic = u"enp0s31f6abcdefg"_s; },
            u"servers[0].nic"_s, ProblemKind::TooLong, valuesOf(u"enp0s31f6abcdefg"_s, 15));
        row(
            "workdir relative", [](Project &p) { p.launch.workdir = u"train"_s; },
            u"launch.workdir"_s, ProblemKind::NotAbsolutePath, valuesOf(u"train"_s));
        row(
            "entry leading dash", [](Project &p) { p.launch.entry = u"-c"_s; }, u"launch.entry"_s,
            ProblemKind::LeadingDash, valuesOf(u"-c"_s));
        row(
            "server name", [](Project &p) { p.servers[1].name = u"a b"_s; }, u"servers[1].name"_s,
            ProblemKind::NotServerName, valuesOf(u"a b"_s, 64));
        row(
            "project name", [](Project &p) { p.name = u"../x"_s; }, u"name"_s,
            ProblemKind::NotServerName, valuesOf(u"../x"_s, 64));
        row(
            "host ip missing",
            [](Project &p) {
                p.servers[1].host = u"node-b"_s;
                p.servers[1].hostIp.clear();
            },
            u"servers[1].host_ip"_s, ProblemKind::HostIpMissing, valuesOf(u"node-b"_s));
        row("name taken", [](Project &p) { p.servers[1].name = u"server0"_s; },
            u"servers[1].name"_s, ProblemKind::NameTaken,
            {.value = u"server0"_s, .otherServer = 0});
        row("host ip taken", [](Project &p) { p.servers[1].hostIp = u"10.0.0.22"_s; },
            u"servers[1].host_ip"_s, ProblemKind::HostIpTaken,
            {.value = u"10.0.0.22"_s, .otherServer = 0});
        row("host taken", // no host_ip: the host is the address
            [](Project &p) {
                p.servers[1].hostIp.clear();
                p.servers[1].host = u"10.0.0.22"_s;
            },
            u"servers[1].host"_s, ProblemKind::HostIpTaken,
            {.value = u"10.0.0.22"_s, .otherServer = 0});
        row("mpirun ssh port",
            [](Project &p) {
                p = ascendCluster(3);
                p.launch.mode = LaunchMode::Mpirun;
                p.servers[2].port = 2222;
            },
            u"servers[2].port"_s, ProblemKind::SshPortDiffers,
            {.value = u"2222"_s, .otherServer = 1, .otherValue = u"22"_s});
        row(
            "device ip count", [](Project &p) { p.servers[0].deviceIps.removeLast(); },
            u"servers[0].device_ips"_s, ProblemKind::General, valuesOf(u"7"_s, 8));
        row("device ip out of its segment",
            [](Project &p) { p.servers[1].deviceIps[4] = u"192.168.104.110"_s; },
            u"servers[1].device_ips[4]"_s, ProblemKind::General,
            {.value = u"192.168.104.110"_s, .detail = u"192.168.100.0/24"_s, .limit = 0});
        row("device ip taken",
            [](Project &p) { p.servers[1].deviceIps[0] = p.servers[0].deviceIps[0]; },
            u"servers[1].device_ips[0]"_s, ProblemKind::General,
            {.value = seedExample().servers[0].deviceIps[0],
             .otherServer = 0,
             .otherValue = u"0"_s});
        row(
            "device ips on cpu", [](Project &p) { p.accelerator = Accelerator::Cpu; },
            u"servers[0].device_ips"_s, ProblemKind::DeviceIpsUnexpected, valuesOf(u"cpu"_s));
        row("no servers", [](Project &p) { p.servers.clear(); }, u"servers"_s,
            ProblemKind::NoServers, {});
        row(
            "too many servers", [](Project &p) { p = ascendCluster(kMaxServers + 1); },
            u"servers"_s, ProblemKind::TooManyServers, valuesOf(u"129"_s, kMaxServers));
    }

    // The problem at `path` is of `kind` with exactly `values`, and every problem of the
    // project carries what its kind requires.
    void projectProblems()
    {
        QFETCH(Mutation, mutate);
        QFETCH(QString, path);
        QFETCH(ProblemKind, kind);
        QFETCH(ProblemValues, values);
        Project project = seedExample();
        mutate(project);
        const Problems problems = validateProject(project);
        const Problem *found = nullptr;
        for (const Problem &problem : problems) {
            const QString missing = missingValues(problem);
            QVERIFY2(missing.isEmpty(), qPrintable(problem.toString() + u" lacks "_s + missing));
            kindsSeen().insert(int(problem.kind));
            if (!found && problem.path == path && problem.kind == kind)
                found = &problem;
        }
        QVERIFY2(found, qPrintable(path));
        QCOMPARE(found->values.value, values.value);
        QCOMPARE(found->values.detail, values.detail);
        QCOMPARE(found->values.limit, values.limit);
        QCOMPARE(found->values.otherServer, values.otherServer);
        QCOMPARE(found->values.otherValue, values.otherValue);
    }

    // The value rules no project rule reaches yet (a host name), and each rule's own kinds.
    void valueProblems_data()
    {
        QTest::addColumn<ValueCheck>("check");
        QTest::addColumn<QString>("value");
        QTest::addColumn<ProblemKind>("kind");
        QTest::addColumn<qsizetype>("limit");
        QTest::newRow("host name") << ValueCheck(hostnameValueProblem) << u"a_b"_s
                                   << ProblemKind::NotHostName << qsizetype(-1);
        QTest::newRow("host name empty")
            << ValueCheck(hostnameValueProblem) << QString() << ProblemKind::Empty << qsizetype(-1);
        QTest::newRow("host name too long")
            << ValueCheck(hostnameValueProblem) << QString(254, u'a') << ProblemKind::TooLong
            << qsizetype(253);
        QTest::newRow("argument too long")
            << ValueCheck(argumentValueProblem) << QString(kMaxArgumentLength + 1, u'a')
            << ProblemKind::TooLong << kMaxArgumentLength;
        QTest::newRow("path too long")
            << ValueCheck(pathValueProblem) << QString(kMaxPathLength + 1, u'a')
            << ProblemKind::TooLong << kMaxPathLength;
        QTest::newRow("single line") << ValueCheck(singleLineValueProblem) << u"a\nb"_s
                                     << ProblemKind::HasLineBreak << qsizetype(-1);
        QTest::newRow("shell space") << ValueCheck(shellSafePathValueProblem) << u"/a b"_s
                                     << ProblemKind::HasShellCharacter << qsizetype(-1);
    }
    void valueProblems()
    {
        QFETCH(ValueCheck, check);
        QFETCH(QString, value);
        QFETCH(ProblemKind, kind);
        QFETCH(qsizetype, limit);
        const ValueProblem problem = check(value);
        QVERIFY(!problem.isEmpty());
        QCOMPARE(problem.kind, kind);
        QCOMPARE(problem.values.value, value);
        QCOMPARE(problem.values.limit, limit);
        Problem carried;
        carried.kind = problem.kind;
        carried.values = problem.values;
        QVERIFY2(missingValues(carried).isEmpty(), qPrintable(missingValues(carried)));
        kindsSeen().insert(int(problem.kind));
        QVERIFY(check(u"fine"_s).isEmpty());
    }

    // An accepted value has no kind and no values.
    void acceptedValueIsEmpty()
    {
        const ValueProblem fine = ipv4ValueProblem(u"10.0.0.22"_s);
        QVERIFY(fine.isEmpty());
        QCOMPARE(fine.kind, ProblemKind::General);
        QVERIFY(fine.values == ProblemValues{});
    }

    // Run last: the rows above reach every kind.
    void everyKindIsReached()
    {
        for (int k = 0; k <= int(kLastKind); ++k)
            QVERIFY2(kindsSeen().contains(k), qPrintable(u"no row reaches kind %1"_s.arg(k)));
    }
};

QTEST_GUILESS_MAIN(TestProblemKinds)
#include "tst_problemKinds.moc"
