// SPDX-License-Identifier: GPL-3.0-or-later
#include "container/ContainerFleet.h"

#include "discover/Discovery.h"
#include "discover/ProbeParsers.h"
#include "generate/ContainerScript.h"
#include "model/Problem.h"
#include "model/SafeFile.h"
#include "ssh/KnownHosts.h"

#include <QFile>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace cw {
namespace {

// `run` may wait for the engine to unpack an image: more than discovery's 30 s.
constexpr int kContainerTimeoutMs = 180000;

FleetOptions containerOptions(const FleetOptions &options)
{
    FleetOptions own = options;
    own.timeoutMs = std::max(own.timeoutMs, kContainerTimeoutMs);
    return own;
}

// "TYPE BASE64" of a .pub line a host printed, or empty (and *error) when it is not one: the
// text came from a server and goes into other servers' files and this machine's known_hosts.
QString strictKey(const QString &line, QString *error)
{
    const std::optional<PublicKeyLine> key = parsePublicKeyLine(line, error);
    return key ? key->type + u' ' + key->base64 : QString();
}

// Runs one step on `indices` and parses each host's output into results[index].
void runStep(const Project &project, const std::vector<int> &indices, ContainerStep step,
             const FleetOptions &options, std::vector<ContainerServerResult> &results,
             const ContainerPeers &peers, const std::atomic<bool> *cancel)
{
    const std::vector<FleetResult> done = runOnServers(
        project, indices, options,
        [&](FleetTask &task) {
            const ExecResult run =
                task.session.exec(containerHostCommand(project, task.serverIndex, step, peers),
                                  task.remainingMs(), &task.cancel);
            if (run.error.isError())
                return run.error;
            ContainerServerResult &result = results[size_t(task.serverIndex)];
            parseContainerOutput(QString::fromUtf8(run.out), result);
            if (run.exitStatus != 0 && result.refusalCode.isEmpty())
                result.failure = u"the container step ended with status %1: %2"_s.arg(
                    QString::number(run.exitStatus),
                    escapeControls(QString::fromUtf8(run.err).trimmed().left(400)));
            return SshError{};
        },
        {}, cancel);
    for (const FleetResult &connection : done)
        results[size_t(connection.serverIndex)].connection = connection;
}

std::vector<int> allServers(const Project &project)
{
    std::vector<int> indices(project.servers.size());
    for (size_t i = 0; i < indices.size(); ++i)
        indices[i] = int(i);
    return indices;
}

std::vector<ContainerServerResult> emptyResults(const Project &project)
{
    std::vector<ContainerServerResult> results(project.servers.size());
    for (size_t i = 0; i < results.size(); ++i) {
        results[i].connection.serverIndex = int(i);
        results[i].connection.serverName = project.servers[i].name;
    }
    return results;
}

// The names this machine reaches a container by: the host as the project names it, and its
// host IP when that differs.
QStringList clientNames(const Server &server)
{
    QStringList names{server.host};
    if (!server.hostIp.isEmpty() && server.hostIp != server.host)
        names << server.hostIp;
    return names;
}

// The start every step shares: a result slot per server, and the journal; nullopt (with
// run.error set) when the project has no container section or the journal cannot be read.
std::optional<ContainerJournal> startRun(const Project &project, const QString &journalPath,
                                         ContainerRun &run)
{
    run.servers = emptyResults(project);
    if (!project.container) {
        run.error = u"the project has no container section"_s;
        return std::nullopt;
    }
    std::optional<ContainerJournal> journal = loadContainerJournal(journalPath, &run.error);
    return journal;
}

// What the host prints for a container it created, before the id (container-up.sh's output,
// parsed into a change).
const QString kCreatedPrefix = u"created container "_s;

} // namespace

bool ContainerRun::ok() const
{
    return error.isEmpty() && !stoppedBeforeChanges &&
           std::all_of(servers.begin(), servers.end(),
                       [](const ContainerServerResult &server) { return server.ok(); });
}

bool ContainerRun::changedAnything() const
{
    return std::any_of(servers.begin(), servers.end(), [](const ContainerServerResult &server) {
        return !server.changes.isEmpty();
    });
}

