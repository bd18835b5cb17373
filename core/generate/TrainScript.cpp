#include "generate/ScriptFiles.h"

#include "generate/LaunchScriptBash.h"
#include "generate/MsrunStart.h"
#include "generate/NodePlanBash.h"
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
    if (!mpirunPerDevice(project)) {
        return QStringLiteral(R"BASH(
# Started by mpirun (run.sh) once per server: mpirun places the copies on the -H hosts in plan
# order, so its rank is this server's index in the plan (`hostname -I` cannot tell when the
# host IPs are not the servers' own addresses, e.g. behind NAT).
if [ -z "${CLUSTERWIZ_NODE_RANK:-}" ] && [ -n "${OMPI_COMM_WORLD_RANK:-}" ]; then
    CLUSTERWIZ_NODE_RANK=$OMPI_COMM_WORLD_RANK
fi
)BASH");
    }
    return QStringLiteral(R"BASH(
# Started by mpirun (run.sh) once per device: mpirun fills the -H hosts' slots in plan order
# (-map-by slot), so its world rank is the global rank, which tells the server.
if ! clusterwiz_is_number "${OMPI_COMM_WORLD_RANK:-}" || ! clusterwiz_is_number "${OMPI_COMM_WORLD_LOCAL_RANK:-}"; then
    echo "clusterwiz: in mpirun per-device mode train.sh is started by run.sh (mpirun), which sets OMPI_COMM_WORLD_RANK and OMPI_COMM_WORLD_LOCAL_RANK" >&2
    exit 2
fi
if [ -z "${CLUSTERWIZ_NODE_RANK:-}" ]; then
    for ((i = NODE_COUNT - 1; i >= 0; i--)); do
        if [ "$OMPI_COMM_WORLD_RANK" -ge "${NODE_FIRST_RANK[$i]}" ]; then
            CLUSTERWIZ_NODE_RANK=$i
            break
        fi
    done
fi
)BASH");
}

QString localRankFromMpirun()
{
    return QStringLiteral(R"BASH(LOCAL_RANK=$OMPI_COMM_WORLD_LOCAL_RANK
RANK=$((FIRST_RANK + LOCAL_RANK))
if [ "$LOCAL_RANK" -ge "$NPROC" ] || [ "$RANK" -ne "$OMPI_COMM_WORLD_RANK" ]; then
    echo "clusterwiz: mpirun placed rank $OMPI_COMM_WORLD_RANK (local $LOCAL_RANK) on $SERVER_NAME, whose plan ranks are $FIRST_RANK-$((FIRST_RANK + NPROC - 1)); keep run.sh's -H list and -map-by slot" >&2
    exit 2
fi
)BASH");
}

// The attempt of a restarting run: its count checked before any arithmetic, then the plan
// narrowed to its servers.
QString attemptSetup()
{
    return QStringLiteral(R"BASH(
CLUSTERWIZ_ATTEMPT=""
if [ -n "${CLUSTERWIZ_RESTART_COUNT:-}" ]; then
    if ! clusterwiz_is_number "$CLUSTERWIZ_RESTART_COUNT"; then
        echo "clusterwiz: CLUSTERWIZ_RESTART_COUNT='$CLUSTERWIZ_RESTART_COUNT' is not a number" >&2
        exit 2
    fi
    CLUSTERWIZ_ATTEMPT=$((CLUSTERWIZ_RESTART_COUNT + 1))
fi
clusterwiz_attempt_plan || exit 2
)BASH");
}

