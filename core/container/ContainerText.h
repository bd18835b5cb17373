// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The words of `container up|status|down` for each server, shared by the CLI (english()) and
// the wizard's container panel (translated()), so that both say the same thing: a server named
// with its host ("server0 (host 10.0.0.11:22)"), what a step changed or why it did not go
// through, and a container's status with whether it is ready for the job.

#include "container/ContainerFleet.h"
#include "model/Project.h"
#include "model/TrText.h"

#include <QString>

namespace cw {

// "server0 (host 10.0.0.11:22)": the server and the host endpoint the steps reach.
QString containerHostLabel(const Project &project, int serverIndex);

// Why the step did not go through on this server: the connection's error, the host's refusal
// ("refused (port-taken): ..."), or the failure; empty when it went through.
TrText containerProblemText(const ContainerServerResult &result);

// What up or down changed on this server, joined by "; ", or "unchanged"; after an up that
// another server's refusal stopped in its first round (`stoppedBeforeChanges`), that this
// server would have been ready and nothing was made.
TrText containerChangesText(const ContainerServerResult &result, bool stoppedBeforeChanges = false);

// A container's status in words, and whether it is ready for the job (running, sshd on the
// port with the recorded host key, the host's hostname and addresses, the project's devices,
// the port open in the host's firewall).
struct ContainerStatusText {
    TrText text;
    bool ready = false;
};
ContainerStatusText containerStatusText(const Project &project,
                                        const ContainerServerResult &result);

} // namespace cw