void parseContainerOutput(const QString &output, ContainerServerResult &result)
{
    static const QString kPrefix = u"cw-container "_s;
    for (const QString &line : output.split(u'\n')) {
        if (!line.startsWith(kPrefix))
            continue;
        const QString rest = line.mid(kPrefix.size());
        const QString word = rest.section(u' ', 0, 0);
        const QString value = rest.section(u' ', 1);
        QString error;
        if (word == u"refused") {
            result.refusalCode = value.section(u' ', 0, 0);
            result.refusal = escapeControls(value.section(u' ', 1));
        } else if (word == u"changed") {
            result.changes << escapeControls(value);
        } else if (word == u"unchanged") {
            result.unchanged << escapeControls(value);
        } else if (word == u"created") {
            result.changes << kCreatedPrefix + escapeControls(value);
        } else if (word == u"user-key") {
            result.userKey = strictKey(value, &error);
            if (result.userKey.isEmpty())
                result.failure = u"the container's key is not a public key: "_s + error;
        } else if (word == u"host-key") {
            if (!value.isEmpty()) {
                result.hostKey = strictKey(value, &error);
                if (result.hostKey.isEmpty())
                    result.failure = u"the container's host key is not a public key: "_s + error;
            }
        } else if (word == u"state") {
            result.state = escapeControls(value);
        } else if (word == u"image") {
            result.image = escapeControls(value);
        } else if (word == u"port") {
            result.portListening = value == u"listening";
        } else if (word == u"sshd") {
            result.sshdRunning = value == u"running";
        }
    }
    for (const ProbeSection &section : splitProbeSections(output)) {
        if (section.name == u"hostname" && section.rc == 0) {
            result.hostname = parseHostname(section.output);
        } else if (section.name == u"host-ips" && section.rc == 0) {
            result.containerIps = parseHostIps(section.output);
        } else if (section.name == u"shm" && section.rc == 0) {
            const QStringList lines = section.output.split(u'\n', Qt::SkipEmptyParts);
            if (lines.size() >= 2) {
                bool number = false;
                const qint64 kib = lines[1].simplified().section(u' ', 1, 1).toLongLong(&number);
                if (number)
                    result.shmKib = kib;
            }
        } else if (section.name == u"npu-smi" || section.name == u"nvidia-smi") {
            if (section.rc != 0) {
                result.devicesProblem = u"%1 failed in the container (status %2): %3"_s.arg(
                    section.name, QString::number(section.rc),
                    escapeControls(section.output.section(u'\n', 0, 0).left(200)));
                continue;
            }
            std::vector<int> ids;
            QString problem;
            if (section.name == u"npu-smi") {
                for (const NpuDevice &device : parseNpuSmiInfo(section.output, &problem).devices)
                    ids.push_back(device.id);
            } else {
                for (const GpuFacts &gpu : parseNvidiaSmiList(section.output, &problem))
                    ids.push_back(gpu.index);
            }
            if (!problem.isEmpty())
                result.devicesProblem = problem;
            result.devicesInside = ids;
        }
    }
}

ContainerRun containerUp(const Project &project, const FleetOptions &options,
                         const QString &journalPath, const std::atomic<bool> *cancel)
{
    ContainerRun run;
    std::optional<ContainerJournal> journal = startRun(project, journalPath, run);
    if (!journal)
        return run;
    QString error;
    const FleetOptions own = containerOptions(options);
    const std::vector<int> all = allServers(project);

    // Round 1: nothing is made unless every host can take its container.
    runStep(project, all, ContainerStep::Check, own, run.servers, {}, cancel);
    if (!std::all_of(run.servers.begin(), run.servers.end(),
                     [](const ContainerServerResult &server) { return server.ok(); })) {
        run.stoppedBeforeChanges = true;
        return run;
    }

    // Round 2: create or start, and set up inside.
    runStep(project, all, ContainerStep::Up, own, run.servers, {}, cancel);
    const ContainerConfig &container = *project.container;
    for (size_t i = 0; i < project.servers.size(); ++i) {
        ContainerServerResult &result = run.servers[i];
        ContainerJournalServer &entry = journal->servers[project.servers[i].name];
        for (const QString &change : result.changes) {
            addContainerStep(entry, change);
            if (change.startsWith(kCreatedPrefix))
                entry.container = change.mid(kCreatedPrefix.size());
        }
        if (!result.hostKey.isEmpty())
            entry.hostKey = result.hostKey;
    }

    // This machine's known_hosts: each container's host key, read over the host's verified
    // session, for host:ssh_port. A line of an earlier container of this project is replaced.
    for (size_t i = 0; i < project.servers.size(); ++i) {
        const ContainerServerResult &result = run.servers[i];
        if (!result.ok() || result.hostKey.isEmpty())
            continue;
        const Server &server = project.servers[i];
        ContainerJournalServer &entry = journal->servers[server.name];
        const std::optional<QString> line =
            knownHostsLine(clientNames(server), container.sshPort, result.hostKey, &error);
        if (!line) {
            run.servers[i].failure = u"no known_hosts line for the container: "_s + error;
            continue;
        }
        const QString file = knownHostsPath(options.knownHostsFile);
        if (!entry.knownHostsLine.isEmpty() && entry.knownHostsLine != *line) {
            bool removed = false;
            if (!removeKnownHostsLine(entry.knownHostsFile, entry.knownHostsLine, &error, &removed))
                run.notes << error;
            else if (removed)
                run.notes << u"%1: replaced the earlier container's host key in %2"_s.arg(
                    server.name, file);
        }
        bool added = false;
        if (!addKnownHostsLine(file, *line, &error, &added)) {
            run.servers[i].failure = error;
            continue;
        }
        if (added) {
            run.servers[i].changes
                << u"known_hosts of this machine: "_s + line->section(u' ', 0, 0);
            addContainerStep(entry, u"known_hosts line added to "_s + file);
        }
        entry.knownHostsFile = file;
        entry.knownHostsLine = *line;
    }

    // Round 3: every container trusts every other (mpirun logs in between them).
    const bool allUp = std::all_of(run.servers.begin(), run.servers.end(),
                                   [](const ContainerServerResult &s) { return s.ok(); });
    if (allUp) {
        ContainerPeers peers;
        for (size_t i = 0; i < project.servers.size(); ++i) {
            peers.userKeys << run.servers[i].userKey + u" clusterwiz-container@"_s +
                                  project.servers[i].name;
            const std::optional<QString> line =
                knownHostsLine({project.servers[i].effectiveHostIp()}, container.sshPort,
                               run.servers[i].hostKey, &error);
            if (line)
                peers.knownHosts << *line;
        }
        std::vector<ContainerServerResult> trust = emptyResults(project);
        runStep(project, all, ContainerStep::Trust, own, trust, peers, cancel);
        for (size_t i = 0; i < trust.size(); ++i) {
            ContainerServerResult &result = run.servers[i];
            if (!trust[i].connection.ok())
                result.connection = trust[i].connection;
            if (!trust[i].refusalCode.isEmpty()) {
                result.refusalCode = trust[i].refusalCode;
                result.refusal = trust[i].refusal;
            }
            if (!trust[i].failure.isEmpty())
                result.failure = trust[i].failure;
            for (const QString &change : trust[i].changes) {
                result.changes << u"peers: "_s + change;
                addContainerStep(journal->servers[project.servers[i].name], u"peers: "_s + change);
            }
        }
    } else {
        run.notes << u"the containers' keys were not exchanged: not every container is up"_s;
    }
    // Servers up found nothing to record for are not kept.
    for (auto it = journal->servers.begin(); it != journal->servers.end();) {
        const ContainerJournalServer &entry = it->second;
        if (entry.steps.isEmpty() && entry.hostKey.isEmpty())
            it = journal->servers.erase(it);
        else
            ++it;
    }
    if (const QString failed = saveContainerJournal(journalPath, *journal); !failed.isEmpty())
        run.error = failed;
    return run;
}

