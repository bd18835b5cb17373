// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/FleetCliOptions.h"

#include "cli/CommandInputs.h"

#include <QFileInfo>

#include <cmath>

using namespace Qt::StringLiterals;

namespace cw::cli {
namespace {

constexpr int kMaxJobs = 256;
constexpr double kMaxTimeoutSeconds = 3600;

} // namespace

void addFleetOptions(CommandParser &command)
{
    QCommandLineParser &parser = command.parser();
    parser.addOption(
        {u"known-hosts"_s, u"known_hosts file (default ~/.ssh/known_hosts)."_s, u"FILE"_s});
    parser.addOption({u"accept-new"_s, u"Trust and record host keys known_hosts lacks."_s});
    parser.addOption({u"ssh-config"_s,
                      u"ssh config for host aliases and jump hosts (default ~/.ssh/config; "
                      "none: read no config)."_s,
                      u"FILE"_s});
    parser.addOption({u"timeout"_s,
                      u"Seconds each server may take, connect included (default %1)."_s.arg(
                          kDefaultFleetTimeoutMs / 1000),
                      u"S"_s});
    parser.addOption({u"jobs"_s,
                      u"Servers handled at the same time (default %1)."_s.arg(kDefaultFleetJobs),
                      u"N"_s});
}

int readFleetOptions(CommandParser &command, FleetOptions &options, QTextStream &err)
{
    QCommandLineParser &parser = command.parser();
    options.acceptNew = parser.isSet(u"accept-new"_s);
    if (parser.isSet(u"known-hosts"_s)) {
        options.knownHostsFile = parser.value(u"known-hosts"_s);
        if (options.knownHostsFile.isEmpty())
            return command.usageError(u"--known-hosts needs a file"_s, err);
    }
    if (parser.isSet(u"ssh-config"_s)) {
        const QString file = parser.value(u"ssh-config"_s);
        if (file == u"none"_s) {
            options.parseSshConfig = false;
        } else {
            // ssh and libssh read a missing config as an empty one: a typo would go unnoticed.
            const QFileInfo info(expandHomePath(file));
            if (file.isEmpty() || !info.isFile() || !info.isReadable())
                return command.usageError(u"--ssh-config: '%1' is not a readable file"_s.arg(file),
                                          err);
            options.parseSshConfig = true;
            options.sshConfigFile = info.absoluteFilePath();
        }
    }
    if (parser.isSet(u"timeout"_s)) {
        const QString text = parser.value(u"timeout"_s);
        bool ok = false;
        const double seconds = text.toDouble(&ok);
        if (!ok || !std::isfinite(seconds) || seconds <= 0 || seconds > kMaxTimeoutSeconds)
            return command.usageError(
                u"--timeout must be a number of seconds above 0 and at most %1, not '%2'"_s
                    .arg(kMaxTimeoutSeconds)
                    .arg(text),
                err);
        options.timeoutMs = std::max(1, int(std::lround(seconds * 1000)));
    }
    if (parser.isSet(u"jobs"_s)) {
        const QString text = parser.value(u"jobs"_s);
        bool ok = false;
        const int count = text.toInt(&ok);
        if (!ok || count < 1 || count > kMaxJobs)
            return command.usageError(
                u"--jobs must be a whole number from 1 to %1, not '%2'"_s.arg(kMaxJobs).arg(text),
                err);
        options.jobs = count;
    }
    return kContinue;
}

int parseServerCommand(CommandParser &command, const QStringList &arguments, QTextStream &out,
                       QTextStream &err, ServerCommandInput &input, ProjectNeed need,
                       ServerView view)
{
    addFleetOptions(command);
    if (const int exit = command.parse(arguments, out, err); exit != kContinue)
        return exit;
    if (const int exit = readFleetOptions(command, input.fleet, err); exit != kContinue)
        return exit;
    input.path = command.parser().positionalArguments().constFirst();
    const bool job = view == ServerView::Job;
    if (need == ProjectNeed::Readable) {
        const int exit = loadForCommand(input.path, input.file, err);
        input.project = job ? containerJobProject(input.file) : input.file;
        return exit;
    }
    const int exit = loadValidProject(input.path, input.valid, err);
    if (input.valid) {
        input.file = input.valid->project();
        if (job)
            input.valid = containerJobView(*input.valid);
        input.project = input.valid->project();
    }
    return exit;
}

int parseRunCommand(CommandParser &command, const QStringList &arguments, QTextStream &out,
                    QTextStream &err, RunCommandInput &input, RunMatch match)
{
    command.parser().addOption({u"run"_s, u"The run id (default: the latest run)."_s, u"ID"_s});
    ServerCommandInput server;
    if (const int exit =
            parseServerCommand(command, arguments, out, err, server, ProjectNeed::Readable);
        exit != kContinue)
        return exit;
    input.fleet = std::move(server.fleet);
    input.path = std::move(server.path);
    input.project = std::move(server.project);
    std::optional<RunRecord> record;
    const Project *describedBy = match == RunMatch::ProjectDescribesRun ? &input.project : nullptr;
    if (const int exit = loadRunForCommand(command, input.path, record, err, describedBy);
        exit != kContinue)
        return exit;
    input.record = std::move(*record);
    return kContinue;
}

void hintUnknownHostKeys(const std::vector<ServerDiscovery> &discovery, QTextStream &err)
{
    QStringList servers;
    for (const ServerDiscovery &server : discovery) {
        if (server.connection.error.kind == SshError::Kind::HostKeyUnknown)
            servers.append(server.connection.serverName);
    }
    if (servers.isEmpty())
        return;
    err << programName() << ": host keys not yet known for " << servers.join(u", "_s)
        << ": compare the fingerprints above with the servers' administrators, then run again "
           "with --accept-new to record them\n";
    err.flush();
}

void hintContainers(const Project &project, const QString &path,
                    const std::vector<ServerDiscovery> &discovery, QTextStream &err)
{
    if (!project.container)
        return;
    QStringList servers;
    for (const ServerDiscovery &server : discovery) {
        const SshError::Kind kind = server.connection.error.kind;
        if (kind == SshError::Kind::Unreachable || kind == SshError::Kind::Timeout ||
            kind == SshError::Kind::AuthFailed)
            servers.append(server.connection.serverName);
    }
    if (servers.isEmpty())
        return;
    err << programName() << ": the containers of " << servers.join(u", "_s)
        << " did not answer on port " << project.container->sshPort << ": '" << programName()
        << " container status " << escapeControls(path)
        << "' says why, 'container up' makes them\n";
    err.flush();
}

} // namespace cw::cli
