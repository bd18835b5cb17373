// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The bandwidth part: every pair of servers runs a two-rank torch.distributed all_reduce of a
// tensor of --size MB, in rounds of disjoint pairs (a round robin: N-1 rounds for an even N, N
// for an odd one), so that no server is in two pairs at once and every round runs its pairs
// side by side. The backend is the project's: gloo for cpu, NCCL for nvidia, HCCL through
// torch_npu on Ascend when torch_npu imports on every server (tried by importing it there); when
// it does not, the report says so and the pairs are measured with gloo on the host network.
// GB/s: bytes of the tensor reduced per second, averaged over kBandwidthIterations.

#include "doctor/DoctorReport.h"
#include "fleet/FleetRunner.h"

#include <QString>

#include <atomic>
#include <functional>
#include <optional>
#include <utility>
#include <vector>

namespace cw {

inline constexpr int kDefaultBandwidthMb = 64;
inline constexpr int kMaxBandwidthMb = 4096;
inline constexpr int kBandwidthIterations = 5; // timed, after one warm-up
inline constexpr int kBandwidthInitSeconds = 60;

// The rounds of the round robin (circle method): each pair (a, b), a < b, once; a server at
// most once per round.
std::vector<std::vector<std::pair<int, int>>> pairRounds(int servers);

// The port rank 0 of a pair listens on for the rendezvous: one the job needs open on every
// server anyway (the last of the HCCL host ports on Ascend, one in the ephemeral range
// elsewhere), so that a firewall opened for the job lets it through.
int rendezvousPort(const Project &project);

// ---- what every server can run ---------------------------------------------------------------
struct BackendProbe {
    bool torch = false;
    QString torchProblem;     // why torch did not import
    bool accelerator = false; // torch_npu imports (Ascend) / CUDA is available (nvidia)
    QString acceleratorProblem;
};
// Imports torch (and torch_npu, or asks CUDA) with launch.python, printing `torch VERSION` or
// `notorch MESSAGE`, then `accel ok` or `accel no MESSAGE`.
QString backendProbeCommand(const Project &project);
BackendProbe parseBackendProbe(const QString &output);

// ---- one rank of one pair ---------------------------------------------------------------------
struct BandwidthRank {
    QString python;
    int rank = 0;         // 0 listens for the rendezvous, 1 connects
    QString rendezvousIp; // rank 0's host_ip
    int port = 0;
    QString hostIp;  // this server's host_ip: the interface gloo, NCCL and HCCL use
    QString backend; // gloo, nccl, hccl
    int sizeMb = kDefaultBandwidthMb;
    int limitSeconds = 120; // the whole rank, import to exit (timeout -k)
};
QString bandwidthCommand(const BandwidthRank &rank);

struct BandwidthResult {
    std::optional<double> gbps;
    QString error;
};
BandwidthResult parseBandwidthOutput(const QString &output, int exitStatus);

// The seconds one pair may take: the rendezvous, then the transfers at no less than 10 MB/s.
int bandwidthLimitSeconds(int sizeMb);

// `pairs`: those measured or given up on so far, before the slow ones are flagged.
using BandwidthProgress =
    std::function<void(int round, int rounds, const std::vector<PairBandwidth> &pairs)>;

// Runs every round; slow pairs are flagged (flagSlowPairs). `notes` gets the backend and why.
// A server not reached (no login) runs no pair: its pairs are not tested
// (PairBandwidth::notReached), and it is an entry in `notReached`. A server in `notReached`
// already (an earlier part of the doctor) is not contacted: its pairs are not tested for the
// reason recorded there, and `progress` shows them at once (round 0, before the first round).
std::vector<PairBandwidth> runBandwidthTest(const Project &project, const FleetOptions &options,
                                            int sizeMb, QStringList &notes, QStringList &problems,
                                            std::vector<ServerNotReached> &notReached,
                                            const BandwidthProgress &progress = {},
                                            const std::atomic<bool> *cancel = nullptr);

} // namespace cw