ContainerRun containerStatus(const Project &project, const FleetOptions &options,
                             const QString &journalPath, const std::atomic<bool> *cancel)
{
    ContainerRun run;
    run.servers = emptyResults(project);
    if (!project.container) {
        run.error = u"the project has no container section"_s;
        return run;
    }
    QString error;
    const std::optional<ContainerJournal> journal = loadContainerJournal(journalPath, &error);
    if (!journal)
        run.notes << error;
    const int port = project.container->sshPort;
    // One login per host: discovery's probe (its firewall and addresses), then the status step.
    DiscoveryFollowUp followUp;
    followUp.afterProbe = [&](FleetTask &task, const ServerFacts &facts) {
        ContainerServerResult &result = run.servers[size_t(task.serverIndex)];
        result.hostIps = facts.hostIps;
        result.hostHostname = facts.hostname;
        result.firewall = firewallAllowsPort(facts.firewall, port);
        const ExecResult exec = task.session.exec(
            containerHostCommand(project, task.serverIndex, ContainerStep::Status),
            task.remainingMs(), &task.cancel);
        if (exec.error.isError()) {
            result.failure = exec.error.message;
            return;
        }
        parseContainerOutput(QString::fromUtf8(exec.out), result);
    };
    const std::vector<ServerDiscovery> discovery =
        discoverFleet(project, containerOptions(options), {}, cancel, followUp);
    for (const ServerDiscovery &server : discovery) {
        ContainerServerResult &result = run.servers[size_t(server.connection.serverIndex)];
        result.connection = server.connection;
        if (journal) {
            const auto it = journal->servers.find(server.connection.serverName);
            if (it != journal->servers.end() && !it->second.hostKey.isEmpty() &&
                !result.hostKey.isEmpty())
                result.hostKeyAsRecorded = it->second.hostKey == result.hostKey;
        }
    }
    return run;
}

ContainerRun containerDown(const Project &project, const FleetOptions &options,
                           const QString &journalPath, const std::atomic<bool> *cancel)
{
    ContainerRun run;
    std::optional<ContainerJournal> journal = startRun(project, journalPath, run);
    if (!journal)
        return run;
    QString error;
    runStep(project, allServers(project), ContainerStep::Down, containerOptions(options),
            run.servers, {}, cancel);
    for (size_t i = 0; i < project.servers.size(); ++i) {
        const ContainerServerResult &result = run.servers[i];
        const auto it = journal->servers.find(project.servers[i].name);
        if (!result.ok() || it == journal->servers.end())
            continue;
        const ContainerJournalServer &entry = it->second;
        if (!entry.knownHostsLine.isEmpty()) {
            bool removed = false;
            if (!removeKnownHostsLine(entry.knownHostsFile, entry.knownHostsLine, &error,
                                      &removed)) {
                run.servers[i].failure = error;
                continue;
            }
            if (removed)
                run.servers[i].changes << u"known_hosts of this machine: removed "_s +
                                              entry.knownHostsLine.section(u' ', 0, 0);
        }
        journal->servers.erase(it);
    }
    if (const QString failed = saveContainerJournal(journalPath, *journal); !failed.isEmpty())
        run.error = failed;
    return run;
}

} // namespace cw
