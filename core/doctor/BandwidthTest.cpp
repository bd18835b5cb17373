#include "doctor/BandwidthTest.h"

#include "rules/RequiredPorts.h"
#include "discover/ProbeText.h"
#include "shell/ShellQuote.h"

using namespace Qt::StringLiterals;

namespace cw {
namespace {

const QString kProbeProgram = uR"(import sys
try:
    import torch
    print("torch " + torch.__version__)
except BaseException as e:
    print("notorch %s: %s" % (type(e).__name__, " ".join(str(e).split())[:200]))
    sys.exit(0)
try:
    if sys.argv[1] == "ascend":
        import torch_npu
        print("accel ok")
    elif sys.argv[1] == "nvidia":
        ok = torch.cuda.is_available() and torch.cuda.device_count() > 0
        print("accel ok" if ok else "accel no CUDA is not available to torch")
    else:
        print("accel no")
except BaseException as e:
    print("accel no %s: %s" % (type(e).__name__, " ".join(str(e).split())[:200])))"_s;

// argv: rank addr port host_ip backend size_mb iterations init_seconds. The interface holding
// host_ip is pinned for gloo, NCCL and HCCL: a wrong NIC is the commonest cause of a hang.
const QString kPairProgram = uR"(import datetime, os, subprocess, sys, time
rank, addr, port, host_ip, backend = int(sys.argv[1]), sys.argv[2], int(sys.argv[3]), sys.argv[4], sys.argv[5]
size_mb, iterations, init_seconds = int(sys.argv[6]), int(sys.argv[7]), int(sys.argv[8])
def fail(message):
    print("error " + " ".join(str(message).split())[:300])
    sys.stdout.flush()
    os._exit(1)
try:
    out = subprocess.run(["ip", "-o", "-4", "addr", "show"], capture_output=True, text=True, timeout=10).stdout
    for line in out.splitlines():
        w = line.split()
        if len(w) > 3 and w[2] == "inet" and w[3].split("/")[0] == host_ip:
            for name in ("GLOO_SOCKET_IFNAME", "NCCL_SOCKET_IFNAME", "HCCL_SOCKET_IFNAME"):
                os.environ[name] = w[1].split("@")[0]
    os.environ["HCCL_IF_IP"] = host_ip
except Exception:
    pass
try:
    import torch
    import torch.distributed as dist
    device = "cpu"
    if backend == "hccl":
        import torch_npu
        torch.npu.set_device(0)
        device = "npu:0"
    elif backend == "nccl":
        torch.cuda.set_device(0)
        device = "cuda:0"
    def sync():
        if device.startswith("cuda"):
            torch.cuda.synchronize()
        elif device.startswith("npu"):
            torch.npu.synchronize()
    dist.init_process_group(backend, init_method="tcp://%s:%d" % (addr, port), rank=rank,
                            world_size=2, timeout=datetime.timedelta(seconds=init_seconds))
    t = torch.ones(size_mb * 262144, dtype=torch.float32, device=device)
    dist.all_reduce(t)
    sync()
    start = time.perf_counter()
    for _ in range(iterations):
        dist.all_reduce(t)
    sync()
    elapsed = time.perf_counter() - start
    print("gbps %.6f" % (size_mb * 1048576.0 * iterations / max(elapsed, 1e-9) / 1e9))
    sys.stdout.flush()
    dist.destroy_process_group()
except BaseException as e:
    fail("%s: %s" % (type(e).__name__, e)))"_s;

} // namespace

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

QString backendProbeCommand(const Project &project)
{
    const QString kind = isAscend(project.accelerator)                ? u"ascend"_s
                         : project.accelerator == Accelerator::Nvidia ? u"nvidia"_s
                                                                      : u"cpu"_s;
    return u"timeout -k 5 120 "_s +
           shellJoin({project.launch.python, u"-c"_s, kProbeProgram, kind}) + u" 2>&1"_s;
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

QString bandwidthCommand(const BandwidthRank &rank)
{
    return u"timeout -k 5 %1 "_s.arg(rank.limitSeconds) +
           shellJoin({rank.python, u"-c"_s, kPairProgram, QString::number(rank.rank),
                      rank.rendezvousIp, QString::number(rank.port), rank.hostIp, rank.backend,
                      QString::number(rank.sizeMb), QString::number(kBandwidthIterations),
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
