// SPDX-License-Identifier: GPL-3.0-or-later
// check.sh: the plan, the project values and, from the fact and check tables, the fact commands,
// the list of checks and the ports each server must let in; then the bash that gathers the facts
// and decides each check, the programs of resources/server/ in the order the script runs them.
// The thresholds and texts a check's bash shares with its C++ verdict come from the C++ constants
// (verdictConstants()).
// clusterwiz_check (check-framework.sh) runs one check: it sets CHECK_ID to the check's id and
// calls the check's function (CheckSpec::scriptFunction), which prints one line or more through
// clusterwiz_ok / clusterwiz_warn / clusterwiz_fail / clusterwiz_skip: "[ OK ] CHECK_ID: detail".
// Each function reads its facts with clusterwiz_fact (check-facts.sh: the output of the commands
// discovery runs, discover/FactCommands.h) and decides as the C++ verdict of its row does
// (checks/); tst_checkDifferential holds the two equal. firewall-ports is one awk program
// (check-firewall.awk: the readers of discover/FirewallFacts.h and the verdict of
// checks/CheckNetwork.cpp), which tst_firewallDifferential also runs alone under mawk, gawk and
// busybox awk.
#include "generate/ScriptFiles.h"

#include "checks/CheckDevices.h"
#include "checks/CheckHostLimits.h"
#include "checks/CheckNetwork.h"
#include "checks/CheckServer.h"
#include "checks/CheckTable.h"
#include "checks/ChipGeneration.h"
#include "checks/DeviceProcesses.h"
#include "checks/DeviceTls.h"
#include "checks/SuperPodSpan.h"
#include "checks/ValueChecks.h"
#include "checks/VersionConsistency.h"
#include "generate/CheckScriptFacts.h"
#include "generate/DeviceIpBash.h"
#include "generate/DeviceRouteBash.h"
#include "generate/NodePlanBash.h"
#include "programs/ServerPrograms.h"
#include "rules/DeviceRoutes.h"
#include "rules/FrameworkPackages.h"
#include "rules/ProjectWarnings.h"
#include "shell/ShellQuote.h"

#include <QFileInfo>

#include <algorithm>
#include <utility>

using namespace Qt::StringLiterals;

