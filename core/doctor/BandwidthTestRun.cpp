// SPDX-License-Identifier: GPL-3.0-or-later
// runBandwidthTest (declared in BandwidthTest.h): the backend chosen from what imports on every
// server, then the rounds of disjoint pairs, each round's pairs side by side.
#include "doctor/BandwidthTest.h"

#include <algorithm>

using namespace Qt::StringLiterals;

namespace cw {
namespace {

struct Backend {
    QString name; // gloo, nccl, hccl
    QString note;
};

Backend chooseBackend(const Project &project, const std::vector<BackendProbe> &probes)
{
    if (project.accelerator == Accelerator::Cpu)
        return {u"gloo"_s, u"bandwidth: torch.distributed all_reduce over gloo (cpu project)"_s};
    const bool ascend = isAscend(project.accelerator);
    const QString wanted = ascend ? u"hccl"_s : u"nccl"_s;
    QStringList missing;
    for (size_t s = 0; s < probes.size(); ++s) {
        if (probes[s].torch && !probes[s].accelerator)
            missing << u"%1 (%2)"_s.arg(project.servers[s].name, probes[s].acceleratorProblem);
    }
    if (missing.isEmpty())
        return {wanted, u"bandwidth: torch.distributed all_reduce over %1%2"_s.arg(
                            wanted, ascend ? u" (torch_npu imported on every server)"_s
                                           : u" (CUDA available on every server)"_s)};
    return {u"gloo"_s,
            u"bandwidth: %1 not usable, measured with gloo on the host network instead: %2 on "
            u"%3"_s.arg(wanted, ascend ? u"torch_npu did not import"_s : u"no CUDA"_s,
                        missing.join(u", "_s))};
}

} // namespace

std::vector<PairBandwidth> runBandwidthTest(const Project &project, const FleetOptions &options,
                                            int sizeMb, QStringList &notes, QStringList &problems,
                                            std::vector<ServerNotReached> &notReached,
                                            const BandwidthProgress &progress,
                                            const std::atomic<bool> *cancel)
{
    const int n = int(project.servers.size());
    std::vector<PairBandwidth> pairs;
    if (n < 2) {
        notes << u"bandwidth: one server, no pair to measure"_s;
        return pairs;
    }
    // What imports where: decided on the servers themselves, not from package metadata.
    std::vector<BackendProbe> probes(static_cast<size_t>(n));
    std::vector<QString> unreached(static_cast<size_t>(n));
    std::vector<char> loggedIn(static_cast<size_t>(n), 0); // each worker its own slot
    std::vector<char> neverReached(static_cast<size_t>(n), 0);
    std::vector<char> earlier(static_cast<size_t>(n), 0); // not reached by an earlier part
    std::vector<int> all;
    for (int s = 0; s < n; ++s) {
        // Another login would only wait for the same timeout again.
        if (const ServerNotReached *known =
                findNotReached(notReached, project.servers[size_t(s)].name)) {
            earlier[size_t(s)] = neverReached[size_t(s)] = 1;
            unreached[size_t(s)] = known->reason;
        } else {
            all.push_back(s);
        }
    }
    const auto rounds = pairRounds(n);
    // Their pairs are known now: shown at once, before the probe and the rounds.
    for (const auto &round : rounds) {
        for (const auto &[a, b] : round) {
            for (int s : {a, b}) {
                if (!earlier[size_t(s)])
                    continue;
                PairBandwidth pair;
                pair.server = project.servers[size_t(a)].name;
                pair.peerServer = project.servers[size_t(b)].name;
                pair.notReached = project.servers[size_t(s)].name;
                pair.error = notReachedText(pair.notReached, unreached[size_t(s)]);
                pairs.push_back(pair);
                break;
            }
        }
    }
    if (progress)
        progress(0, int(rounds.size()), pairs);
    FleetOptions probeFleet = options;
    probeFleet.timeoutMs = options.timeoutMs + 130000;
    runOnServers(
        project, all, probeFleet,
        [&](FleetTask &task) {
            loggedIn[size_t(task.serverIndex)] = 1;
            const ExecResult result =
                task.session.exec(backendProbeCommand(project), task.remainingMs(), &task.cancel);
            if (!result.error.isError())
                probes[size_t(task.serverIndex)] = parseBackendProbe(QString::fromUtf8(result.out));
            return result.error;
        },
        [&](int, int, const FleetResult &result) {
            if (result.error.isError()) {
                unreached[size_t(result.serverIndex)] = result.error.message;
                neverReached[size_t(result.serverIndex)] =
                    !loggedIn[size_t(result.serverIndex)] &&
                    result.error.kind != SshError::Kind::Cancelled;
            }
        },
        cancel);
    for (int s = 0; s < n; ++s) {
        if (earlier[size_t(s)]) {
            // In `problems` and `notReached` already.
        } else if (!unreached[size_t(s)].isEmpty()) {
            problems << u"bandwidth: %1 not reached: %2"_s.arg(project.servers[size_t(s)].name,
                                                               unreached[size_t(s)]);
            if (neverReached[size_t(s)])
                notReached.push_back({project.servers[size_t(s)].name, unreached[size_t(s)]});
        } else if (!probes[size_t(s)].torch)
            problems << u"bandwidth: torch does not import with %1 on %2: %3"_s.arg(
                project.launch.python, project.servers[size_t(s)].name,
                probes[size_t(s)].torchProblem);
    }
    const Backend backend = chooseBackend(project, probes);
    notes << backend.note;

    const int limit = bandwidthLimitSeconds(sizeMb);
    const int port = rendezvousPort(project);
    FleetOptions fleet = options;
    fleet.timeoutMs = options.timeoutMs + (limit + 10) * 1000;
    // Both ranks of a pair must run at the same time: at most jobs / 2 pairs per batch.
    const size_t batch = size_t(std::max(1, options.jobs / 2));
    for (size_t r = 0; r < rounds.size(); ++r) {
        if (progress)
            progress(int(r), int(rounds.size()), pairs);
        std::vector<std::pair<int, int>> round;
        for (const auto &[a, b] : rounds[r]) {
            if (!earlier[size_t(a)] && !earlier[size_t(b)]) // else in `pairs` already
                round.push_back({a, b});
        }
        for (size_t from = 0; from < round.size(); from += batch) {
            std::vector<std::pair<int, int>> run;
            std::vector<int> indices;
            std::vector<BandwidthRank> ranks(static_cast<size_t>(n));
            for (size_t k = from; k < std::min(round.size(), from + batch); ++k) {
                const auto [a, b] = round[k];
                PairBandwidth pair;
                pair.server = project.servers[size_t(a)].name;
                pair.peerServer = project.servers[size_t(b)].name;
                for (int s : {a, b}) {
                    if (neverReached[size_t(s)]) {
                        pair.notReached = project.servers[size_t(s)].name;
                        pair.error = notReachedText(pair.notReached, unreached[size_t(s)]);
                    } else if (!unreached[size_t(s)].isEmpty())
                        pair.error = u"%1 not reached"_s.arg(project.servers[size_t(s)].name);
                    else if (!probes[size_t(s)].torch)
                        pair.error =
                            u"torch does not import on %1"_s.arg(project.servers[size_t(s)].name);
                }
                if (cancel && cancel->load())
                    pair.error = u"cancelled"_s;
                pairs.push_back(pair);
                if (!pair.error.isEmpty())
                    continue;
                run.push_back({a, b});
                const QString master = project.servers[size_t(a)].effectiveHostIp();
                for (int rank : {0, 1}) {
                    const int s = rank == 0 ? a : b;
                    BandwidthRank &mine = ranks[size_t(s)];
                    mine.python = project.launch.python;
                    mine.rank = rank;
                    mine.rendezvousIp = master;
                    mine.port = port;
                    mine.hostIp = project.servers[size_t(s)].effectiveHostIp();
                    mine.backend = backend.name;
                    mine.sizeMb = sizeMb;
                    mine.limitSeconds = limit;
                    indices.push_back(s);
                }
            }
            if (run.empty())
                continue;
            std::vector<BandwidthResult> results(static_cast<size_t>(n));
            const auto fleetResults = runOnServers(
                project, indices, fleet,
                [&](FleetTask &task) {
                    const ExecResult result =
                        task.session.exec(bandwidthCommand(ranks[size_t(task.serverIndex)]),
                                          task.remainingMs(), &task.cancel);
                    if (!result.error.isError())
                        results[size_t(task.serverIndex)] =
                            parseBandwidthOutput(QString::fromUtf8(result.out), result.exitStatus);
                    return result.error;
                },
                {}, cancel);
            for (const FleetResult &result : fleetResults) {
                if (result.error.isError())
                    results[size_t(result.serverIndex)].error = result.error.message;
            }
            for (const auto &[a, b] : run) {
                PairBandwidth *pair = nullptr;
                for (PairBandwidth &candidate : pairs) {
                    if (candidate.server == project.servers[size_t(a)].name &&
                        candidate.peerServer == project.servers[size_t(b)].name)
                        pair = &candidate;
                }
                const BandwidthResult &first = results[size_t(a)];
                const BandwidthResult &second = results[size_t(b)];
                if (first.gbps) {
                    pair->gbps = first.gbps;
                } else {
                    QStringList why;
                    if (!first.error.isEmpty())
                        why << pair->server + u": "_s + first.error;
                    if (!second.error.isEmpty())
                        why << pair->peerServer + u": "_s + second.error;
                    pair->error = why.isEmpty() ? u"no result"_s : why.join(u"; "_s);
                }
            }
        }
    }
    if (progress)
        progress(int(rounds.size()), int(rounds.size()), pairs);
    // Project order, whatever round each pair ran in.
    std::stable_sort(pairs.begin(), pairs.end(), [&](const auto &x, const auto &y) {
        const auto key = [&](const PairBandwidth &p) {
            return std::pair{project.serverIndex(p.server).value_or(n),
                             project.serverIndex(p.peerServer).value_or(n)};
        };
        return key(x) < key(y);
    });
    flagSlowPairs(pairs);
    notes << u"bandwidth: %1 MB per all_reduce, %2 timed after one warm-up, %3 rounds of "
             u"disjoint pairs; slow: under %4% of the median"_s.arg(
                 QString::number(sizeMb), QString::number(kBandwidthIterations),
                 QString::number(rounds.size()), QString::number(int(kSlowFraction * 100)));
    return pairs;
}

} // namespace cw
