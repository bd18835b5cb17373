// check.sh: the plan, the project values and, from the check table, the fact commands, the list
// of checks and the ports each server must let in; then the bash that decides each check.
#include "generate/ScriptFiles.h"

#include "checklist/CheckTable.h"
#include "checklist/FactCommands.h"
#include "checklist/FrameworkPackages.h"
#include "generate/CheckScriptBash.h"
#include "generate/DeviceIpBash.h"
#include "generate/DeviceRouteBash.h"
#include "generate/NodePlanBash.h"
#include "rules/ProjectWarnings.h"
#include "shell/ShellQuote.h"

#include <QRegularExpression>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace cw {
namespace {

// A file that a `source FILE` / `. FILE` line of launch.env_setup reads. `root` says what a
// relative path is relative to: "abs", "home" (~/, $HOME/) or "workdir" (train.sh sources
// env.sh after cd into launch.workdir).
struct SourcedFile {
    QString root;
    QString path;
};

struct EnvSetupFiles {
    std::vector<SourcedFile> files;
    QStringList unchecked; // source lines whose file depends on other shell expansion
};

EnvSetupFiles envSetupFiles(const QStringList &lines)
{
    static const QRegularExpression spaces(QStringLiteral("\\s+"));
    static const QRegularExpression shellSyntax(QStringLiteral("[$`\\\\\"'*?\\[\\]{}()<>|;&!]"));
    EnvSetupFiles result;
    for (const QString &line : lines) {
        const QStringList words = line.trimmed().split(spaces, Qt::SkipEmptyParts);
        if (words.size() < 2 || (words[0] != u"source"_s && words[0] != u"."_s))
            continue;
        QString path = words[1];
        if (path.size() >= 2 && (path.front() == u'\'' || path.front() == u'"') &&
            path.back() == path.front()) {
            path = path.mid(1, path.size() - 2);
        }
        QString root = QStringLiteral("abs");
        for (const QString &prefix : {u"~/"_s, u"$HOME/"_s, u"${HOME}/"_s}) {
            if (path.startsWith(prefix)) {
                root = QStringLiteral("home");
                path = path.mid(prefix.size());
                break;
            }
        }
        // Anything else the shell would expand is left to env.sh, which runs the line as written.
        if (path.isEmpty() || path.startsWith(u'~') || path.contains(shellSyntax)) {
            result.unchecked << line.trimmed();
            continue;
        }
        if (root == u"abs"_s && !path.startsWith(u'/'))
            root = QStringLiteral("workdir");
        result.files.push_back({root, path});
    }
    return result;
}

QString quotedArray(const QString &name, const QStringList &values)
{
    QStringList quoted;
    for (const QString &value : values)
        quoted << shellQuote(value);
    return name + u"=("_s + quoted.join(u' ') + u")\n"_s;
}

// What check.sh needs from the project beyond the plan table, every value quoted.
QString projectValues(const Project &project)
{
    QStringList sshPorts;
    for (int index : project.launchOrder())
        sshPorts << QString::number(project.servers[static_cast<size_t>(index)].port);
    const EnvSetupFiles sourced = envSetupFiles(project.launch.envSetup);
    QStringList roots, paths;
    for (const SourcedFile &file : sourced.files) {
        roots << file.root;
        paths << file.path;
    }

    QString text = QStringLiteral("\n# What the checks compare against.\n");
    text += u"ACCELERATOR="_s + shellQuote(acceleratorName(project.accelerator)) + u'\n';
    text += u"LAUNCH_MODE="_s + shellQuote(launchModeName(project.launch.mode)) + u'\n';
    text += u"PYTHON="_s + shellQuote(project.launch.python) + u'\n';
    text += u"FRAMEWORK="_s + shellQuote(frameworkName(project.launch.framework)) + u'\n';
    QStringList packages;
    for (const QString &package : frameworkPackages(project))
        packages << packageDistributions(package).join(u'|');
    text += quotedArray(QStringLiteral("FRAMEWORK_PACKAGES"), packages);
    text += u"WORKDIR="_s + shellQuote(project.launch.workdir) + u'\n';
    text += u"ENTRY="_s + shellQuote(project.launch.entry) + u'\n';
    text += u"MPIRUN_PREFIX="_s + shellQuote(project.launch.mpirun.prefix) + u'\n';
    text += u"NODE_SSH_PORTS=("_s + sshPorts.join(u' ') + u")\n"_s;
    // The server that logs in to the others (the master, or a restarting run's supervisor), by
    // plan index, and why the others skip its checks.
    const std::vector<int> order = project.launchOrder();
    const auto hub = std::find(order.begin(), order.end(), project.peerLoginIndex());
    text += QStringLiteral("PEER_HUB=%1\n").arg(hub == order.end() ? 0 : int(hub - order.begin()));
    text += u"PEER_HUB_SKIP="_s + shellQuote(checkRoleSkipReason(CheckRole::PeerHub, project)) +
            u"\nPEER_TARGET_SKIP="_s +
            shellQuote(checkRoleSkipReason(CheckRole::PeerTargets, project)) + u'\n';
    text += QStringLiteral("HCCL_PORT_FIRST=%1\nHCCL_PORT_LAST=%2\n")
                .arg(project.launch.hcclPorts.first)
                .arg(project.launch.hcclPorts.last);
    text += quotedArray(QStringLiteral("ENV_SETUP_ROOTS"), roots);
    text += quotedArray(QStringLiteral("ENV_SETUP_PATHS"), paths);
    text += quotedArray(QStringLiteral("ENV_SETUP_UNCHECKED"), sourced.unchecked);
    // CANN's places, looked at when an Ascend project sources no set_env.sh (as discovery does).
    const bool lookForCann = isAscend(project.accelerator) && !sourcesCannSetEnv(project.launch);
    text += quotedArray(QStringLiteral("CANN_SET_ENV_PLACES"),
                        lookForCann ? cannSetEnvPaths() : QStringList());
    return text;
}

// "FACT_HOSTNAME_I" for the section "hostname-i".
QString factArrayName(const char *section)
{
    return u"FACT_"_s + QLatin1StringView(section).toString().toUpper().replace(u'-', u'_');
}

// The fixed commands of the facts the applicable checks read, one array of words each: the
// commands discovery runs, so check.sh reads the same output. A fact whose command depends on
// the project (paths, python) or the device (hccn_tool, in deviceIpTable()) has none here.
QString factArrays(const std::vector<const CheckSpec *> &specs)
{
    QString text =
        QStringLiteral("\n# The commands that gather the checks' facts (discovery runs the "
                       "same), and the\n# function that reads their output there.\n");
    QStringList done;
    for (const CheckSpec *spec : specs) {
        for (const char *section : spec->facts) {
            const FactCommand *fact = factCommand(QLatin1StringView(section));
            if (!fact || fact->argv.isEmpty() || done.contains(QLatin1StringView(section)))
                continue;
            done.append(QLatin1StringView(section));
            text += factArrayName(section) + u"=("_s + shellJoin(fact->argv) + u") # "_s +
                    QLatin1StringView(fact->parser) + u'\n';
        }
    }
    return text;
}

QString scriptRoleName(CheckRole role)
{
    switch (role) {
    case CheckRole::EveryServer:
        return u"all"_s;
    case CheckRole::Master:
        return u"master"_s;
    case CheckRole::OtherServers:
        return u"others"_s;
    case CheckRole::PeerHub:
        return u"hub"_s;
    case CheckRole::PeerTargets:
        return u"targets"_s;
    }
    return u"all"_s;
}

// clusterwiz_checks: the applicable checks in report order, as clusterwiz_check runs them.
QString checkList(const std::vector<const CheckSpec *> &specs)
{
    QString text = QStringLiteral(
        "\n# The checks of this project, from the check table: id, where check.sh decides it, "
        "whether it\n# connects to other servers, and the function that decides it.\n"
        "clusterwiz_checks() {\n");
    for (const CheckSpec *spec : specs) {
        text += u"    # %1: %2\n    clusterwiz_check %1 %3 %4 %5\n"_s.arg(
            QLatin1StringView(spec->id), QLatin1StringView(spec->summary),
            scriptRoleName(spec->scriptRole), spec->contactsOthers ? u"reach"_s : u"local"_s,
            QLatin1StringView(spec->scriptFunction));
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

QString acceleratorFunctions(Accelerator accelerator)
{
    switch (accelerator) {
    case Accelerator::Ascend910:
    case Accelerator::Ascend910b:
        return checkAscendFunctions();
    case Accelerator::Nvidia:
        return checkNvidiaFunction();
    case Accelerator::Cpu:
        return checkCpuFunction();
    }
    return checkCpuFunction();
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
    if (ascend) {
        text += deviceIpTable(project, DeviceTableUse::Check);
        text += deviceRouteTable(project);
    }
    text += factArrays(specs);
    text += checkList(specs);
    text += requiredPortsFunction(project);
    text += findNodeFunction();
    if (ascend) {
        text += hccnFunctions();
        text += deviceRoutePart(project, RoutePart::Functions);
    }
    text += checkFramework();
    text += checkHostFunctions();
    text += checkVersionFunctions();
    // A routed project also compares each device's gateway and detect IP; the --net test leaves
    // each device detecting a peer, and a routed project sets its own back.
    text +=
        acceleratorFunctions(project.accelerator)
            .replace(u"@ROUTE_CHECK_COMPARE@"_s, deviceRoutePart(project, RoutePart::CheckCompare))
            .replace(u"@ROUTE_CHECK_RESTORE@"_s, deviceRoutePart(project, RoutePart::CheckRestore));
    text += checkFirewallFunctions();
    text += checkNetworkFunctions();
    text += checkMain();
    return text.toUtf8();
}

} // namespace cw