namespace cw {
namespace {

// Whether launch.upload brings the entry script (the paths check does not miss it then).
bool entryUploaded(const LaunchConfig &launch)
{
    const QString entryName = QFileInfo(launch.entry).fileName();
    return std::any_of(launch.upload.cbegin(), launch.upload.cend(), [&](const QString &upload) {
        return QFileInfo(upload).fileName() == entryName;
    });
}

// What check.sh needs from the project beyond the plan table, every value quoted.
QString projectValues(const Project &project)
{
    QStringList sshPorts;
    for (int index : project.launchOrder())
        sshPorts << QString::number(project.servers[static_cast<size_t>(index)].port);

    QString text = QStringLiteral("\n# What the checks compare against.\n");
    text += u"ACCELERATOR="_s + shellQuote(acceleratorName(project.accelerator)) + u'\n';
    text += u"LAUNCH_MODE="_s + shellQuote(launchModeName(project.launch.mode)) + u'\n';
    text += u"PYTHON="_s + shellQuote(project.launch.python) + u'\n';
    text += u"FRAMEWORK="_s + shellQuote(frameworkName(project.launch.framework)) + u'\n';
    QStringList packages;
    for (const QString &package : frameworkPackages(project))
        packages << packageDistributions(package).join(u'|');
    text += bashArray(QStringLiteral("FRAMEWORK_PACKAGES"), packages);
    text += u"ENTRY="_s + shellQuote(project.launch.entry) + u'\n';
    text += u"ENTRY_UPLOADED=%1\n"_s.arg(entryUploaded(project.launch) ? 1 : 0);
    text += u"ENV_SETUP_LINES=%1\n"_s.arg(project.launch.envSetup.size());
    text += u"MPIRUN_PREFIX="_s + shellQuote(project.launch.mpirun.prefix) + u'\n';
    text += bashArray(u"NODE_SSH_PORTS"_s, sshPorts, BashWords::AsIs);
    // The server that logs in to the others (the master, or a restarting run's supervisor), by
    // plan index, and why the others skip its checks (and the master's, and the others').
    const std::vector<int> order = project.launchOrder();
    const auto hub = std::find(order.begin(), order.end(), project.peerLoginIndex());
    text += QStringLiteral("PEER_HUB=%1\n").arg(hub == order.end() ? 0 : int(hub - order.begin()));
    text += u"MASTER_SKIP="_s +
            shellQuote(checkRoleSkipReason(CheckRole::Master, project).english()) +
            u"\nOTHERS_SKIP="_s +
            shellQuote(checkRoleSkipReason(CheckRole::OtherServers, project).english()) + u'\n';
    text += u"PEER_HUB_SKIP="_s +
            shellQuote(checkRoleSkipReason(CheckRole::PeerHub, project).english()) +
            u"\nPEER_TARGET_SKIP="_s +
            shellQuote(checkRoleSkipReason(CheckRole::PeerTargets, project).english()) + u'\n';
    text += QStringLiteral("HCCL_PORT_FIRST=%1\nHCCL_PORT_LAST=%2\n")
                .arg(project.launch.hcclPorts.first)
                .arg(project.launch.hcclPorts.last);
    // CANN's places, looked at when an Ascend project sources no set_env.sh (as discovery does).
    const bool lookForCann = isAscend(project.accelerator) && !sourcesCannSetEnv(project.launch);
    text += bashArray(QStringLiteral("CANN_SET_ENV_PLACES"),
                      lookForCann ? cannSetEnvPaths() : QStringList());
    text += u"DEVICE_ROUTED=%1\n"_s.arg(isRouted(project.deviceNetwork) ? 1 : 0);
    if (project.accelerator == Accelerator::Ascend910_93) {
        // Each die's SDID as the project writes it, parallel to NODE_DEVICES ("" where unset).
        QStringList sdids;
        for (int index : project.launchOrder())
            sdids << project.servers[size_t(index)].superDeviceIds.join(u' ');
        text += bashArray(QStringLiteral("NODE_SUPER_DEVICE_IDS"), sdids);
        // Each server's super pod ("" in none), for the super-pods check.
        QStringList pods;
        for (int index : project.launchOrder()) {
            QString pod;
            for (const SuperPod &candidate : project.superPods) {
                if (candidate.servers.contains(project.servers[size_t(index)].name))
                    pod = candidate.id;
            }
            pods << pod;
        }
        text += bashArray(QStringLiteral("NODE_SUPER_POD"), pods);
    }
    return text;
}

// The thresholds and texts the checks' bash decides with, the C++ verdicts' own (checks/), so
// that the two verdicts of a check cannot drift apart; then the value rows of the project's
// checks, which both read.
QString verdictConstants(const Project &project)
{
    QString text = QStringLiteral("\n# What the C++ verdicts decide with too (checks/): "
                                  "thresholds, and texts whose %1, %2... clusterwiz_text fills "
                                  "in.\n");
    // One function per check file, in the order check.sh's parts run.
    using Constants = std::vector<checks::ScriptConstant> (*)();
    static constexpr Constants sources[] = {
        checks::joinScriptConstants,    checks::serverScriptConstants,
        checks::chipScriptConstants,    checks::deviceScriptConstants,
        checks::tlsScriptConstants,     checks::deviceProcessScriptConstants,
        checks::versionScriptConstants, checks::hostLimitScriptConstants,
        checks::networkScriptConstants, checks::superPodScriptConstants,
    };
    for (const Constants source : sources) {
        for (const checks::ScriptConstant &constant : source())
            text += u"readonly %1=%2\n"_s.arg(QLatin1StringView(constant.name),
                                              shellQuote(constant.value));
    }
    return text + checks::valueCheckRowsBash(applicableCheckIds(project));
}

QString scriptRoleName(CheckRole role)
{
    static constexpr auto names = nameTable<CheckRole>({
        {CheckRole::EveryServer, "all"},
        {CheckRole::Master, "master"},
        {CheckRole::OtherServers, "others"},
        {CheckRole::PeerHub, "hub"},
        {CheckRole::PeerTargets, "targets"},
    });
    return names.name(role, QLatin1StringView("all"));
}

// clusterwiz_checks: the applicable checks in report order, as clusterwiz_check runs them.
QString checkList(const std::vector<const CheckSpec *> &specs)
{
    QString text = QStringLiteral(
        "\n# The checks of this project, from the check table: id, where check.sh decides it, "
        "whether it\n# connects to other servers, whether it is judged from facts or tests live "
        "connections, and\n# the function that decides it.\n"
        "clusterwiz_checks() {\n");
    for (const CheckSpec *spec : specs) {
        text += u"    # %1: %2\n    clusterwiz_check %1 %3 %4 %5 %6\n"_s.arg(
            QLatin1StringView(spec->id), QLatin1StringView(spec->summary),
            scriptRoleName(spec->scriptRole), spec->contactsOthers ? u"reach"_s : u"local"_s,
            spec->facts.empty() ? u"live"_s : u"facts"_s, QLatin1StringView(spec->scriptFunction));
    }
    return text + u"}\n"_s;
}

// clusterwiz_required_ports: the ports of the firewall-ports check for this server (by plan
// index), as clusterwiz_need_port calls.
QString requiredPortsFunction(const Project &project)
{
    const CheckSpec *firewall = checkSpec(QLatin1StringView(check::kFirewallPorts));
    QString text = QStringLiteral("\n# The ports each server must let in (firewall-ports), by "
                                  "plan index.\nclusterwiz_required_ports() {\n"
                                  "    case \"$NODE_RANK\" in\n");
    const std::vector<int> order = project.launchOrder();
    for (size_t rank = 0; rank < order.size(); ++rank) {
        text += u"    %1)\n"_s.arg(rank);
        for (const RequiredPort &port : checkPorts(*firewall, project, order[rank])) {
            text += u"        clusterwiz_need_port %1 %2 %3\n"_s.arg(
                QString::number(port.span.first), QString::number(port.span.last),
                shellQuote(port.why));
        }
        text += u"        ;;\n"_s;
    }
    return text + u"    esac\n}\n"_s;
}

// The --net test (device-net-health) leaves each device detecting a peer; a routed project sets
// its own back, at the end of the test, before the function's closing brace.
QString deviceNetTest(const Project &project)
{
    QString test = programText(program::check_ascend_net_test_sh);
    const QString closing = u"}\n"_s;
    Q_ASSERT(test.endsWith(closing));
    test.insert(test.size() - closing.size(), deviceRoutePart(project, RoutePart::CheckRestore));
    return test;
}

QString acceleratorFunctions(const Project &project)
{
    switch (project.accelerator) {
    case Accelerator::Ascend910:
    case Accelerator::Ascend910b:
    case Accelerator::Ascend910_93:
        // accelerator (npu-smi), device-ips, device-links; device-net-health, -tls, -processes.
        return programText(program::check_ascend_sh) + deviceNetTest(project) +
               programText(program::check_ascend_devices_sh) +
               (project.accelerator == Accelerator::Ascend910_93
                    ? programText(program::check_super_pods_sh) // super-pods
                    : QString());
    case Accelerator::Nvidia:
        return programText(program::check_nvidia_sh); // nvidia-smi -L
    case Accelerator::Cpu:
        break;
    }
    return programText(program::check_cpu_sh); // nothing to check
}

// firewall-ports: the bash that feeds the facts and the ports to the awk program, which check.sh
// holds as a here-document.
QString firewallFunctions()
{
    return programText(program::check_firewall_sh) +
           u"\nclusterwiz_firewall_awk() {\n    cat <<'CLUSTERWIZ_AWK'\n"_s +
           programText(program::check_firewall_awk) + u"CLUSTERWIZ_AWK\n}\n"_s;
}

} // namespace

QByteArray checkScript(const Project &project)
{
    const bool ascend = isAscend(project.accelerator);
    const std::vector<const CheckSpec *> specs = applicableCheckSpecs(project);
    QString text = scriptHeader(
        project, QStringLiteral("Checks this server before a job: one line per finding, exit 1 "
                                "when a check fails. Same file on every server; --help for "
                                "options."));
    text += QStringLiteral("set -u\n\n");
    text += planTable(project);
    text += projectValues(project);
    text += verdictConstants(project);
    if (ascend) {
        text += deviceIpTable(project, DeviceTableUse::Check);
        text += deviceRouteTable(project);
    }
    text += checkFactTable(project);
    text += checkList(specs);
    text += requiredPortsFunction(project);
    text += findNodeFunction();
    if (ascend)
        text += hccnFunctions(); // clusterwiz_run_words for --net
    // usage, options, counters, clusterwiz_check, the needed ports, helpers
    text += programText(program::check_framework_sh);
    // clusterwiz_gather_facts (as discovery's probe), clusterwiz_fact and clusterwiz_peer_fact
    text += programText(program::check_facts_sh);
    // hostname, host-ip, python-torch, mpirun, msrun, cann-env, paths, sshd
    text += programText(program::check_host_sh);
    text += programText(program::check_versions_sh); // versions across servers
    text += programText(program::check_value_sh);  // the value rows: shm-size, memlock, open-files
    text += programText(program::check_limits_sh); // master-resolves, clock-skew
    text += acceleratorFunctions(project);
    text += firewallFunctions();
    // ssh, master-port-free, hccl-ports-free, master-port-reachable, peer-login, known-hosts
    text += programText(program::check_network_sh);
    // finds the server, --list, runs the checks, prints the summary, exits
    text += programText(program::check_main_sh);
    return text.toUtf8();
}

} // namespace cw
