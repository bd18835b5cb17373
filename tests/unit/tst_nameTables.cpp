// SPDX-License-Identifier: GPL-3.0-or-later
// Every enum with names has one table of them (model/NameTable.h): every enumerator has a name,
// no two share one, and where names are read back, each gives its enumerator again. The
// enumerators are counted by the compiler, so a new one without a row fails here.
#include "checks/CheckTypes.h"
#include "diagnose/Diagnosis.h"
#include "diagnose/RankLogScan.h"
#include "discover/FirewallFacts.h"
#include "discover/ServerFacts.h"
#include "doctor/DoctorReport.h"
#include "exchange/Export.h"
#include "launch/RunRecord.h"
#include "model/Project.h"
#include "ssh/RemoteHost.h"
#include "ssh/SshTypes.h"

#include <QSet>
#include <QTest>

#include <string_view>
#include <utility>

using namespace cw;
using namespace Qt::StringLiterals;

namespace {

// GCC and Clang print a template argument that names an enumerator as "V = cw::E::A" and any
// other value of the enum as "V = (cw::E)4"; counting the named ones counts the enumerators.
template <auto V> constexpr bool isEnumerator()
{
    constexpr std::string_view function = __PRETTY_FUNCTION__;
    constexpr std::size_t at = function.find("V = ");
    return at != std::string_view::npos && function[at + 4] != '(';
}

template <typename Enum, int... I> constexpr int countEnumerators(std::integer_sequence<int, I...>)
{
    return (0 + ... + (isEnumerator<Enum(I)>() ? 1 : 0));
}

// The enumerators of `Enum`, numbered from 0 without gaps (as every enum here is).
template <typename Enum> constexpr int enumeratorCount()
{
    constexpr int count = countEnumerators<Enum>(std::make_integer_sequence<int, 64>{});
    static_assert(count > 0 && isEnumerator<Enum(count - 1)>(), "numbered from 0 without gaps");
    return count;
}

static_assert(enumeratorCount<CheckStatus>() == 4);
static_assert(enumeratorCount<SshError::Kind>() == 10);

// Every enumerator of `Enum` but `without` has a name of its own.
template <typename Enum, typename NameOf>
QStringList allNames(NameOf nameOf, QSet<int> without = {})
{
    QStringList names;
    for (int i = 0; i < enumeratorCount<Enum>(); ++i) {
        if (without.contains(i))
            continue;
        const QString name = nameOf(Enum(i));
        if (name.isEmpty() || names.contains(name))
            return {u"enumerator %1 has no name of its own: '%2'"_s.arg(i).arg(name)};
        names << name;
    }
    return names;
}

template <typename Enum, typename NameOf, typename FromName>
bool roundTrips(NameOf nameOf, FromName fromName, QSet<int> without = {})
{
    for (int i = 0; i < enumeratorCount<Enum>(); ++i) {
        if (!without.contains(i) && fromName(nameOf(Enum(i))) != std::optional<Enum>(Enum(i)))
            return false;
    }
    return !fromName(u"no such name"_s);
}

template <typename Enum, std::size_t N> bool coversEveryEnumerator(const NameTable<Enum, N> &table)
{
    const QStringList names = table.names();
    return int(table.size()) == enumeratorCount<Enum>() &&
           QSet<QString>(names.begin(), names.end()).size() == qsizetype(table.size());
}

} // namespace

