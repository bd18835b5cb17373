// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The commands of `container up|status|down` on each physical server, and containers.sh, which
// holds the same commands for servers clusterwiz never reaches (docs/containers.md). Both are
// the programs of resources/server/container-*.sh behind generated lines with the project's
// values, each quoted with shellQuote(); what depends on the host (where npu-smi is, which
// management devices exist) is found by those programs when they run.

#include "model/Project.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace cw {

// Check: up's first round, which changes nothing; Up: create or start, and set up inside;
// Trust: up's last round; Status; Down.
enum class ContainerStep { Check, Up, Trust, Status, Down };

// The `run` options that come from the project alone, in order: IPC (--ipc host, or
// --shm-size), the user's mounts (-v), --privileged when asked, then run_args.
QStringList containerRunOptions(const ContainerConfig &container);
// The host side of each mount, which up's first round requires to exist on every host.
QStringList containerHostMounts(const ContainerConfig &container);

// The address the container's sshd listens on and the others know it by: the server's host IP
// when it is an IPv4 address, else empty (sshd then listens on every address).
QString containerListenAddress(const Server &server);

// What the peers learned in up's first round, for the second (Trust): authorized_keys lines of
// every container and known_hosts lines of every container's host key.
struct ContainerPeers {
    QStringList userKeys;
    QStringList knownHosts;
};

// The bash script one step runs on servers[serverIndex] over the host's SSH.
QString containerHostScript(const Project &project, int serverIndex, ContainerStep step,
                            const ContainerPeers &peers = {});
// The same as one command line for the host's login shell: `bash -c 'SCRIPT'`.
QString containerHostCommand(const Project &project, int serverIndex, ContainerStep step,
                             const ContainerPeers &peers = {});

// containers.sh: `bash containers.sh up|keys|trust|status|down SERVER` on that server by hand.
QByteArray containersScript(const Project &project);

} // namespace cw
