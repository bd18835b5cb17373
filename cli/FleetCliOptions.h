// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The options every command that talks to servers shares: --known-hosts FILE, --accept-new,
// --ssh-config FILE, --timeout S, --jobs N; one definition so that discover, check, fix, undo,
// launch and the rest read and explain them the same way.

#include "cli/Commands.h"
#include "discover/Discovery.h"
#include "fleet/FleetRunner.h"
#include "launch/RunRecord.h"
#include "rules/ProjectValidator.h"

#include <optional>

namespace cw::cli {

// Adds the five options to `command`'s parser.
void addFleetOptions(CommandParser &command);

// Reads them into `options` after a successful parse(); kContinue, or ExitUsage after a
// one-line message naming the option.
int readFleetOptions(CommandParser &command, FleetOptions &options, QTextStream &err);

// What a command on a project's servers needs of the project: to read it (discover fills in what
// the rules want; status, stop, logs and undo deal with what already runs), or for it to be
// valid (check, fix and launch, which act on the values).
enum class ProjectNeed { Readable, Valid };

// What the start of a command on a project's servers yields.
// With a container section, `project` and `valid` are the job's view (containerJobProject):
// the servers reached inside their training containers; `file` is the project as read.
struct ServerCommandInput {
    FleetOptions fleet;
    QString path; // the project file, the first positional argument
    Project project;
    std::optional<ValidProject> valid; // ProjectNeed::Valid: the same project, as validated
    Project file;                      // the project as the file holds it
};

// The start every command on a project's servers shares: adds the fleet options, parses
// `arguments`, reads them and loads the project (loadForCommand or loadValidProject, as `need`
// says). kContinue, else the exit code after a message; nothing has contacted a server then.
// `ServerCommandInput::project` is the job's view unless `hosts` asks for the hosts themselves.
enum class ServerView { Job, Hosts };
int parseServerCommand(CommandParser &command, const QStringList &arguments, QTextStream &out,
                       QTextStream &err, ServerCommandInput &input, ProjectNeed need,
                       ServerView view = ServerView::Job);

// What the start of a command about one run (logs, status, stop) yields.
struct RunCommandInput {
    FleetOptions fleet;
    QString path;
    Project project;
    RunRecord record; // the run named by --run, else the project's latest
};

// Whether the project must still describe the run's servers and ranks (logs and status read
// rank files by them; stop ends the recorded process groups whatever the project says now).
enum class RunMatch { ProjectDescribesRun, Any };

// parseServerCommand with --run ID added and a readable project, then the run (loadRunForCommand).
int parseRunCommand(CommandParser &command, const QStringList &arguments, QTextStream &out,
                    QTextStream &err, RunCommandInput &input, RunMatch match);

// When a host key was unknown on some server (and --accept-new was not given), one line on
// `err` saying how to go on; the per-server messages already carry the fingerprints.
void hintUnknownHostKeys(const std::vector<ServerDiscovery> &discovery, QTextStream &err);

// In a project with containers, when a container did not answer (not made yet, stopped, its sshd
// down), one line on `err` naming those servers and the command that says why.
void hintContainers(const Project &project, const QString &path,
                    const std::vector<ServerDiscovery> &discovery, QTextStream &err);

} // namespace cw::cli