class TestNameTables : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void projectFileNamesRoundTrip()
    {
        QVERIFY(coversEveryEnumerator(kAcceleratorNames));
        QVERIFY(coversEveryEnumerator(kLaunchModeNames));
        QVERIFY(coversEveryEnumerator(kFrameworkNames));
        QVERIFY(coversEveryEnumerator(kMpirunPerNames));
        QVERIFY(roundTrips<Accelerator>(&acceleratorName, &acceleratorFromName));
        QVERIFY(roundTrips<LaunchMode>(&launchModeName, &launchModeFromName));
        QVERIFY(roundTrips<Framework>(&frameworkName, &frameworkFromName));
        QCOMPARE(launchModeNames(), u"launch, mpirun, ranktable, no-ranktable, msrun"_s);
        QCOMPARE(kMpirunPerNames.name(MpirunPer::Device), u"device"_s);
        QCOMPARE(kMpirunPerNames.fromName(u"server"), MpirunPer::Server);
        QVERIFY(!kAcceleratorNames.fromName(u"CPU"));
    }

    void namesReadBackRoundTrip()
    {
        QVERIFY(roundTrips<DoctorPart>(&doctorPartName, &doctorPartFromName));
        QVERIFY(roundTrips<RunState>(&runStateName, &runStateFromName));
        QVERIFY(roundTrips<ExportTarget>(&exportTargetName, &exportTargetFromName));
        QCOMPARE(exportTargetNames(), (QStringList{u"slurm"_s, u"pytorchjob"_s, u"volcano"_s}));
        // hccn_tool's words: case and spacing tolerated; Unknown is no word of the tool's.
        const QSet<int> unknown{int(NetHealth::Unknown)};
        QVERIFY(roundTrips<NetHealth>(&netHealthName, &netHealthFromText, unknown));
        QCOMPARE(netHealthFromText(u"  receive   TIMEOUT "_s), NetHealth::ReceiveTimeout);
        QCOMPARE(netHealthName(NetHealth::Unknown), u"unknown"_s);
        QVERIFY(!netHealthFromText(u"unknown"_s));
    }

    void everyEnumeratorHasAName_data()
    {
        QTest::addColumn<QStringList>("names");
        QTest::newRow("CheckStatus") << allNames<CheckStatus>(&checkStatusName);
        QTest::newRow("DiagnosisState") << allNames<DiagnosisState>(&diagnosisStateName);
        QTest::newRow("FailureClass") << allNames<FailureClass>(&failureClassName);
        QTest::newRow("FirewallKind") << allNames<FirewallKind>(&firewallKindName);
        QTest::newRow("PortVerdict") << allNames<PortVerdict>(&portVerdictName);
        QTest::newRow("LinkState") << allNames<LinkState>(&linkStateName);
        QTest::newRow("NetHealth")
            << allNames<NetHealth>(&netHealthName, {int(NetHealth::Unknown)});
        QTest::newRow("DoctorPart") << allNames<DoctorPart>(&doctorPartName);
        QTest::newRow("RunState") << allNames<RunState>(&runStateName);
        QTest::newRow("ExportTarget") << allNames<ExportTarget>(&exportTargetName);
        QTest::newRow("SshAuthMethod") << allNames<SshAuthMethod>(&sshAuthMethodName);
        QTest::newRow("HostKeyState") << allNames<HostKeyInfo::State>(&hostKeyStateName);
        QTest::newRow("SshErrorKind") << allNames<SshError::Kind>(&sshErrorKindName);
        QTest::newRow("Accelerator") << allNames<Accelerator>(&acceleratorName);
        QTest::newRow("LaunchMode") << allNames<LaunchMode>(&launchModeName);
        QTest::newRow("Framework") << allNames<Framework>(&frameworkName);
    }

    void everyEnumeratorHasAName()
    {
        QFETCH(QStringList, names);
        QVERIFY2(!names.isEmpty() && !names.front().startsWith(u"enumerator"_s),
                 qPrintable(names.value(0)));
    }

    // The names as files, reports and check.sh have always spelt them.
    void namesAreTheOnesInUse()
    {
        QCOMPARE(checkStatusName(CheckStatus::Skipped), u"skipped"_s);
        QCOMPARE(failureClassName(FailureClass::KilledOrOom), u"killed/out of memory"_s);
        QCOMPARE(firewallKindName(FirewallKind::Nftables), u"nftables"_s);
        QCOMPARE(linkStateName(LinkState::Up), u"UP"_s);
        QCOMPARE(sshErrorKindName(SshError::Kind::HostKeyChanged), u"host-key-changed"_s);
        QCOMPARE(sshAuthMethodName(SshAuthMethod::IdentityFile), u"identity-file"_s);
    }
};

QTEST_GUILESS_MAIN(TestNameTables)
#include "tst_nameTables.moc"
