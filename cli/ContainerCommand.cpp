// SPDX-License-Identifier: GPL-3.0-or-later
// `container up|status|down PROJECT`: the training containers on the project's hosts
// (docs/containers.md). The only command that reaches the hosts themselves when the project has
// a container section; every other one reaches the containers.
#include "cli/Cli.h"
#include "cli/Commands.h"
#include "cli/FleetCliOptions.h"
#include "container/ContainerFleet.h"
#include "container/ContainerText.h"
#include "generate/ContainerScript.h"
#include "model/Problem.h"
#include "ssh/SshTypes.h"

#include <nlohmann/json.hpp>

using namespace Qt::StringLiterals;

namespace cw::cli {
namespace {

using Json = nlohmann::ordered_json;

const QString kDescription =
    u"The training containers of a project with a container section, on every server at once\n"
    u"over the hosts' own SSH (docs/containers.md):\n"
    u"  up      check every host first (engine, image, port, name: nothing is made unless all\n"
    u"          pass), then create or start each container with the host's network, its\n"
    u"          devices, sshd on container.ssh_port, keys and environment, and let every\n"
    u"          container log in to every other; this machine's known_hosts gets each\n"
    u"          container's host key. A second up changes nothing and says so.\n"
    u"  status  per server: the container, its image, sshd on the port, devices and shared\n"
    u"          memory inside, its addresses against the host's, the host's firewall for the port\n"
    u"  down    remove the containers up made, and the known_hosts lines it added\n"
    u"Every other command (discover, check, launch, logs, stop, diagnose, doctor) then runs\n"
    u"inside the containers, at HOST:ssh_port as root. --dry-run contacts no server and prints\n"
    u"each server's commands as they will run (containers.sh holds the same).\n"
    u"Exit codes: 0 done, 1 a server refused or failed (each named), 2 the project cannot be\n"
    u"read, 64 usage."_s;

Json jsonStrings(const QStringList &list)
{
    Json array = Json::array();
    for (const QString &text : list)
        array.push_back(text.toStdString());
    return array;
}

Json resultJson(const Project &project, const ContainerServerResult &r, bool status)
{
    Json item;
    item["server"] = r.connection.serverName.toStdString();
    item["endpoint"] = r.connection.endpoint.toStdString();
    item["ok"] = r.ok();
    if (!r.ok())
        item["error"] = containerProblemText(r).english().toStdString();
    if (!r.refusalCode.isEmpty())
        item["refused"] = r.refusalCode.toStdString();
    item["changes"] = jsonStrings(r.changes);
    if (!r.hostKey.isEmpty())
        item["host_key"] = r.hostKey.toStdString();
    if (status && r.ok()) {
        item["state"] = r.state.toStdString();
        item["image"] = r.image.toStdString();
        item["port_listening"] = r.portListening;
        item["sshd_running"] = r.sshdRunning;
        item["host_key_as_recorded"] = r.hostKeyAsRecorded;
        item["container_ips"] = jsonStrings(r.containerIps);
        item["host_ips"] = jsonStrings(r.hostIps);
        if (r.devicesInside)
            item["devices_inside"] = *r.devicesInside;
        if (r.shmKib)
            item["shm_kib"] = *r.shmKib;
        if (r.firewall)
            item["firewall"] = portVerdictName(r.firewall->verdict).toStdString();
        item["ready"] = containerStatusText(project, r).ready;
    }
    return item;
}

int printDryRun(const Project &project, const QString &action, QTextStream &out)
{
    const std::vector<ContainerStep> steps =
        action == u"up"_s       ? std::vector{ContainerStep::Check, ContainerStep::Up}
        : action == u"status"_s ? std::vector{ContainerStep::Status}
                                : std::vector{ContainerStep::Down};
    for (size_t s = 0; s < project.servers.size(); ++s) {
        for (const ContainerStep step : steps) {
            out << "# " << escapeControls(containerHostLabel(project, int(s))) << ": "
                << (step == ContainerStep::Check ? u"up, first round (changes nothing)"_s
                    : step == ContainerStep::Up  ? u"up, second round"_s
                                                 : action)
                << ", run with bash\n"
                << containerHostScript(project, int(s), step) << '\n';
        }
    }
    if (action == u"up"_s)
        out << "# then, on every server: cw_container_trust with peer_keys and peer_hosts set to "
               "every container's key and host key, as the second round printed them\n";
    out.flush();
    return ExitOk;
}

} // namespace

int runContainer(const QStringList &arguments, QTextStream &out, QTextStream &err)
{
    static const QStringList kActions{u"up"_s, u"status"_s, u"down"_s};
    const QString action = arguments.value(0);
    CommandParser command(u"container"_s, kDescription, u"up|status|down [options] PROJECT"_s);
    command.addPositional(u"PROJECT"_s, u"The *.clusterwiz.json file."_s);
    QCommandLineParser &parser = command.parser();
    parser.addOption({u"dry-run"_s, u"Print each server's commands; contact no server."_s});
    parser.addOption({u"json"_s, u"Print the results as JSON."_s});
    if (action == u"-h" || action == u"--help" || action.isEmpty()) {
        if (action.isEmpty())
            return command.usageError(u"say up, status or down"_s, err);
        out << command.helpText();
        out.flush();
        return ExitOk;
    }
    if (!kActions.contains(action))
        return command.usageError(u"'%1' is not up, status or down"_s.arg(escapeControls(action)),
                                  err);
    ServerCommandInput input;
    if (const int exit = parseServerCommand(command, arguments.mid(1), out, err, input,
                                            ProjectNeed::Valid, ServerView::Hosts);
        exit != kContinue)
        return exit;
    const Project &project = input.project;
    if (!project.container) {
        err << escapeControls(input.path)
            << ": the project has no container section (docs/containers.md says how to add one)\n";
        err.flush();
        return ExitInvalid;
    }
    if (parser.isSet(u"dry-run"_s))
        return printDryRun(project, action, out);

    const QString journal = containerJournalPath(input.path);
    const bool status = action == u"status";
    const ContainerRun run = action == u"up" ? containerUp(project, input.fleet, journal)
                             : status        ? containerStatus(project, input.fleet, journal)
                                             : containerDown(project, input.fleet, journal);
    bool ready = run.ok();
    if (parser.isSet(u"json"_s)) {
        Json document;
        document["action"] = action.toStdString();
        Json servers = Json::array();
        for (const ContainerServerResult &result : run.servers) {
            const Json item = resultJson(project, result, status);
            ready = ready && item.value("ready", true);
            servers.push_back(item);
        }
        document["servers"] = servers;
        document["changed"] = run.changedAnything();
        document["notes"] = jsonStrings(run.notes);
        if (!run.error.isEmpty())
            document["error"] = run.error.toStdString();
        document["ok"] = ready;
        out << QString::fromStdString(document.dump(2)) << '\n';
        out.flush();
        return ready ? ExitOk : ExitInvalid;
    }

    int failed = 0;
    for (const ContainerServerResult &result : run.servers) {
        const QString where = containerHostLabel(project, result.connection.serverIndex);
        if (!result.ok()) {
            ++failed;
            err << escapeControls(where) << ": "
                << escapeControls(containerProblemText(result).english()) << '\n';
            continue;
        }
        if (status) {
            const ContainerStatusText line = containerStatusText(project, result);
            ready = ready && line.ready;
            failed += line.ready ? 0 : 1;
            out << "container on " << escapeControls(where) << ": "
                << escapeControls(line.text.english()) << '\n';
            continue;
        }
        out << "container on " << escapeControls(where) << ": "
            << escapeControls(containerChangesText(result, run.stoppedBeforeChanges).english())
            << '\n';
    }
    for (const QString &note : run.notes)
        err << escapeControls(note) << '\n';
    if (!run.error.isEmpty())
        err << escapeControls(run.error) << '\n';
    out.flush();
    const QString servers = counted(qsizetype(project.servers.size()), u"server"_s);
    if (run.stoppedBeforeChanges) {
        err << programName() << " container up: nothing was created or changed: " << failed
            << " of " << servers << " refused\n";
        err.flush();
        return ExitInvalid;
    }
    if (failed > 0 || !run.error.isEmpty()) {
        err << programName() << " container " << action << ": " << failed << " of " << servers
            << (status ? u" not ready"_s : u" failed"_s) << '\n';
        err.flush();
        return ExitInvalid;
    }
    if (!status)
        out << "container " << action << ": " << servers << ", "
            << (run.changedAnything() ? u"done"_s : u"nothing changed"_s) << '\n';
    out.flush();
    return ExitOk;
}

} // namespace cw::cli
