// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The one list of fixes: per fix its id, its title, the planner that turns what the checks found
// into the exact commands (fix/FixPlanner.h), whether `fix --all` may choose it, and its line of
// `fix --help`. Its order is the order `fix --all` applies them. Checks name the fixes they offer
// in their rows (checks/CheckTable.h); `fix`, the wizard's Checks page and the docs read this.

#include "checks/CheckRunner.h"
#include "fix/FixTypes.h"
#include "model/Project.h"

#include <QStringList>

#include <vector>

namespace cw {

struct FixSpec {
    const char *id = nullptr;    // a fix:: id (checks/CheckTypes.h)
    const char *title = nullptr; // what it does, one line: the plan's title
    FixPlan (*plan)(const Project &project, const CheckRun &run) = nullptr;
    // `fix --all` applies it when a failed check offers it first. stop-firewall does not: it is
    // the explicit second choice, applied only when asked for by name.
    bool chosenByAll = true;
    const char *help = nullptr; // `fix --help`: what it runs, one line
};

// Every fix, in the order `fix --all` applies them: known_hosts before the key (mpirun needs
// both, and a login test needs the host key first).
const std::vector<FixSpec> &fixTable();
// The fix of that id, or nullptr.
const FixSpec *fixSpec(const QString &id);
// Every fix id, in table order.
QStringList knownFixIds();

// An empty plan of fix `id` with its id and title from the table; what every planner starts from.
FixPlan newFixPlan(const char *id);

// `fix --help`'s lines: "  ID  HELP", the ids padded to one column.
QString fixHelpText();

} // namespace cw
