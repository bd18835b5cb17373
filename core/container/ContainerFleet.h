// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// `container up|status|down` on every server of a project at once, over the hosts' own SSH
// (the project as the file holds it, never the job's view): docs/containers.md.
//
// up: a first round checks every host (engine, image, port, name) and creates nothing unless
// every host passed; the second creates or starts each container and sets up its sshd, keys and
// environment; the third authorizes every container's key in every other and fills their
// known_hosts. The host key each container serves, read over the host's verified session, goes
// into this machine's known_hosts for host:ssh_port. Three logins per server; status one; down
// one. Everything made is journaled (ContainerJournal.h).

#include "container/ContainerJournal.h"
#include "discover/FirewallFacts.h"
#include "fleet/FleetRunner.h"
#include "model/Project.h"

#include <QString>
#include <QStringList>

#include <atomic>
#include <optional>
#include <vector>

namespace cw {

struct ContainerServerResult {
    FleetResult connection;
    QString refusalCode; // "port-taken", "image-missing", ...; empty when not refused
    QString refusal;     // the host's sentence
    QString failure;     // a step that failed without a refusal (output cut short, bad key)
    QStringList changes; // what this step changed on the host, in order
    QStringList unchanged;
    QString userKey; // "TYPE BASE64" of the container's key pair (up)
    QString hostKey; // "TYPE BASE64" its sshd serves (up, status)

    // status
    QString state; // running, stopped, absent, foreign
    QString image;
    bool portListening = false;
    bool sshdRunning = false;
    QString hostname; // inside
    QStringList containerIps;
    QStringList hostIps;
    QString hostHostname;
    std::optional<qint64> shmKib;
    std::optional<std::vector<int>> devicesInside; // none: not read (cpu, or no tool)
    QString devicesProblem;
    std::optional<PortDecision> firewall; // the host's firewall for ssh_port
    bool hostKeyAsRecorded = true;        // status: the key equals the journal's

    bool ok() const { return connection.ok() && refusalCode.isEmpty() && failure.isEmpty(); }
};

struct ContainerRun {
    std::vector<ContainerServerResult> servers; // project order
    QStringList notes;                 // what happened on this machine (known_hosts, the journal)
    QString error;                     // the journal could not be read or written
    bool stoppedBeforeChanges = false; // up: a host refused in the first round
    bool ok() const;
    bool changedAnything() const;
};

ContainerRun containerUp(const Project &project, const FleetOptions &options,
                         const QString &journalPath, const std::atomic<bool> *cancel = nullptr);
ContainerRun containerStatus(const Project &project, const FleetOptions &options,
                             const QString &journalPath, const std::atomic<bool> *cancel = nullptr);
ContainerRun containerDown(const Project &project, const FleetOptions &options,
                           const QString &journalPath, const std::atomic<bool> *cancel = nullptr);

// One host's output parsed (the `cw-container` lines, and status's probe sections); exposed for
// tests and fuzzing.
void parseContainerOutput(const QString &output, ContainerServerResult &result);

} // namespace cw
