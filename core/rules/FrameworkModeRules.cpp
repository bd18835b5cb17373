#include "rules/SectionValidators.h"

using namespace Qt::StringLiterals;

namespace cw {
namespace {

// The modes that can start the framework's processes, for the messages.
QString modesFor(Framework framework)
{
    switch (framework) {
    case Framework::PyTorch:
        return u"launch, mpirun, ranktable or no-ranktable"_s;
    case Framework::MindSpore:
        return u"msrun, mpirun (per device), ranktable or no-ranktable"_s;
    case Framework::TensorFlow:
        return u"mpirun (per device), ranktable or no-ranktable"_s;
    }
    return {};
}

} // namespace

// Which launch modes can start the framework's processes: msrun is MindSpore's own launcher; the
// torch launchers (mode launch, and mpirun per server, which starts one per server) exist only
// in PyTorch; MindSpore (seed 003: mpirun -n <devices>) and TensorFlow (seed 002: horovodrun
// -H host:8, or the rank table's per-device processes) run one process per device.
void validateFrameworkMode(const Project &project, ProblemList &out)
{
    const LaunchConfig &launch = project.launch;
    const QString framework = frameworkName(launch.framework);
    if (launch.mode == LaunchMode::Msrun && launch.framework != Framework::MindSpore) {
        out.add(u"mode-framework"_s, projectPlace(u"launch.mode"_s),
                u"launch: mode msrun is MindSpore's launcher and starts no %1 job; with "
                "framework %1 use %2"_s.arg(framework, modesFor(launch.framework)));
    }
    if (launch.framework == Framework::PyTorch)
        return;
    if (launch.mode == LaunchMode::Launch) {
        out.add(u"mode-framework"_s, projectPlace(u"launch.mode"_s),
                u"launch: mode launch starts a torch launcher (torchrun), which %1 does not "
                "have; with framework %1 use %2"_s.arg(framework, modesFor(launch.framework)));
    }
    if (launch.mode == LaunchMode::Mpirun && launch.mpirun.per == MpirunPer::Server) {
        out.add(u"mode-framework"_s, projectPlace(u"launch.mpirun.per"_s),
                u"launch: mpirun.per server starts one torch launcher per server, but a %1 job "
                "runs one process per device; set launch.mpirun.per to device"_s.arg(framework));
    }
    if (launch.mode == LaunchMode::Msrun && !launch.localRankArg.isEmpty()) {
        out.add(u"local-rank-arg"_s, projectPlace(u"launch.local_rank_arg"_s),
                u"launch: local_rank_arg %1 cannot be passed in mode msrun: msrun starts every "
                "worker with the same arguments; read the rank in the script "
                "(mindspore.communication.get_rank / get_local_rank)"_s.arg(launch.localRankArg));
    }
}

} // namespace cw
