#include "cli/Cli.h"
#include "cli/Commands.h"
#include "fleet/Discovery.h"
#include "fleet/DiscoveryReport.h"
#include "model/ProjectJson.h"

#include <cmath>

using namespace Qt::StringLiterals;

namespace cw::cli {
namespace {

constexpr int kMaxJobs = 256;
constexpr double kMaxTimeoutSeconds = 3600;

struct DiscoverSettings {
    FleetOptions fleet;
    bool json = false;
    bool update = false;
};

// Reads the options into `settings`; kContinue, or the exit code of a usage error.
int readOptions(CommandParser &command, const QCommandLineOption &knownHosts,
                const QCommandLineOption &timeout, const QCommandLineOption &jobs,
                DiscoverSettings &settings, QTextStream &err)
{
    QCommandLineParser &parser = command.parser();
    settings.json = parser.isSet(u"json"_s);
    settings.update = parser.isSet(u"update"_s);
    settings.fleet.acceptNew = parser.isSet(u"accept-new"_s);
    if (parser.isSet(knownHosts)) {
        settings.fleet.knownHostsFile = parser.value(knownHosts);
        if (settings.fleet.knownHostsFile.isEmpty())
            return command.usageError(u"--known-hosts needs a file"_s, err);
    }
    if (parser.isSet(timeout)) {
        bool ok = false;
        const double seconds = parser.value(timeout).toDouble(&ok);
        if (!ok || !std::isfinite(seconds) || seconds <= 0 || seconds > kMaxTimeoutSeconds)
            return command.usageError(
                u"--timeout must be a number of seconds above 0 and at most %1, not '%2'"_s
                    .arg(kMaxTimeoutSeconds)
                    .arg(parser.value(timeout)),
                err);
        settings.fleet.timeoutMs = std::max(1, int(std::lround(seconds * 1000)));
    }
    if (parser.isSet(jobs)) {
        bool ok = false;
        const int count = parser.value(jobs).toInt(&ok);
        if (!ok || count < 1 || count > kMaxJobs)
            return command.usageError(
                u"--jobs must be a whole number from 1 to %1, not '%2'"_s.arg(kMaxJobs).arg(
                    parser.value(jobs)),
                err);
        settings.fleet.jobs = count;
    }
    return kContinue;
}

} // namespace

int runDiscover(const QStringList &arguments, QTextStream &out, QTextStream &err)
{
    CommandParser command(
        u"discover"_s,
        u"Connects to every server of the project over SSH at once and reports what is there:\n"
        u"hostname, host IP and its NIC, OS, NPUs or GPUs and their health, current device IPs,\n"
        u"python and torch, mpirun and the firewall. Only reads: nothing on a server changes.\n"
        u"Server host keys must be in known_hosts; unknown keys are refused (with their SHA256\n"
        u"fingerprint) unless --accept-new. --update fills empty host_ip, nic, devices and\n"
        u"device_ips in the project file.\n"
        u"Exit codes: 0 every server answered, 1 a server failed (the others are still\n"
        u"reported), 2 the project cannot be read or written."_s,
        u"[options] PROJECT"_s);
    command.addPositional(u"PROJECT"_s, u"The *.clusterwiz.json file."_s);
    QCommandLineParser &parser = command.parser();
    parser.addOption({u"json"_s, u"Print the results as JSON."_s});
    parser.addOption({u"update"_s, u"Write what was found into empty fields of PROJECT."_s});
    const QCommandLineOption knownHosts(u"known-hosts"_s,
                                        u"known_hosts file (default ~/.ssh/known_hosts)."_s,
                                        u"FILE"_s);
    parser.addOption(knownHosts);
    parser.addOption({u"accept-new"_s, u"Trust and record host keys known_hosts lacks."_s});
    const QCommandLineOption timeout(
        u"timeout"_s,
        u"Seconds each server may take, connect included (default %1)."_s.arg(
            kDefaultFleetTimeoutMs / 1000),
        u"S"_s);
    parser.addOption(timeout);
    const QCommandLineOption jobs(
        u"jobs"_s, u"Servers asked at the same time (default %1)."_s.arg(kDefaultFleetJobs),
        u"N"_s);
    parser.addOption(jobs);
    if (const int exit = command.parse(arguments, out, err); exit != kContinue)
        return exit;
    DiscoverSettings settings;
    if (const int exit = readOptions(command, knownHosts, timeout, jobs, settings, err);
        exit != kContinue)
        return exit;

    const QString path = parser.positionalArguments().constFirst();
    Project project;
    if (const int exit = loadForCommand(path, project, err); exit != kContinue)
        return exit;

    const std::vector<ServerDiscovery> results = discoverFleet(project, settings.fleet);
    QStringList changes;
    const Project filled = applyDiscovery(project, results, &changes);
    int failed = 0;
    for (const ServerDiscovery &result : results)
        failed += result.ok() ? 0 : 1;

    if (settings.json) {
        nlohmann::ordered_json document = discoveryToJson(filled, results);
        if (settings.update) {
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

    if (settings.update && !changes.isEmpty()) {
        if (const QString error = saveProjectFile(filled, path); !error.isEmpty()) {
            err << error << '\n';
            err.flush();
            return ExitUnreadable;
        }
        if (!settings.json) {
            out << u"updated "_s << path << ": " << changes.join(u"; "_s) << '\n';
            out.flush();
        }
    } else if (settings.update && !settings.json) {
        out << path << ": nothing to fill in\n";
        out.flush();
    }
    if (failed > 0) {
        err << programName() << " discover: " << failed << " of "
            << counted(qsizetype(results.size()), u"server"_s) << " failed\n";
        err.flush();
        return ExitInvalid;
    }
    return ExitOk;
}

} // namespace cw::cli
