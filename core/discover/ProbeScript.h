// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/Project.h"

#include <QString>
#include <QStringList>

namespace cw {

// Discovery asks each server everything in one SSH round trip: one POSIX sh script that runs
// every probe and prints, per probe, `@@clusterwiz-probe NAME rc=N@@` and the probe's output
// (stdout and stderr together). A missing tool gives its section rc=127 and the script goes on;
// a probe that hangs is stopped after kProbeTimeoutSeconds (rc=124) where `timeout` exists. The
// script only reads: it changes nothing on the server. Every project value in it is validated
// or quoted with shellQuote(); env_setup lines are not run, only the files they source checked.
//
// The probes are the rows of the fact table (discover/FactCommands.h) that the project asks for,
// in the table's order, with the commands and readers the table gives; the per-device hccn_tool
// facts of one device stand together.

inline constexpr int kProbeTimeoutSeconds = 20;
inline constexpr int kProbeTimedOut = 124; // a section's rc when `timeout` stopped it

// The script text (multi-line POSIX sh) for servers[serverIndex]; empty for a bad index.
QString probeScript(const Project &project, int serverIndex);

// The one command line to send over SSH: `sh -c '<script>'`, so that it runs under sh whatever
// the user's login shell is.
QString probeCommand(const Project &project, int serverIndex);

} // namespace cw
