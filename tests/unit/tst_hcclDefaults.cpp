// SPDX-License-Identifier: GPL-3.0-or-later
// The HCCL settings env.sh adds on more than one Ascend server (trust list, connect timeout,
// DEVICE_NUM in ranktable and msrun modes), checked by sourcing the generated env.sh in a real
// bash.
#include "DeviceTestProjects.h"
#include "ValidProjects.h"

#include "generate/Generator.h"
#include "generate/HcclDefaults.h"
#include "model/ProjectJson.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

using namespace Qt::StringLiterals;
using namespace cw;
using namespace cw::testing;

namespace {

Project twoServers()
{
    Project project = seedExample();
    project.launch.env.clear();
    project.launch.envSetup.clear(); // no CANN here: env.sh must source cleanly
    return project;
}

const GeneratedFile *fileNamed(const cwtest::Generated &result, const QString &name)
{
    for (const GeneratedFile &file : result.files) {
        if (file.name == name)
            return &file;
    }
    return nullptr;
}

// The values the named variables have after train.sh's way of sourcing env.sh.
QStringList sourcedValues(const Project &project, const QStringList &names)
{
    const cwtest::Generated result = cwtest::generateFrom(project);
    if (!result.ok())
        return {u"invalid: "_s + describe(result.problems)};
    QTemporaryDir dir;
    QFile env(dir.filePath(u"env.sh"_s));
    if (!env.open(QIODevice::WriteOnly))
        return {u"cannot write env.sh"_s};
    env.write(fileNamed(result, u"env.sh"_s)->content);
    env.close();
    QString script = u"HERE=/opt/job NPROC=8 HOST_IP=10.0.0.22 NIC=; source \"$1\"; "_s;
    for (const QString &name : names)
        script += u"printf '%s\\n' \"${"_s + name + u"-unset}\"; "_s;
    QProcess bash;
    bash.start(u"bash"_s, {u"-c"_s, script, u"bash"_s, env.fileName()});
    bash.waitForFinished(10000);
    return QString::fromUtf8(bash.readAllStandardOutput()).split(u'\n', Qt::SkipEmptyParts);
}

const QStringList kNames{u"HCCL_WHITELIST_DISABLE"_s, u"HCCL_WHITELIST_FILE"_s,
                         u"HCCL_CONNECT_TIMEOUT"_s, u"DEVICE_NUM"_s};

} // namespace

class TestHcclDefaults : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void twoServersGetTheGuidesDefaults()
    {
        QCOMPARE(sourcedValues(twoServers(), kNames),
                 QStringList({u"1"_s, u"unset"_s, u"600"_s, u"unset"_s}));
    }

    void theProjectsValuesWin()
    {
        Project project = twoServers();
        project.launch.env = {{u"HCCL_CONNECT_TIMEOUT"_s, u"1800"_s},
                              {u"HCCL_WHITELIST_DISABLE"_s, u"1"_s}};
        QCOMPARE(sourcedValues(project, kNames),
                 QStringList({u"1"_s, u"unset"_s, u"1800"_s, u"unset"_s}));
        // Nothing of ours is written for a variable the project sets.
        QCOMPARE(hcclDefaults(project, u"F"_s).size(), size_t(0));
    }

    void aWhitelistFileOfTheUsersSwitchesTheCheckOn()
    {
        Project project = twoServers();
        project.launch.env = {{u"HCCL_WHITELIST_FILE"_s, u"/etc/hccl/trust.json"_s}};
        QCOMPARE(sourcedValues(project, kNames),
                 QStringList({u"0"_s, u"/etc/hccl/trust.json"_s, u"600"_s, u"unset"_s}));
    }

    void hostIpsWritesTheTrustList()
    {
        Project project = twoServers();
        project.launch.hcclWhitelistHostIps = true;
        project.launch.master = u"server1"_s;
        QCOMPARE(sourcedValues(project, kNames),
                 QStringList({u"0"_s, u"/opt/job/hccl_whitelist.json"_s, u"600"_s, u"unset"_s}));
        const cwtest::Generated result = cwtest::generateFrom(project);
        const GeneratedFile *file = fileNamed(result, u"hccl_whitelist.json"_s);
        QVERIFY(file);
        // HCCL's documented format; device_ip is reserved, so only host_ip, master first.
        const auto json = nlohmann::json::parse(file->content.toStdString());
        QCOMPARE(QString::fromStdString(json.dump()),
                 u"{\"host_ip\":[\"10.0.0.23\",\"10.0.0.22\"]}"_s);
        QVERIFY(fileNamed(result, u"README.txt"_s)->content.contains("hccl_whitelist.json"));
    }

    void oneServerOrCpuGetsNone()
    {
        Project one = twoServers();
        one.servers.pop_back();
        one.launch.hcclWhitelistHostIps = true;
        QCOMPARE(sourcedValues(one, kNames),
                 QStringList({u"unset"_s, u"unset"_s, u"unset"_s, u"unset"_s}));
        QVERIFY(!fileNamed(cwtest::generateFrom(one), u"hccl_whitelist.json"_s));

        Project cpu = twoServers();
        cpu.accelerator = Accelerator::Cpu;
        cpu.deviceNetwork = {};
        for (Server &server : cpu.servers)
            server.deviceIps.clear();
        QCOMPARE(hcclDefaults(cpu, u"F"_s).size(), size_t(0));
    }

    void rankTableModeExportsDeviceNum()
    {
        Project project = twoServers();
        project.launch.mode = LaunchMode::RankTable;
        QCOMPARE(sourcedValues(project, {u"DEVICE_NUM"_s}), QStringList({u"8"_s}));
    }

    // msrun's workers inherit env.sh's environment like any rank: DEVICE_NUM there too.
    void msrunModeExportsDeviceNum()
    {
        Project project = twoServers();
        project.launch.framework = Framework::MindSpore;
        project.launch.mode = LaunchMode::Msrun;
        QCOMPARE(sourcedValues(project, {u"DEVICE_NUM"_s}), QStringList({u"8"_s}));
        project.launch.mode = LaunchMode::Launch;
        project.launch.framework = Framework::PyTorch;
        QCOMPARE(sourcedValues(project, {u"DEVICE_NUM"_s}), QStringList({u"unset"_s}));
    }

    void theChoiceRoundTrips()
    {
        Project project = twoServers();
        QVERIFY(!projectToJsonText(project).contains("hccl_whitelist"));
        project.launch.hcclWhitelistHostIps = true;
        const QByteArray text = projectToJsonText(project);
        QVERIFY(text.contains("\"hccl_whitelist\": \"host_ips\""));
        const ProjectLoad load = projectFromJsonText(text);
        QVERIFY(load.ok());
        QVERIFY(load.project.launch.hcclWhitelistHostIps);

        QByteArray bad = text;
        bad.replace("\"host_ips\"", "\"all\"");
        const ProjectLoad refused = projectFromJsonText(bad);
        QCOMPARE(refused.problems.size(), size_t(1));
        QCOMPARE(refused.problems.front().path, u"launch.hccl_whitelist"_s);
    }
};

QTEST_GUILESS_MAIN(TestHcclDefaults)
#include "tst_hcclDefaults.moc"