// What an attempt writes beside its logs: the attempt's hostfile (on its master) and, in rank
// table mode, the attempt's rank table, which rank.sh then gives HCCL. The chief device of
// no-ranktable mode is the attempt master's first device.
QString attemptFiles(const Project &project)
{
    QString text =
        QStringLiteral(R"BASH(if [ -n "$CLUSTERWIZ_ATTEMPT" ] && [ "$NODE_RANK" -eq 0 ]; then
    clusterwiz_hostfile >"$LOG_DIR/hostfile.tmp.$$" && mv -f -- "$LOG_DIR/hostfile.tmp.$$" "$LOG_DIR/hostfile"
fi
)BASH");
    if (project.launch.mode == LaunchMode::RankTable) {
        text += QStringLiteral(R"BASH(if [ -n "$CLUSTERWIZ_ATTEMPT" ]; then
    clusterwiz_rank_table >"$LOG_DIR/rank_table.json" || exit 2
    export CLUSTERWIZ_RANK_TABLE="$LOG_DIR/rank_table.json"
fi
)BASH");
    }
    if (project.launch.mode == LaunchMode::NoRankTable) {
        text += QStringLiteral(R"BASH(read -r -a CLUSTERWIZ_MASTER_DEVICES <<< "${NODE_DEVICES[0]}"
export CLUSTERWIZ_CHIEF_DEVICE="${CLUSTERWIZ_MASTER_DEVICES[0]}"
)BASH");
    }
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
    return QStringLiteral(
        R"BASH(# torchrun's module when this python has it (looked up without importing torch, which takes
# seconds), else the older torch.distributed.launch.
if "$PYTHON" -c 'import importlib.util, os, sys
spec = importlib.util.find_spec("torch")
dirs = (spec.submodule_search_locations or []) if spec else []
sys.exit(0 if any(os.path.isfile(os.path.join(d, "distributed", "run.py")) for d in dirs) else 1)' 2>/dev/null; then
    TORCH_LAUNCHER=(torch.distributed.run)
else
    TORCH_LAUNCHER=(torch.distributed.launch --use_env)
fi
)BASH");
}

QString startRanks(const Project &project)
{
    if (project.launch.mode == LaunchMode::Msrun)
        return msrunStart(project);
    if (mpirunPerDevice(project)) {
        return QStringLiteral("\n# This copy is one rank; mpirun waits for it and stops the others "
                              "when it fails.\nexport LOCAL_RANK RANK\n"
                              "exec bash \"$HERE/rank.sh\"\n");
    }
    QString text;
    if (usesRankLoop(project)) {
        text = QStringLiteral(R"BASH(
# One process per device (seed 004's loop).
clusterwiz_trap_signals
PIDS=()
PID_NAMES=()
for ((i = 0; i < NPROC; i++)); do
    LOCAL_RANK=$i RANK=$((FIRST_RANK + i)) bash "$HERE/rank.sh" &
    PIDS+=($!)
    PID_NAMES+=("rank $((FIRST_RANK + i)) (device ${DEVICES[$i]})")
done
clusterwiz_wait
)BASH");
    } else {
        text = QStringLiteral(R"BASH(
# One torch launcher for this server; it starts rank.sh once per device with RANK and
# LOCAL_RANK set in the environment.
if [ ! -x "$HERE/rank.sh" ]; then
    echo "clusterwiz: $HERE/rank.sh is not executable (chmod +x it): the torch launcher runs it directly" >&2
    exit 2
fi
)BASH");
        text += launcherChoice(project.launch.launcher);
        text += QStringLiteral(R"BASH(clusterwiz_trap_signals
echo "clusterwiz: $PYTHON -m ${TORCH_LAUNCHER[*]} --nnodes=$NODE_COUNT --node_rank=$NODE_RANK --nproc_per_node=$NPROC --master_addr=$MASTER_ADDR --master_port=$MASTER_PORT --no_python $HERE/rank.sh"
"$PYTHON" -m "${TORCH_LAUNCHER[@]}" --nnodes="$NODE_COUNT" --node_rank="$NODE_RANK" \
    --nproc_per_node="$NPROC" --master_addr="$MASTER_ADDR" --master_port="$MASTER_PORT" \
    --no_python "$HERE/rank.sh" &
PIDS=($!)
PID_NAMES=("the torch launcher (${TORCH_LAUNCHER[0]}; the rank logs say which rank failed)")
clusterwiz_wait
)BASH");
    }
    text += QStringLiteral("exit \"$CLUSTERWIZ_STATUS\"\n");
    return text;
}

