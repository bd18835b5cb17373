// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QStringList>
#include <QTextStream>

namespace cw {

// Exit codes shared by every subcommand.
enum CliExit { ExitOk = 0, ExitInvalid = 1, ExitUnreadable = 2, ExitUsage = 64 };

// Runs clusterwiz-cli with `arguments` (without the program name). Output to `out`, diagnostics
// to `err`; returns the exit code. Kept out of main() so tests can call it in-process too.
int runCli(const QStringList &arguments, QTextStream &out, QTextStream &err);

} // namespace cw
