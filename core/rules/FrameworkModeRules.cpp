#include "rules/FrameworkModeRules.h"
#include "rules/SectionValidators.h"

#include <algorithm>

using namespace Qt::StringLiterals;

namespace cw {

std::vector<LaunchMode> launchModesFor(Framework framework)
{
    switch (framework) {
    case Framework::PyTorch:
        return {LaunchMode::Launch, LaunchMode::Mpirun, LaunchMode::RankTable,
                LaunchMode::NoRankTable};
    case Framework::MindSpore:
        return {LaunchMode::Msrun, LaunchMode::Mpirun, LaunchMode::RankTable,
                LaunchMode::NoRankTable};
    case Framework::TensorFlow:
        return {LaunchMode::Mpirun, LaunchMode::RankTable, LaunchMode::NoRankTable};
    }
    return {};
}

namespace {

// The modes that can start the framework's processes, for the messages.
QString modesFor(Framework framework)
{
    QString text = launchModeNames(launchModesFor(framework), u" or "_s);
    if (framework != Framework::PyTorch)
        text.replace(u"mpirun"_s, u"mpirun (per device)"_s);
    return text;
}

} // namespace

void validateFrameworkMode(const Project &project, ProblemList &out)
{
    const LaunchConfig &launch = project.launch;
    const QString framework = frameworkName(launch.framework);
    const std::vector<LaunchMode> fitting = launchModesFor(launch.framework);
    const bool fits = std::find(fitting.begin(), fitting.end(), launch.mode) != fitting.end();
    if (!fits && launch.mode == LaunchMode::Msrun) {
        out.add(u"mode-framework"_s, projectPlace(u"launch.mode"_s),
                u"launch: mode msrun is MindSpore's launcher and starts no %1 job; with "
                "framework %1 use %2"_s.arg(framework, modesFor(launch.framework)));
    }
    if (launch.framework == Framework::PyTorch)
        return;
    if (!fits && launch.mode == LaunchMode::Launch) {
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