// TERM goes to the ranks (or the torch launcher, which passes it on); KILL, after the grace
// period, to every descendant, so that nothing is left behind.
QString stopFunction()
{
    return QStringLiteral(R"BASH(
clusterwiz_kill_tree() {
    local child
    for child in $(ps -o pid= --ppid "$2" 2>/dev/null); do
        clusterwiz_kill_tree "$1" "$child"
    done
    kill -"$1" "$2" 2>/dev/null
}

clusterwiz_stop() {
    local i
    for i in "${!PIDS[@]}"; do
        [ -n "${clusterwiz_done[$i]:-}" ] && continue
        if [ "$1" = KILL ]; then
            clusterwiz_kill_tree KILL "${PIDS[$i]}"
        else
            kill -"$1" "${PIDS[$i]}" 2>/dev/null
        fi
    done
}
)BASH");
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
        text += nodeDeviceIpsArray(project);
    text += attemptPlanFunction(deviceIps ? QStringList{u"NODE_DEVICE_IPS"_s} : QStringList{});
    text += attemptFilesFunctions(project);
    text += findNodeFunction();
    text += isNumberFunction();
    if (!perDevice)
        text += waitFunctions() + stopFunction();
    text += attemptSetup();
    text += nodeFromMpirun(project);
    // clusterwiz_find_node takes "08" for a number, which bash arithmetic then refuses as octal.
    text += QStringLiteral(R"BASH(
if [ -n "${CLUSTERWIZ_NODE_RANK:-}" ] && ! clusterwiz_is_number "$CLUSTERWIZ_NODE_RANK"; then
    echo "clusterwiz: CLUSTERWIZ_NODE_RANK='$CLUSTERWIZ_NODE_RANK' is not a server index (0-$((NODE_COUNT - 1)))" >&2
    exit 2
fi
clusterwiz_find_node || exit 2
)BASH");
    text += QStringLiteral("WHERE=\"train.sh on $SERVER_NAME\"\n");
    if (perDevice)
        text += localRankFromMpirun();

    static const QString setup = QStringLiteral(R"BASH(
if ! cd -- "$WORKDIR"; then
    echo "clusterwiz: $SERVER_NAME: cannot enter the workdir $WORKDIR" >&2
    exit 2
fi
# env.sh reads HOST_IP and NIC. The project's env_setup lines may expect the workdir as the
# current folder, and may leave another one: enter it again afterwards.
source "$HERE/env.sh"
cd -- "$WORKDIR" || exit 2

RUN_ID=${CLUSTERWIZ_RUN_ID:-manual}
@RUN_ID_CHECK@LOG_DIR=$LOG_ROOT/$RUN_ID/$SERVER_NAME
if [ -n "$CLUSTERWIZ_ATTEMPT" ]; then
    LOG_DIR=$LOG_DIR/attempt-$CLUSTERWIZ_ATTEMPT
fi
if ! mkdir -p -- "$LOG_DIR"; then
    echo "clusterwiz: $SERVER_NAME: cannot create the log folder $LOG_DIR" >&2
    exit 2
fi
@ANNOUNCE@
export CLUSTERWIZ_SCRIPTS="$HERE" CLUSTERWIZ_LOG_DIR="$LOG_DIR" CLUSTERWIZ_RUN_ID="$RUN_ID"
export CLUSTERWIZ_SERVER="$SERVER_NAME" CLUSTERWIZ_HOST_IP="$HOST_IP"
export CLUSTERWIZ_DEVICES="${DEVICES[*]}" CLUSTERWIZ_FIRST_RANK="$FIRST_RANK"
export WORLD_SIZE MASTER_ADDR MASTER_PORT NODE_RANK
# Which attempt of a restarting run this is (0 for the first) and its servers: a script resumes
# from its own checkpoint when the count is above 0 (docs/launch.md, "Restarts").
export CLUSTERWIZ_RESTART_COUNT="${CLUSTERWIZ_RESTART_COUNT:-0}" CLUSTERWIZ_ATTEMPT_SERVERS="${NODE_NAMES[*]}"
@ATTEMPT_FILES@)BASH");
    const QString announce = QStringLiteral(
        "echo \"clusterwiz: $SERVER_NAME ($HOST_IP) is node_rank $NODE_RANK of $NODE_COUNT "
        "servers: ranks "
        "$FIRST_RANK-$((FIRST_RANK + NPROC - 1)) of $WORLD_SIZE, logs in $LOG_DIR/rank<N>.log\"");
    QHash<QString, QString> values;
    values.insert(u"RUN_ID_CHECK"_s, runIdCheck());
    values.insert(u"ATTEMPT_FILES"_s, attemptFiles(project));
    if (perDevice) {
        // Once per server, not once per rank; no train.pid: mpirun owns the processes.
        values.insert(u"ANNOUNCE"_s,
                      u"if [ \"$LOCAL_RANK\" -eq 0 ]; then\n    "_s + announce + u"\nfi"_s);
    } else {
        values.insert(u"ANNOUNCE"_s, QStringLiteral("# run.sh stops a remote server's job "
                                                    "through this file.\necho \"$$\" >\"$LOG_DIR/"
                                                    "train.pid\"\n") +
                                         announce);
    }
    text += fillTemplate(setup, values);
    text += deviceVisibility(project);
    text += startRanks(project);
    return text.toUtf8();
}

} // namespace cw
