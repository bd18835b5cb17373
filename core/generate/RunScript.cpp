#include "generate/ScriptFiles.h"

#include "generate/LaunchScriptBash.h"
#include "generate/NodePlanBash.h"
#include "shell/ShellQuote.h"

#include <set>

using namespace Qt::StringLiterals;

namespace cw {
namespace {

QString runIdSetup()
{
    return u"\n# One id per run keeps the logs of separate runs apart: LOG_ROOT/RUN_ID/SERVER/.\n"
           "export CLUSTERWIZ_RUN_ID=${CLUSTERWIZ_RUN_ID:-$(date +%Y%m%d-%H%M%S)}\n"
           "RUN_ID=$CLUSTERWIZ_RUN_ID\n"_s +
           runIdCheck();
}

// The SSH port mpirun's ssh uses for the other servers: one port for all of them (mpirun has
// no per-host port; ~/.ssh/config can give one). Empty when it is 22 or they differ.
QString commonWorkerSshPort(const Project &project, bool *mixed)
{
    std::set<int> ports;
    const int master = project.masterIndex();
    for (int i = 0; i < static_cast<int>(project.servers.size()); ++i) {
        if (i != master)
            ports.insert(project.servers[i].port);
    }
    *mixed = ports.size() > 1;
    if (ports.size() != 1 || *ports.begin() == 22)
        return {};
    return QString::number(*ports.begin());
}

QString mpirunScript(const Project &project)
{
    const MpirunOptions &mpi = project.launch.mpirun;
    const bool perDevice = mpi.per == MpirunPer::Device;

    QString text = QStringLiteral(R"BASH(
# Prints NETWORK/PREFIX of the local interface that holds address $1, nothing when none does.
clusterwiz_subnet_of() {
    local cidr a b c d prefix n mask
    cidr=$(ip -o -4 addr show 2>/dev/null | awk -v ip="$1" '{ split($4, s, "/"); if (s[1] == ip) { print $4; exit } }')
    [ -n "$cidr" ] || return 0
    prefix=${cidr#*/}
    IFS=. read -r a b c d <<< "${cidr%/*}"
    n=$(( (a << 24) | (b << 16) | (c << 8) | d ))
    mask=$(( prefix == 0 ? 0 : (0xffffffff << (32 - prefix)) & 0xffffffff ))
    n=$(( n & mask ))
    echo "$(( (n >> 24) & 255 )).$(( (n >> 16) & 255 )).$(( (n >> 8) & 255 )).$(( n & 255 ))/$prefix"
}

)BASH");
    text += QStringLiteral("# %1.\n").arg(
        perDevice ? u"One process per device; train.sh starts that one rank"_s
                  : u"One train.sh per server; it starts that server's ranks"_s);
    // From the plan arrays, which an attempt of a restarting run narrows: -H lists the servers
    // in plan order, so that mpirun's ranks follow the plan's global ranks.
    text += perDevice ? QStringLiteral(R"BASH(MPI_HOSTS=""
for ((i = 0; i < NODE_COUNT; i++)); do
    read -r -a MPI_DEVICES <<< "${NODE_DEVICES[$i]}"
    MPI_HOSTS+="${MPI_HOSTS:+,}${NODE_IPS[$i]}:${#MPI_DEVICES[@]}"
done
MPI_ARGS=(-n "$WORLD_SIZE" -H "$MPI_HOSTS" --bind-to none -map-by slot)
)BASH")
                      : QStringLiteral(R"BASH(MPI_HOSTS=""
for ((i = 0; i < NODE_COUNT; i++)); do
    MPI_HOSTS+="${MPI_HOSTS:+,}${NODE_IPS[$i]}:1"
done
MPI_ARGS=(-n "$NODE_COUNT" -H "$MPI_HOSTS" --bind-to none -map-by slot)
)BASH");
    text += QStringLiteral(
        R"BASH(# Keep OpenMPI on the subnet the servers share: a wrong NIC (docker0, virbr0, veth, or
# endvnic on Ascend hosts, which seed 000 excludes) hangs the job at start.
SUBNET=$(clusterwiz_subnet_of "$MASTER_ADDR")
if [ -n "$SUBNET" ]; then
    MPI_ARGS+=(--mca btl_tcp_if_include "$SUBNET" --mca oob_tcp_if_include "$SUBNET")
else
    echo "clusterwiz: no interface of this server has the master's host IP $MASTER_ADDR (run run.sh on the master); excluding lo,docker0,virbr0,endvnic instead" >&2
    MPI_ARGS+=(--mca btl_tcp_if_exclude lo,docker0,virbr0,endvnic --mca oob_tcp_if_exclude lo,docker0,virbr0,endvnic)
fi
if [ "$(id -u)" -eq 0 ]; then
    MPI_ARGS+=(--allow-run-as-root)
fi
MPIRUN=mpirun
)BASH");
    if (!mpi.prefix.isEmpty()) {
        text += u"MPI_PREFIX="_s + shellQuote(mpi.prefix) + u'\n';
        text += QStringLiteral("MPI_ARGS+=(--prefix \"$MPI_PREFIX\")\n"
                               "if [ -x \"$MPI_PREFIX/bin/mpirun\" ]; then\n"
                               "    MPIRUN=$MPI_PREFIX/bin/mpirun\n"
                               "fi\n");
    }
    bool mixedPorts = false;
    const QString port = commonWorkerSshPort(project, &mixedPorts);
    if (!port.isEmpty())
        text += QStringLiteral("MPI_ARGS+=(--mca plm_rsh_args '-p %1')\n").arg(port);
    if (mixedPorts) {
        text += QStringLiteral("# The servers use different SSH ports and mpirun passes one to "
                               "ssh: give each its Port in ~/.ssh/config.\n");
    }
    text +=
        QStringLiteral("MPI_ARGS+=(-x CLUSTERWIZ_RUN_ID)\n"
                       "if [ -n \"${CLUSTERWIZ_RESTART_COUNT:-}\" ]; then\n"
                       "    MPI_ARGS+=(-x CLUSTERWIZ_RESTART_COUNT -x CLUSTERWIZ_ATTEMPT_SERVERS)\n"
                       "fi\n");
    if (!mpi.extraArgs.isEmpty())
        text += u"MPI_ARGS+=("_s + shellJoin(mpi.extraArgs) + u")\n"_s;
    text +=
        QStringLiteral("\necho \"clusterwiz: run $RUN_ID: $MPIRUN ${MPI_ARGS[*]} $HERE/train.sh\"\n"
                       "exec \"$MPIRUN\" \"${MPI_ARGS[@]}\" \"$HERE/train.sh\"\n");
    return text;
}

QString sshScript(const Project &project)
{
    QStringList users, ports;
    for (int index : project.launchOrder()) {
        users << shellQuote(project.servers[index].user);
        ports << QString::number(project.servers[index].port);
    }
    QString text = bashArray(u"NODE_USERS"_s, users, BashWords::AsIs);
    text += bashArray(u"NODE_SSH_PORTS"_s, ports, BashWords::AsIs);
    text += attemptPlanFunction({u"NODE_USERS"_s, u"NODE_SSH_PORTS"_s});
    text += QStringLiteral("clusterwiz_attempt_plan || exit 2\n");
    text += u"LOG_ROOT="_s + shellQuote(logRootPath(project)) + u'\n';
    text += QStringLiteral("STOP_GRACE=20  # seconds from TERM to KILL when stopping\n"
                           "WHERE=run.sh\n");
    text += waitFunctions();
    text += QStringLiteral(R"BASH(
# The one quoting rule of the generator, for values known only at run time: single quotes,
# a quote inside written as '\''.
clusterwiz_quote() {
    local quote="'\\''"
    printf "'%s'" "${1//\'/$quote}"
}

# ssh to server $1 of the plan. BatchMode: fail at once rather than ask; the host keys must
# already be in known_hosts (check.sh and the wizard check it).
clusterwiz_ssh() {
    local i=$1
    shift
    ssh -o BatchMode=yes -p "${NODE_SSH_PORTS[$i]}" -- "${NODE_USERS[$i]:+${NODE_USERS[$i]}@}${NODE_IPS[$i]}" "$@"
}

# Ending an ssh client would leave its remote job running: TERM goes to train.sh there (through
# its pid file), which stops its ranks; the clients end with them, or are killed after the grace.
clusterwiz_stop() {
    local i pidfile
    for i in "${!PIDS[@]}"; do
        [ -n "${clusterwiz_done[$i]:-}" ] && continue
        if [ "$i" -gt 0 ] && [ "$1" = TERM ]; then
            pidfile=$LOG_ROOT/$RUN_ID/${NODE_NAMES[$i]}/train.pid
            clusterwiz_ssh "$i" "pid=\$(cat $(clusterwiz_quote "$pidfile") 2>/dev/null) && kill -TERM \"\$pid\"" </dev/null &
        else
            kill -"$1" "${PIDS[$i]}" 2>/dev/null
        fi
    done
}

if ! ip -o -4 addr show 2>/dev/null | awk -v ip="$MASTER_ADDR" '{ split($4, s, "/"); if (s[1] == ip) found = 1 } END { exit !found }'; then
    echo "clusterwiz: warning: no interface of this server has the master's host IP $MASTER_ADDR; run.sh is meant to run on the master (${NODE_NAMES[0]})" >&2
fi

# An attempt of a restarting run goes on to every server with its servers and count.
ATTEMPT_ENV=""
if [ -n "${CLUSTERWIZ_ATTEMPT_SERVERS:-}" ]; then
    ATTEMPT_ENV=" CLUSTERWIZ_ATTEMPT_SERVERS=$(clusterwiz_quote "$CLUSTERWIZ_ATTEMPT_SERVERS")"
fi
if [ -n "${CLUSTERWIZ_RESTART_COUNT:-}" ]; then
    ATTEMPT_ENV+=" CLUSTERWIZ_RESTART_COUNT=$(clusterwiz_quote "$CLUSTERWIZ_RESTART_COUNT")"
fi
echo "clusterwiz: run $RUN_ID on $NODE_COUNT servers; logs in $LOG_ROOT/$RUN_ID/<server>/rank<N>.log"
clusterwiz_trap_signals
PIDS=()
PID_NAMES=()
for ((i = 0; i < NODE_COUNT; i++)); do
    if [ "$i" -eq 0 ]; then
        CLUSTERWIZ_NODE_RANK=0 bash "$HERE/train.sh" &
        PID_NAMES+=("train.sh on ${NODE_NAMES[0]} (this server)")
    else
        clusterwiz_ssh "$i" "cd $(clusterwiz_quote "$HERE") && export CLUSTERWIZ_NODE_RANK=$i CLUSTERWIZ_RUN_ID=$RUN_ID$ATTEMPT_ENV && exec bash ./train.sh" </dev/null &
        PID_NAMES+=("train.sh on ${NODE_NAMES[$i]} (${NODE_IPS[$i]}; 255 means ssh failed)")
    fi
    PIDS+=($!)
done
clusterwiz_wait
exit "$CLUSTERWIZ_STATUS"
)BASH");
    return text;
}

} // namespace

QByteArray runScript(const Project &project)
{
    const bool mpirun = project.launch.mode == LaunchMode::Mpirun;
    QString text = scriptHeader(
        project, mpirun ? QStringLiteral("Run on the master: starts the whole job through mpirun "
                                         "(password-free SSH between the servers).")
                        : QStringLiteral("Run on the master: starts train.sh here and, through "
                                         "ssh, on every other server; waits for all."));
    text += hereLine();
    text += u'\n' + planTable(project);
    text += runIdSetup();
    if (mpirun)
        text += attemptPlanFunction() + QStringLiteral("clusterwiz_attempt_plan || exit 2\n");
    text += mpirun ? mpirunScript(project) : sshScript(project);
    return text.toUtf8();
}

} // namespace cw
