// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A launch as a value: per server the exact files to upload and the command that starts the job,
// so that `launch --dry-run` shows what `launch` does before anything runs.
#include "model/Problem.h"
#include "model/Project.h"
#include "rules/ProjectValidator.h"

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <vector>

namespace cw {

struct PlannedUpload {
    QString remotePath;
    QString source; // "generated" or the local file it was read from
    QByteArray data;
    int mode = 0644;
};

struct ServerLaunch {
    int serverIndex = -1;
    QString name;
    QString runDir;
    QString prepareCommand; // mkdir -p of the workdir, before the uploads
    std::vector<PlannedUpload> uploads;
    QString entryCheckCommand; // empty when the entry script is uploaded
    QString startCommand;      // empty where nothing is started (mpirun: all but the master)
};

struct LaunchPlan {
    QString runId;
    Problems problems; // unreadable or refused upload files: nothing runs
    int masterIndex = 0;
    int masterPort = 0;
    QString portCheckCommand; // portOwnersCommand(), run on the master before anything else
    std::vector<ServerLaunch> servers; // in launch order, master first
    // launch.scheduler "slurm": nothing is started over SSH; this command, run on the server
    // slurmLoginIndex (which gets train.sbatch among its uploads), submits the job.
    int slurmLoginIndex = -1;
    QString slurmSubmitCommand;
    bool ok() const { return problems.empty(); }
};

// launch.upload files that are, or lead through a symbolic link, outside the project file's
// folder: their resolved paths, for a front end to ask the user about (docs/security.md).
QStringList uploadsOutsideProject(const Project &project, const QString &projectPath);

// Generates the project's scripts and reads launch.upload (paths relative to the project file's
// folder; regular files only). A file outside that folder is refused unless its resolved path is
// in `confirmedOutside`. Reads local files only; nothing remote.
LaunchPlan planLaunch(const ValidProject &valid, const QString &projectPath, const QString &runId,
                      const QStringList &confirmedOutside = {});

// What --dry-run prints: per server the folder, every upload and every command, verbatim.
QString launchPlanText(const Project &project, const LaunchPlan &plan);

} // namespace cw
