#include "generate/MsrunStart.h"

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
    static const QString body = QStringLiteral(R"BASH(
# One msrun for this server (MindSpore's launcher): it starts this server's NPROC workers and,
# on the master (MASTER_ADDR), the scheduler; the workers get their ranks from it.
ENTRY=@ENTRY@
ENTRY_ARGS=(@ARGS@)
MSRUN_LOG_DIR=$LOG_DIR/msrun
if ! mkdir -p -- "$MSRUN_LOG_DIR"; then
    echo "clusterwiz: $SERVER_NAME: cannot create the msrun log folder $MSRUN_LOG_DIR" >&2
    exit 2
fi
# clusterwiz reads rank<R>.log: point each at the log msrun writes for that rank.
for ((i = 0; i < NPROC; i++)); do
    ln -sfn -- "msrun/worker_$((FIRST_RANK + i)).log" "$LOG_DIR/rank$((FIRST_RANK + i)).log"
done
# msrun on the PATH, or beside launch.python: pip installs it with MindSpore, next to the
# interpreter (the msrun check looks in the same two places).
MSRUN=$(command -v msrun 2>/dev/null)
if [ -z "$MSRUN" ] && python_path=$(command -v "$PYTHON" 2>/dev/null) &&
    [ -x "${python_path%/*}/msrun" ]; then
    MSRUN=${python_path%/*}/msrun
fi
if [ -z "$MSRUN" ]; then
    echo "clusterwiz: $SERVER_NAME: msrun is neither on PATH nor beside $PYTHON (MindSpore installs it; env_setup may need to activate MindSpore's environment)" >&2
    exit 2
fi
# msrun starts every worker (and the scheduler) as the literal `python ENTRY`, found on PATH:
# msrun's folder goes first, so that it is the python msrun was installed with.
PATH=${MSRUN%/*}:$PATH
export PATH
if ! MSRUN_PYTHON=$(command -v python 2>/dev/null); then
    echo "clusterwiz: $SERVER_NAME: msrun starts its workers with \`python\`, and there is none on PATH or beside $MSRUN" >&2
    exit 2
fi
echo "clusterwiz: msrun $MSRUN starts its workers with $MSRUN_PYTHON"
MSRUN_ARGS=(--worker_num="$WORLD_SIZE" --local_worker_num="$NPROC" --master_addr="$MASTER_ADDR"
    --master_port="$MASTER_PORT" --node_rank="$NODE_RANK" --log_dir="$MSRUN_LOG_DIR"
    --join=True --cluster_time_out=@TIMEOUT@)
clusterwiz_trap_signals
echo "clusterwiz: $MSRUN ${MSRUN_ARGS[*]} $ENTRY ${ENTRY_ARGS[*]}"
"$MSRUN" "${MSRUN_ARGS[@]}" "$ENTRY" "${ENTRY_ARGS[@]}" </dev/null &
PIDS=($!)
PID_NAMES=("msrun (the worker logs say which rank failed)")
clusterwiz_wait
# With --join=True msrun waits for its workers and fails when one does; it reports no code per
# worker, so the ranks' exit files are written only when all of them succeeded.
if [ "$CLUSTERWIZ_STATUS" -eq 0 ]; then
    for ((i = 0; i < NPROC; i++)); do
        CLUSTERWIZ_EXIT_FILE=$LOG_DIR/rank$((FIRST_RANK + i)).exit
        echo "0 $(date +%s.%N)" >"$CLUSTERWIZ_EXIT_FILE.tmp" &&
            mv -f -- "$CLUSTERWIZ_EXIT_FILE.tmp" "$CLUSTERWIZ_EXIT_FILE"
    done
fi
exit "$CLUSTERWIZ_STATUS"
)BASH");
    QHash<QString, QString> values;
    values.insert(u"ENTRY"_s, shellQuote(project.launch.entry));
    values.insert(u"ARGS"_s, shellJoin(project.launch.args));
    values.insert(u"TIMEOUT"_s, QString::number(kMsrunClusterTimeOut));
    return fillTemplate(body, values);
}

} // namespace cw
