#pragma once

// The options every command that talks to servers shares: --known-hosts FILE, --accept-new,
// --ssh-config FILE, --timeout S, --jobs N; one definition so that discover, check, fix, undo,
// launch and the rest read and explain them the same way.

#include "cli/Commands.h"
#include "discover/Discovery.h"
#include "fleet/FleetRunner.h"

namespace cw::cli {

// Adds the five options to `command`'s parser.
void addFleetOptions(CommandParser &command);

// Reads them into `options` after a successful parse(); kContinue, or ExitUsage after a
// one-line message naming the option.
int readFleetOptions(CommandParser &command, FleetOptions &options, QTextStream &err);

// The start every command on a project's servers shares: parses `arguments`, reads the fleet
// options and loads the project named by the first positional argument into `path` and
// `project`. kContinue, else the exit code after a message.
int parseServerCommand(CommandParser &command, const QStringList &arguments, QTextStream &out,
                       QTextStream &err, FleetOptions &fleet, QString &path, Project &project);

// When a host key was unknown on some server (and --accept-new was not given), one line on
// `err` saying how to go on; the per-server messages already carry the fingerprints.
void hintUnknownHostKeys(const std::vector<ServerDiscovery> &discovery, QTextStream &err);

} // namespace cw::cli
