// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Runs one piece of SSH work on every server of a project at once: a bounded pool of worker
// threads, each connecting its own SshSession per server (libssh: one session per thread), with
// an overall time limit per server (connect and work together) so that a slow or dead server
// never holds up the others beyond its own limit, a cancel flag for the whole fleet and a
// progress callback. Results come back in project order whatever order the servers finished in.
//
//   FleetOptions options;
//   options.timeoutMs = 20000;
//   std::vector<QString> names(project.servers.size());
//   const auto results = runOnFleet(project, options, [&](FleetTask &task) {
//       const ExecResult result = task.session.exec(u"hostname"_s, task.remainingMs(),
//       &task.cancel); names[task.serverIndex] = QString::fromUtf8(result.out).trimmed(); // own
//       slot: no lock return result.error;
//   });

#include "model/Project.h"
#include "ssh/HostKeyPolicy.h"
#include "ssh/RemoteHost.h"
#include "ssh/SshTypes.h"

#include <QString>

#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <vector>

namespace cw {

inline constexpr int kDefaultFleetJobs = 32;
inline constexpr int kDefaultFleetTimeoutMs = 30000;

struct FleetOptions {
    QString knownHostsFile; // empty: ~/.ssh/known_hosts
    bool acceptNew = false; // trust keys known_hosts lacks (and record them there)
    // Decides unknown keys instead of acceptNew when set (the GUI's TrustFingerprints); it is
    // called from several worker threads at once.
    std::shared_ptr<HostKeyPolicy> hostKeyPolicy;
    int timeoutMs = kDefaultFleetTimeoutMs; // per server: connect + work
    int jobs = kDefaultFleetJobs;           // servers handled at the same time
    QString identityFile;       // used for every server instead of its identity_file when set
    bool parseSshConfig = true; // see SshTarget::parseSshConfig
    QString sshConfigFile;
    // Called on worker threads (one at a time) when a key is encrypted or a password is wanted.
    SshCredentials credentials;
    // Opens the connections; null: SSH (sshConnector()). Tests put in-memory servers here.
    std::shared_ptr<RemoteConnector> connector;
};

// What the work function gets for one server. The session is connected and belongs to this
// worker thread for the duration of the call.
struct FleetTask {
    RemoteHost &session;
    int serverIndex;
    const Server &server;
    // Set when this server's time is up or the whole fleet is cancelled: pass it to exec().
    const std::atomic<bool> &cancel;
    std::chrono::steady_clock::time_point deadline;

    // Milliseconds left before the deadline, at least 1 (exec() reads 0 as "no limit").
    int remainingMs() const;
};

// The work for one server: returns SshError::Kind::None on success. It may store what it learned
// in a slot of its own (indexed by serverIndex): workers never share a slot.
using FleetWork = std::function<SshError(FleetTask &task)>;

struct FleetResult {
    int serverIndex = -1;
    QString serverName;
    QString endpoint;    // "host:port"
    SshError error;      // connect or work error; Timeout when the server ran out of time
    HostKeyInfo hostKey; // what the server presented (type empty when never reached)
    SshAuthMethod authMethod = SshAuthMethod::None;
    qint64 elapsedMs = 0;

    bool ok() const { return !error.isError(); }
};

// `done` results so far out of `total`; `result` is the one that just finished. Called on worker
// threads, one call at a time; a GUI forwards it as a queued signal.
using FleetProgress = std::function<void(int done, int total, const FleetResult &result)>;

// The policy for unknown host keys under these options (hostKeyPolicy, else acceptNew), for
// sessions made outside runOnFleet (log followers) that must decide exactly as it does.
std::shared_ptr<HostKeyPolicy> fleetHostKeyPolicy(const FleetOptions &options);

// The SshTarget for one server under these options (identity override, known_hosts, limits).
SshTarget fleetTarget(const Server &server, const FleetOptions &options);

// The connector under these options: options.connector, else SSH.
std::shared_ptr<RemoteConnector> fleetConnector(const FleetOptions &options);

// Connects to every server and runs `work` on it; returns when every server has finished, timed
// out or been cancelled. A cancel set before a server started gives it Kind::Cancelled at once;
// a running command returns at once, and so does a connect that waits for the server.
std::vector<FleetResult> runOnFleet(const Project &project, const FleetOptions &options,
                                    const FleetWork &work, const FleetProgress &progress = {},
                                    const std::atomic<bool> *cancel = nullptr);

// The same on some servers only (indices into project.servers; results in that order, and
// progress counts them): the master alone, or every server but the master.
std::vector<FleetResult> runOnServers(const Project &project, const std::vector<int> &indices,
                                      const FleetOptions &options, const FleetWork &work,
                                      const FleetProgress &progress = {},
                                      const std::atomic<bool> *cancel = nullptr);

} // namespace cw
