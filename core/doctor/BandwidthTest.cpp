// SPDX-License-Identifier: GPL-3.0-or-later
#include "doctor/BandwidthTest.h"

#include "discover/ProbeText.h"
#include "programs/ServerPrograms.h"
#include "rules/RequiredPorts.h"
#include "shell/ShellQuote.h"

using namespace Qt::StringLiterals;

namespace cw {
std::vector<std::vector<std::pair<int, int>>> pairRounds(int servers)
{
    std::vector<std::vector<std::pair<int, int>>> rounds;
    if (servers < 2)
        return rounds;
    // Circle method: one player fixed, the others rotating; an odd count gets a dummy (a bye).
    const int m = servers % 2 ? servers + 1 : servers;
    for (int r = 0; r < m - 1; ++r) {
        std::vector<std::pair<int, int>> round;
        auto add = [&](int a, int b) {
            if (a >= servers || b >= servers)
                return; // the dummy: a bye this round
            round.push_back({std::min(a, b), std::max(a, b)});
        };
        add(m - 1, r);
        for (int i = 1; i < m / 2; ++i)
            add((r + i) % (m - 1), (r - i + (m - 1)) % (m - 1));
        rounds.push_back(std::move(round));
    }
    return rounds;
}

int rendezvousPort(const Project &project)
{
    if (isAscend(project.accelerator))
        return project.launch.hcclPorts.last;
    // Well inside the range, away from its low end where the kernel starts handing ports out.
    return kEphemeralPorts.first + 7919;
}

// Both programs (resources/server/torch-backend-probe.py, bandwidth-allreduce.py) import
// torch_npu by __import__: the import is for its effect (torch gains its npu device), and a
// plain `import` of a name never used is what pyflakes refuses.
QString backendProbeCommand(const Project &project)
{
    const QString kind = isAscend(project.accelerator)                ? u"ascend"_s
                         : project.accelerator == Accelerator::Nvidia ? u"nvidia"_s
                                                                      : u"cpu"_s;
    return u"timeout -k 5 120 "_s +
           shellJoin({project.launch.python, u"-c"_s, programText(program::torch_backend_probe_py),
                      kind}) +
           u" 2>&1"_s;
}

BackendProbe parseBackendProbe(const QString &output)
{
    BackendProbe probe;
    probe.torchProblem = u"torch did not answer: "_s + firstLineOf(output);
    probe.acceleratorProblem = u"not tried"_s;
    for (const QString &line : probeLines(output)) {
        if (line.startsWith(u"torch "_s)) {
            probe.torch = true;
            probe.torchProblem.clear();
        } else if (line.startsWith(u"notorch "_s)) {
            probe.torchProblem = line.mid(8).left(200);
        } else if (line == u"accel ok"_s) {
            probe.accelerator = true;
            probe.acceleratorProblem.clear();
        } else if (line.startsWith(u"accel no"_s)) {
            probe.acceleratorProblem = line.mid(8).trimmed().left(200);
        }
    }
    return probe;
}

// resources/server/bandwidth-allreduce.py; argv: rank addr port host_ip backend size_mb
// iterations init_seconds. The interface holding host_ip is pinned for gloo, NCCL and HCCL: a
// wrong NIC is the commonest cause of a hang.
QString bandwidthCommand(const BandwidthRank &rank)
{
    return u"timeout -k 5 %1 "_s.arg(rank.limitSeconds) +
           shellJoin({rank.python, u"-c"_s, programText(program::bandwidth_allreduce_py),
                      QString::number(rank.rank), rank.rendezvousIp, QString::number(rank.port),
                      rank.hostIp, rank.backend, QString::number(rank.sizeMb),
                      QString::number(kBandwidthIterations),
                      QString::number(kBandwidthInitSeconds)}) +
           u" 2>&1"_s;
}

BandwidthResult parseBandwidthOutput(const QString &output, int exitStatus)
{
    BandwidthResult result;
    for (const QString &line : probeLines(output)) {
        if (line.startsWith(u"gbps "_s)) {
            bool ok = false;
            const double value = line.mid(5).trimmed().left(32).toDouble(&ok);
            if (ok && value > 0 && value < 1e6)
                result.gbps = value;
        } else if (line.startsWith(u"error "_s) && result.error.isEmpty()) {
            result.error = line.mid(6).left(300);
        }
    }
    if (result.gbps)
        return result;
    if (result.error.isEmpty())
        result.error = exitStatus == 124 || exitStatus == 137
                           ? u"did not finish within its time limit"_s
                           : u"no result (exit status %1): %2"_s.arg(QString::number(exitStatus),
                                                                     firstLineOf(output));
    return result;
}

int bandwidthLimitSeconds(int sizeMb)
{
    return kBandwidthInitSeconds + 30 + (sizeMb * (kBandwidthIterations + 1)) / 10;
}

} // namespace cw
