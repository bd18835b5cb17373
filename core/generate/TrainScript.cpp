// SPDX-License-Identifier: GPL-3.0-or-later
#include "generate/ScriptFiles.h"

#include "generate/LaunchScriptBash.h"
#include "generate/MsrunStart.h"
#include "generate/NodePlanBash.h"
#include "programs/ServerPrograms.h"
#include "shell/ShellQuote.h"

using namespace Qt::StringLiterals;

namespace cw {
namespace {

bool mpirunPerDevice(const Project &project)
{
    return project.launch.mode == LaunchMode::Mpirun &&
           project.launch.mpirun.per == MpirunPer::Device;
}

// Which server this copy runs on, before clusterwiz_find_node decides.
QString nodeFromMpirun(const Project &project)
{
    if (project.launch.mode != LaunchMode::Mpirun)
        return {};
    return u'\n' + programText(mpirunPerDevice(project) ? program::train_mpirun_device_node_sh
                                                        : program::train_mpirun_node_sh);
}

QString localRankFromMpirun()
{
    return programText(program::train_mpirun_local_rank_sh);
}

// The attempt of a restarting run: its count checked before any arithmetic, then the plan
// narrowed to its servers.
QString attemptSetup()
{
    return u'\n' + programText(program::train_attempt_sh);
}

// What an attempt writes beside its logs: the attempt's hostfile (on its master) and, in rank
// table mode, the attempt's rank table, which rank.sh then gives HCCL. The chief device of
// no-ranktable mode is the attempt master's first device.
QString attemptFiles(const Project &project)
{
    QString text = programText(program::train_attempt_hostfile_sh);
    if (project.launch.mode == LaunchMode::RankTable)
        text += programText(program::train_attempt_rank_table_sh);
    if (project.launch.mode == LaunchMode::NoRankTable)
        text += programText(program::train_attempt_chief_device_sh);
    return text;
}

QString deviceVisibility(const Project &project)
{
    const QString list = QStringLiteral("$(IFS=,; echo \"${DEVICES[*]}\")");
    if (project.accelerator == Accelerator::Nvidia)
        return u"export CUDA_VISIBLE_DEVICES="_s + list + u'\n';
    if (isAscend(project.accelerator) && !usesRankLoop(project))
        return u"export ASCEND_RT_VISIBLE_DEVICES="_s + list + u'\n';
    return {};
}

// torch.distributed.launch refuses --no_python without --use_env (and then, like torchrun, sets
// only LOCAL_RANK, no --local_rank argument); torchrun has no --use_env.
QString launcherChoice(const QString &launcher)
{
    if (launcher == u"torchrun")
        return QStringLiteral("TORCH_LAUNCHER=(torch.distributed.run)\n");
    if (launcher == u"torch.distributed.launch")
        return QStringLiteral("TORCH_LAUNCHER=(torch.distributed.launch --use_env)\n");
    // torchrun's module when this python has it, else the older torch.distributed.launch.
    return programText(program::train_torch_launcher_sh);
}

QString startRanks(const Project &project)
{
    if (project.launch.mode == LaunchMode::Msrun)
        return msrunStart(project);
    if (mpirunPerDevice(project))
        return u'\n' + programText(program::train_mpirun_rank_sh);
    QString text;
    if (usesRankLoop(project)) {
        text = u'\n' + programText(program::train_rank_loop_sh);
    } else {
        // One torch launcher for the server, which starts rank.sh once per device.
        text = u'\n' + programText(program::train_torch_check_sh);
        text += launcherChoice(project.launch.launcher);
        text += programText(program::train_torch_start_sh);
    }
    text += QStringLiteral("exit \"$CLUSTERWIZ_STATUS\"\n");
    return text;
}

// TERM goes to the ranks (or the torch launcher, which passes it on); KILL, after the grace
// period, to every descendant, so that nothing is left behind.
QString stopFunction()
{
    return u'\n' + programText(program::train_stop_sh);
}

} // namespace

QByteArray trainScript(const Project &project)
{
    const bool perDevice = mpirunPerDevice(project);
    const QString purpose =
        project.launch.mode == LaunchMode::Mpirun
            ? (perDevice
                   ? QStringLiteral("Started by run.sh's mpirun once per device (the same file "
                                    "on every server): starts that one rank and its log.")
                   : QStringLiteral("Started by run.sh's mpirun once per server (the same file "
                                    "everywhere): starts that server's ranks, one log per rank."))
        : project.launch.mode == LaunchMode::Msrun
            ? QStringLiteral("Run on every server (the same file everywhere): finds this server in "
                             "the plan and starts its msrun, which starts its ranks.")
            : QStringLiteral("Run on every server (the same file everywhere): finds this server in "
                             "the plan and starts its ranks, one log per rank.");
    QString text = scriptHeader(project, purpose);
    text += hereLine();
    text += u'\n' + planTable(project);
    text += u"WORKDIR="_s + shellQuote(project.launch.workdir) + u'\n';
    text += u"LOG_ROOT="_s + shellQuote(logRootPath(project)) + u'\n';
    text += u"PYTHON="_s + shellQuote(project.launch.python) + u'\n';
    if (!perDevice)
        text += QStringLiteral("STOP_GRACE=10  # seconds from TERM to KILL when stopping\n");
    const bool deviceIps =
        project.launch.mode == LaunchMode::RankTable && isAscend(project.accelerator);
    if (deviceIps)
        text += rankTableArrays(project);
    text += attemptPlanFunction(deviceIps ? rankTableArrayNames(project) : QStringList{});
    text += attemptFilesFunctions(project);
    text += findNodeFunction();
    text += isNumberFunction();
    if (!perDevice)
        text += waitFunctions() + stopFunction();
    text += attemptSetup();
    text += nodeFromMpirun(project);
    // clusterwiz_find_node takes "08" for a number, which bash arithmetic then refuses as octal.
    text += u'\n' + programText(program::train_find_node_sh);
    if (perDevice)
        text += localRankFromMpirun();

    // The workdir, env.sh, the run's log folder; then what the processes are told.
    text += u'\n' + programText(program::train_workdir_sh);
    text += runIdCheck();
    text += programText(program::train_log_dir_sh);
    // Once per server, not once per rank, where mpirun starts one copy per device; there mpirun
    // owns the processes, so no train.pid.
    text += programText(perDevice ? program::train_mpirun_announce_sh : program::train_announce_sh);
    text += programText(program::train_export_sh);
    text += attemptFiles(project);
    text += deviceVisibility(project);
    text += startRanks(project);
    return text.toUtf8();
}

} // namespace cw
