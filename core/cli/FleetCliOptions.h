#pragma once

// The options every command that talks to servers shares: --known-hosts FILE, --accept-new,
// --timeout S, --jobs N; one definition so that discover, check, fix, undo, launch and the rest
// read and explain them the same way.

#include "cli/Commands.h"
#include "fleet/Discovery.h"
#include "fleet/FleetRunner.h"

namespace cw::cli {

// Adds the four options to `command`'s parser.
void addFleetOptions(CommandParser &command);

// Reads them into `options` after a successful parse(); kContinue, or ExitUsage after a
// one-line message naming the option.
int readFleetOptions(CommandParser &command, FleetOptions &options, QTextStream &err);

// When a host key was unknown on some server (and --accept-new was not given), one line on
// `err` saying how to go on; the per-server messages already carry the fingerprints.
void hintUnknownHostKeys(const std::vector<ServerDiscovery> &discovery, QTextStream &err);

} // namespace cw::cli
