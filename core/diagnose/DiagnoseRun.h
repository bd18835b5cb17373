// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A diagnosis of one recorded run over SSH: every server at once measures its clock against
// this machine's (the smallest of three round trips), polls the run and sends the end of each
// rank's log; the diagnosis is evaluated (Diagnosis.h); for a hung run py-spy dumps the stacks
// of the ranks behind where it is installed, and for a failed Ascend run each server's plog
// lines of the failure window are fetched. Everything can go into one archive beside the run
// record. Blocks: the CLI's `diagnose` and the run panel's "Why?" call it off the GUI thread.

#include "diagnose/Diagnosis.h"
#include "fleet/FleetRunner.h"
#include "launch/RunRecord.h"

#include <atomic>

namespace cw {

struct DiagnoseOptions {
    int hangAfterS = kDefaultHangAfterS;
    bool archive = true;     // write <project>.runs/<run id>.diagnosis.tar.gz
    double plogBeforeS = 60; // the failure window: this long before the first failure
    double plogAfterS = 30;  // and this long after it
};

struct DiagnoseResult {
    Diagnosis diagnosis;
    std::vector<ServerReport> servers; // project order (the run's servers)
    QString error;                     // the archive could not be written (the diagnosis stands)
};

DiagnoseResult runDiagnose(const Project &project, const RunRecord &record,
                           const FleetOptions &fleet, const DiagnoseOptions &options = {},
                           const std::atomic<bool> *cancel = nullptr);

// The archive's path for a run: beside its record.
QString diagnosisArchivePath(const QString &projectPath, const QString &runId);

// diagnosis.json, diagnosis.txt, the rank log ends (logs/SERVER/rankR.log), their exit records
// (logs/SERVER/rankR.exit, as rank.sh writes them), the end of launch.log, the plog lines
// (plog/SERVER.log) and the stacks (stacks/SERVER-rankR.txt) in one reproducible .tar.gz,
// written without following a link. Returns an error message, empty on success.
QString writeDiagnosisArchive(const QString &path, const Diagnosis &diagnosis,
                              const std::vector<ServerReport> &servers);

} // namespace cw
