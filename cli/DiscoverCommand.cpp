// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/Cli.h"
#include "cli/Commands.h"
#include "cli/FleetCliOptions.h"
#include "discover/Discovery.h"
#include "discover/DiscoveryReport.h"
#include "model/Problem.h"
#include "model/ProjectJson.h"
#include <nlohmann/json.hpp>

using namespace Qt::StringLiterals;

namespace cw::cli {

int runDiscover(const QStringList &arguments, QTextStream &out, QTextStream &err)
{
    CommandParser command(
        u"discover"_s,
        u"Connects to every server of the project over SSH at once and reports what is there:\n"
        u"hostname, host IP and its NIC, OS, NPUs or GPUs and their health, current device IPs,\n"
        u"python and torch, mpirun and the firewall. Only reads: nothing on a server changes.\n"
        u"Server host keys must be in known_hosts; unknown keys are refused (with their SHA256\n"
        u"fingerprint) unless --accept-new. --update fills empty host_ip, nic, devices and\n"
        u"device_ips (and an Atlas A3 server's super_device_ids) in the project file.\n"
        u"Exit codes: 0 every server answered, 1 a server failed (the others are still\n"
        u"reported), 2 the project cannot be read or written."_s,
        u"[options] PROJECT"_s);
    command.addPositional(u"PROJECT"_s, u"The *.clusterwiz.json file."_s);
    QCommandLineParser &parser = command.parser();
    parser.addOption({u"json"_s, u"Print the results as JSON."_s});
    parser.addOption({u"update"_s, u"Write what was found into empty fields of PROJECT."_s});
    ServerCommandInput input;
    if (const int exit =
            parseServerCommand(command, arguments, out, err, input, ProjectNeed::Readable);
        exit != kContinue)
        return exit;
    auto &[fleet, path, project, valid, file] = input;
    const bool json = parser.isSet(u"json"_s);
    const bool update = parser.isSet(u"update"_s);

    const std::vector<ServerDiscovery> results = discoverFleet(project, fleet);
    QStringList changes;
    const Project filled = applyDiscovery(project, results, &changes);
    int failed = 0;
    for (const ServerDiscovery &result : results)
        failed += result.ok() ? 0 : 1;

    if (json) {
        nlohmann::ordered_json document = discoveryToJson(filled, results);
        if (update) {
            nlohmann::ordered_json written = nlohmann::ordered_json::array();
            for (const QString &change : changes)
                written.push_back(change.toStdString());
            document["changes"] = written;
        }
        out << QString::fromStdString(document.dump(2)) << '\n';
    } else {
        out << discoveryTable(filled, results);
    }
    out.flush();

    if (update && !changes.isEmpty()) {
        // What was found goes into the file's project: inside containers, the view's port and
        // user are the containers', not what the file says of the hosts.
        const Project saved = project.container ? applyDiscovery(file, results) : filled;
        if (const QString error = saveProjectFile(saved, path); !error.isEmpty()) {
            err << escapeControls(error) << '\n';
            err.flush();
            return ExitUnreadable;
        }
        if (!json) {
            out << u"updated "_s << escapeControls(path) << ": " << changes.join(u"; "_s) << '\n';
            out.flush();
        }
    } else if (update && !json) {
        out << escapeControls(path) << ": nothing to fill in\n";
        out.flush();
    }
    hintUnknownHostKeys(results, err);
    hintContainers(project, path, results, err);
    if (failed > 0) {
        err << programName() << " discover: " << failed << " of "
            << counted(qsizetype(results.size()), u"server"_s) << " failed\n";
        err.flush();
        return ExitInvalid;
    }
    return ExitOk;
}

} // namespace cw::cli
