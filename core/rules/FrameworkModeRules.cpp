#include "rules/SectionValidators.h"

using namespace Qt::StringLiterals;

namespace cw {

// Which launch modes can start the framework's processes: msrun is MindSpore's own launcher,
// the torch launchers exist only in PyTorch, and MindSpore wants one process per device.
void validateFrameworkMode(const Project &project, ProblemList &out)
{
    const LaunchConfig &launch = project.launch;
    const QString framework = frameworkName(launch.framework);
    if (launch.mode == LaunchMode::Msrun && launch.framework != Framework::MindSpore) {
        out.add(u"mode-framework"_s, projectPlace(u"launch.mode"_s),
                u"launch: mode msrun is MindSpore's launcher and starts no %1 job; with "
                "framework %1 use launch, mpirun, ranktable or no-ranktable"_s.arg(framework));
    }
    if (launch.framework != Framework::MindSpore)
        return;
    if (launch.mode == LaunchMode::Launch) {
        out.add(u"mode-framework"_s, projectPlace(u"launch.mode"_s),
                u"launch: mode launch starts a torch launcher (torchrun), which MindSpore does "
                "not have; with framework mindspore use msrun, mpirun (per device), ranktable "
                "or no-ranktable"_s);
    }
    if (launch.mode == LaunchMode::Mpirun && launch.mpirun.per == MpirunPer::Server) {
        out.add(u"mode-framework"_s, projectPlace(u"launch.mpirun.per"_s),
                u"launch: mpirun.per server starts one process per server, but a MindSpore job "
                "runs one process per device (seed 003's mpirun -n <devices>); set "
                "launch.mpirun.per to device"_s);
    }
    if (launch.mode == LaunchMode::Msrun && !launch.localRankArg.isEmpty()) {
        out.add(u"local-rank-arg"_s, projectPlace(u"launch.local_rank_arg"_s),
                u"launch: local_rank_arg %1 cannot be passed in mode msrun: msrun starts every "
                "worker with the same arguments; read the rank in the script "
                "(mindspore.communication.get_rank / get_local_rank)"_s.arg(launch.localRankArg));
    }
}

} // namespace cw
