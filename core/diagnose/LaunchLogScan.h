// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Reading a server's launch.log for a diagnosis (pure): what train.sh and the torch launcher
// say of their own per-server stop. train.sh writes "clusterwiz: train.sh on S: rank R (device
// D) failed with exit code C" for each rank it saw fail by itself, then "stopping the others"
// (or "got SIGTERM, stopping" when it was stopped from outside, and "still running after Ns,
// killing"); torch elastic writes "Sending process P closing signal SIGTERM" when it stops its
// other workers, "failed (exitcode: C) local_rank: L" and its summary's root cause rank; mpirun
// "process rank R ... exited on signal". The ranks such a stop ended are victims, not causes.
// Hostile input: any bytes, at most kScanBytes read (the end), never throws.

#include <QByteArrayView>

#include <vector>

namespace cw {

struct LaunchLogScan {
    bool stopped = false;         // this server's ranks were stopped by train.sh or the launcher
    bool signalled = false;       // train.sh itself got a stop signal (a stop from outside)
    bool killed = false;          // the stop went on to SIGKILL
    std::vector<int> failedRanks; // global ranks that failed by themselves
    std::vector<int> failedLocalRanks; // the torch launcher's local ranks that failed
};

LaunchLogScan scanLaunchLog(QByteArrayView text);

// Whether `scan` names global rank `rank` (local ranks count from `firstRank`) as failed.
bool launchLogNamesFailed(const LaunchLogScan &scan, int rank, int firstRank);

} // namespace cw
