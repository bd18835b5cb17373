// SPDX-License-Identifier: GPL-3.0-or-later
#include "generate/MsrunStart.h"

#include "programs/ServerPrograms.h"
#include "shell/ShellQuote.h"

using namespace Qt::StringLiterals;

namespace cw {

// msrun's flags, defaults and log names: MindSpore's "msrun Launching" tutorial (docs/launch.md
// cites it). msrun runs `python ENTRY` with the python found on PATH (mindspore
// parallel/cluster/process_entity/_utils.py, _generate_cmd_args_list), hence msrun's own folder
// first on PATH. With --node_rank given, a worker's log is <log_dir>/worker_<rank id>.log, its rank
// id being the global rank, and the master's msrun also writes scheduler.log there.
QString msrunStart(const Project &project)
{
    QString text = u"\n# One msrun for this server (MindSpore's launcher): it starts this server's "
                   "NPROC workers and,\n# on the master (MASTER_ADDR), the scheduler; the workers "
                   "get their ranks from it.\n"_s;
    text += u"ENTRY="_s + shellQuote(project.launch.entry) + u"\nENTRY_ARGS=("_s +
            shellJoin(project.launch.args) + u")\n"_s;
    text += programText(program::train_msrun_sh);
    text += u"MSRUN_ARGS=(--worker_num=\"$WORLD_SIZE\" --local_worker_num=\"$NPROC\" "
            "--master_addr=\"$MASTER_ADDR\"\n"
            "    --master_port=\"$MASTER_PORT\" --node_rank=\"$NODE_RANK\" "
            "--log_dir=\"$MSRUN_LOG_DIR\"\n"
            "    --join=True --cluster_time_out=%1)\n"_s.arg(kMsrunClusterTimeOut);
    text += programText(program::train_msrun_start_sh);
    return text;
}

} // namespace cw
