// SPDX-License-Identifier: GPL-3.0-or-later
#include "generate/ScriptFiles.h"

#include "generate/LaunchScriptBash.h"
#include "generate/NodePlanBash.h"
#include "programs/ServerPrograms.h"
#include "shell/ShellQuote.h"

using namespace Qt::StringLiterals;

namespace cw {
namespace {

// DEVICE_ID is the id the process opens. Where train.sh narrows the visible devices to the
// server's (ASCEND_RT_VISIBLE_DEVICES in launch/mpirun modes, CUDA_VISIBLE_DEVICES always), the
// local rank indexes that list; otherwise (Ascend rank loops, cpu) it is the physical id.
QString deviceIdLine(const Project &project)
{
    const bool indexed = project.accelerator == Accelerator::Nvidia ||
                         (isAscend(project.accelerator) && !usesRankLoop(project));
    if (indexed)
        return QStringLiteral("export DEVICE_ID=$LOCAL_RANK\n");
    return QStringLiteral("export DEVICE_ID=$CLUSTERWIZ_DEVICE\n");
}

QString modeVariables(const Project &project)
{
    switch (project.launch.mode) {
    case LaunchMode::RankTable:
        return programText(program::rank_ranktable_sh);
    case LaunchMode::NoRankTable:
        return programText(program::rank_no_ranktable_sh);
    case LaunchMode::Launch:
    case LaunchMode::Mpirun:
    case LaunchMode::Msrun: // msrun starts the entry itself; rank.sh stays for a manual rank
        break;
    }
    return {};
}

} // namespace

QByteArray rankScript(const Project &project)
{
    const LaunchConfig &launch = project.launch;
    QString text = scriptHeader(
        project, QStringLiteral("Starts one rank: its environment, its log file, then the entry "
                                "script (the arguments it is given are passed on)."));
    // The project's values as variables first; the program reads them.
    text += u"\nPYTHON="_s + shellQuote(launch.python) + u"\nENTRY="_s + shellQuote(launch.entry) +
            u"\nENTRY_ARGS=("_s + shellJoin(launch.args) + u")\n"_s;
    text += u'\n' + programText(program::rank_check_sh);
    text += deviceIdLine(project);
    text += QStringLiteral("export RANK LOCAL_RANK\n");
    text += modeVariables(project);
    text += u'\n' + programText(program::rank_log_sh);
    // The entry, in the background so that rank-wait.sh records its exit code. Its local rank
    // argument is one of two validated spellings, never user text: the vendor guide's main.py
    // reads it.
    const QString localRankArg = launch.localRankArg.isEmpty()
                                     ? QString()
                                     : u"\""_s + launch.localRankArg + u"=$LOCAL_RANK\" "_s;
    text += u"\"$PYTHON\" -u \"$ENTRY\" "_s + localRankArg +
            u"\"${ENTRY_ARGS[@]}\" \"$@\" </dev/null &\n"_s;
    text += programText(program::rank_wait_sh);
    return text.toUtf8();
}

} // namespace cw
