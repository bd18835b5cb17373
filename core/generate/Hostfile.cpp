// SPDX-License-Identifier: GPL-3.0-or-later
#include "generate/ScriptFiles.h"

namespace cw {

// OpenMPI's hostfile: `HOST_IP slots=N`, one line per server in launch order (master first), so
// that mpirun's rank numbering matches the plan's global ranks.
QByteArray hostfileText(const Project &project)
{
    QString text;
    for (int index : project.launchOrder()) {
        const Server &server = project.servers[index];
        text += QStringLiteral("%1 slots=%2\n")
                    .arg(server.effectiveHostIp())
                    .arg(server.devices.size());
    }
    return text.toUtf8();
}

} // namespace cw
