// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What a command acts on. Its project: read for one that changes or exports it, read and
// validated for one that acts on the servers (check, fix, launch), so that nothing is checked,
// fixed or started from values the rules reject. And for status, logs and stop, its run.

#include "cli/Commands.h"
#include "launch/RunRecord.h"
#include "model/Problem.h"
#include "model/Project.h"
#include "model/ProjectJson.h"
#include "rules/ProjectValidator.h"

#include <QTextStream>

#include <optional>

namespace cw::cli {

// Reads the project at `path` for a command that changes or exports it: kContinue when it loaded
// cleanly, else ExitUnreadable (file unreadable or not a project) or ExitInvalid (members of the
// wrong shape, each printed), since acting on a half-read project would lose data.
int loadForCommand(const QString &path, Project &project, QTextStream &err);

// Reads the project at `path` and checks it against every rule, as `validate` does: kContinue
// with `project` set when valid, else ExitUnreadable, or ExitInvalid after printing the loader's
// problems and then the rules' that do not repeat them, one "path: message" line each, and
// "PATH: invalid (N problems)".
int loadValidProject(const QString &path, std::optional<ValidProject> &project, QTextStream &err);

// The record named by --run, or the project's latest; kContinue, else an exit code after a
// message (ExitUsage for a malformed id, ExitUnreadable when there is no such record, or when
// `describedBy` is given and no longer describes that run: runProjectMismatch()).
int loadRunForCommand(CommandParser &command, const QString &projectPath,
                      std::optional<RunRecord> &record, QTextStream &err,
                      const Project *describedBy = nullptr);

} // namespace cw::cli
