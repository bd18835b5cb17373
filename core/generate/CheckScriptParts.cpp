#include "generate/CheckScriptParts.h"

namespace cw {

QString checkFramework()
{
    return QStringLiteral(R"BASH(
clusterwiz_usage() {
    cat <<'USAGE'
Usage: check.sh [--net] [--no-reach]
Checks this server against the plan and prints one line per check, [ OK ], [WARN] or [FAIL],
then a summary. Exit status: 0 when no check failed, 1 when one did, 2 on a usage error or when
this server is not in the plan (set CLUSTERWIZ_NODE_RANK to its index in the plan).
  --net        also test the device network to the same device of every other server
               (hccn_tool -netdetect, then -net_health; sets each device's detection address)
  --no-reach   do not contact the other servers (TCP test of their SSH ports, and in mpirun
               mode the password-free ssh login from the master)
USAGE
}

CHECK_NET=0
CHECK_REACH=1
for arg in "$@"; do
    case "$arg" in
        --net) CHECK_NET=1 ;;
        --no-reach) CHECK_REACH=0 ;;
        -h|--help) clusterwiz_usage; exit 0 ;;
        *) echo "check.sh: unknown argument: $arg" >&2; clusterwiz_usage >&2; exit 2 ;;
    esac
done

CHECKS_OK=0
CHECKS_WARN=0
CHECKS_FAILED=0
clusterwiz_ok() { echo "[ OK ] $1: $2"; CHECKS_OK=$((CHECKS_OK + 1)); }
clusterwiz_warn() { echo "[WARN] $1: $2"; CHECKS_WARN=$((CHECKS_WARN + 1)); }
clusterwiz_fail() { echo "[FAIL] $1: $2"; CHECKS_FAILED=$((CHECKS_FAILED + 1)); }

clusterwiz_have() { command -v "$1" >/dev/null 2>&1; }

# A tool that hangs (a wedged driver, an unreachable peer) must not hang the checks.
clusterwiz_limit() {
    local seconds=$1
    shift
    if clusterwiz_have timeout; then
        timeout "$seconds" "$@"
    else
        "$@"
    fi
}

# The last non-empty line: where a Python traceback says what went wrong.
clusterwiz_last_line() {
    printf '%s\n' "$1" | tr -d '\r' | awk 'NF { line = $0 } END { print (line == "" ? "no output" : line) }'
}

# The value after "LABEL:" in a tool's output, LABEL given as words; spaces around it tolerated.
clusterwiz_value_of() {
    local pattern=${1// /[[:space:]]*}
    printf '%s\n' "$2" | tr -d '\r' \
        | sed -n "s/^[[:space:]]*${pattern}[[:space:]]*:[[:space:]]*//p" | head -n 1 \
        | sed -e 's/[[:space:]]*$//'
}
)BASH");
}

QString checkHostFunctions()
{
    return QStringLiteral(R"BASH(
clusterwiz_check_host_ip() {
    local addresses actual_nic
    if clusterwiz_have ip; then
        addresses=$(ip -o -4 addr show 2>/dev/null | awk '{ split($4, a, "/"); printf "%s ", a[1] }')
        actual_nic=$(ip -o -4 addr show 2>/dev/null | awk -v ip="$HOST_IP" '{ split($4, a, "/"); if (a[1] == ip) { print $2; exit } }')
    else
        addresses=$(hostname -I 2>/dev/null)
        actual_nic=""
    fi
    if [ -z "${addresses// /}" ]; then
        clusterwiz_warn "host ip" "cannot list this server's addresses (no ip, no hostname -I)"
    elif [[ " $addresses " != *" $HOST_IP "* ]]; then
        clusterwiz_fail "host ip" "$HOST_IP is not an address of this server (it has: ${addresses% }); the other servers and the launch variables use it"
    elif [ -n "${NODE_NICS[$NODE_RANK]}" ] && [ -n "$actual_nic" ] && [ "$actual_nic" != "${NODE_NICS[$NODE_RANK]}" ]; then
        clusterwiz_warn "host ip" "$HOST_IP is on $actual_nic, but the plan pins the NIC ${NODE_NICS[$NODE_RANK]}"
    else
        clusterwiz_ok "host ip" "$HOST_IP${actual_nic:+ on $actual_nic}"
    fi
}

clusterwiz_check_python() {
    local path output
    if ! path=$(command -v "$PYTHON" 2>/dev/null); then
        clusterwiz_fail "python" "$PYTHON not found (launch.python)"
        return
    fi
    clusterwiz_ok "python" "$path ($("$PYTHON" --version 2>&1 | head -n 1))"
    output=$(clusterwiz_limit 120 "$PYTHON" -c 'import torch; print("clusterwiz-version " + torch.__version__)' 2>&1)
    if [[ "$output" == *"clusterwiz-version "* ]]; then
        clusterwiz_ok "torch" "torch $(printf '%s\n' "$output" | sed -n 's/^clusterwiz-version //p' | head -n 1)"
        return
    fi
    local mindspore
    mindspore=$(clusterwiz_limit 120 "$PYTHON" -c 'import mindspore; print("clusterwiz-version " + mindspore.__version__)' 2>/dev/null)
    if [[ "$mindspore" == *"clusterwiz-version "* ]]; then
        clusterwiz_ok "torch" "no torch, mindspore $(printf '%s\n' "$mindspore" | sed -n 's/^clusterwiz-version //p' | head -n 1)"
        return
    fi
    clusterwiz_fail "torch" "import torch failed with $PYTHON: $(clusterwiz_last_line "$output")"
}

clusterwiz_check_mpirun() {
    local mpirun=mpirun
    [ -n "$MPIRUN_PREFIX" ] && mpirun="$MPIRUN_PREFIX/bin/mpirun"
    if ! clusterwiz_have "$mpirun"; then
        clusterwiz_fail "mpirun" "$mpirun not found (launch.mode mpirun needs OpenMPI on every server)"
        return
    fi
    clusterwiz_ok "mpirun" "$(clusterwiz_limit 30 "$mpirun" --version 2>&1 | head -n 1)"
}

clusterwiz_check_env_setup() {
    local i path
    for ((i = 0; i < ${#ENV_SETUP_PATHS[@]}; i++)); do
        case "${ENV_SETUP_ROOTS[$i]}" in
            home) path="$HOME/${ENV_SETUP_PATHS[$i]}" ;;
            workdir) path="$WORKDIR/${ENV_SETUP_PATHS[$i]}" ;;
            *) path=${ENV_SETUP_PATHS[$i]} ;;
        esac
        if [ -f "$path" ]; then
            clusterwiz_ok "env_setup" "$path exists"
        else
            clusterwiz_fail "env_setup" "$path not found (launch.env_setup sources it; is the toolkit installed here?)"
        fi
    done
    for ((i = 0; i < ${#ENV_SETUP_UNCHECKED[@]}; i++)); do
        clusterwiz_warn "env_setup" "not checked, the file depends on shell expansion: ${ENV_SETUP_UNCHECKED[$i]}"
    done
}

clusterwiz_check_workdir() {
    local entry=$ENTRY
    if [ -d "$WORKDIR" ]; then
        clusterwiz_ok "workdir" "$WORKDIR"
    else
        clusterwiz_fail "workdir" "$WORKDIR is not a folder on this server (launch.workdir)"
    fi
    case "$entry" in
        /*) ;;
        *) entry="$WORKDIR/$entry" ;;
    esac
    if [ -f "$entry" ]; then
        clusterwiz_ok "entry" "$entry"
    else
        clusterwiz_fail "entry" "$entry not found (launch.entry, relative to launch.workdir)"
    fi
}

# The other servers answer on their SSH port at the address the job uses between servers.
clusterwiz_check_reach() {
    local j
    for ((j = 0; j < NODE_COUNT; j++)); do
        [ "$j" = "$NODE_RANK" ] && continue
        if clusterwiz_limit 5 bash -c 'exec 3<>"/dev/tcp/$0/$1"' "${NODE_IPS[$j]}" "${NODE_SSH_PORTS[$j]}" 2>/dev/null; then
            clusterwiz_ok "reach ${NODE_NAMES[$j]}" "${NODE_IPS[$j]}:${NODE_SSH_PORTS[$j]} accepts connections"
        else
            clusterwiz_fail "reach ${NODE_NAMES[$j]}" "${NODE_IPS[$j]}:${NODE_SSH_PORTS[$j]} does not accept connections within 5 s (server down, sshd elsewhere, or a firewall)"
        fi
    done
}

# mpirun logs in from the master to every other server with ssh, without a password and with
# known host keys: try the same, never answering a prompt.
clusterwiz_check_mpirun_ssh() {
    local j output
    if ! clusterwiz_have ssh; then
        clusterwiz_fail "ssh" "ssh not found; mpirun needs it to start the other servers"
        return
    fi
    for ((j = 0; j < NODE_COUNT; j++)); do
        [ "$j" = "$NODE_RANK" ] && continue
        if output=$(clusterwiz_limit 20 ssh -o BatchMode=yes -o ConnectTimeout=10 -p "${NODE_SSH_PORTS[$j]}" "${NODE_IPS[$j]}" true 2>&1 </dev/null); then
            clusterwiz_ok "ssh ${NODE_NAMES[$j]}" "password-free login to ${NODE_IPS[$j]} works"
        else
            clusterwiz_fail "ssh ${NODE_NAMES[$j]}" "mpirun cannot log in to ${NODE_IPS[$j]} without a password: $(clusterwiz_last_line "$output")"
        fi
    done
}
)BASH");
}

QString checkNvidiaFunctions()
{
    return QStringLiteral(R"BASH(
clusterwiz_check_nvidia() {
    local output status count device missing=""
    if ! clusterwiz_have nvidia-smi; then
        clusterwiz_fail "nvidia-smi" "not found on PATH (NVIDIA driver not installed?)"
        return
    fi
    output=$(clusterwiz_limit 60 nvidia-smi -L 2>&1)
    status=$?
    count=$(printf '%s\n' "$output" | grep -c '^GPU [0-9][0-9]*:')
    if [ "$status" -ne 0 ]; then
        clusterwiz_fail "nvidia-smi" "nvidia-smi -L exited $status: $(clusterwiz_last_line "$output")"
        return
    fi
    for device in "${DEVICES[@]}"; do
        [ "$device" -ge "$count" ] && missing="$missing $device"
    done
    if [ -n "$missing" ]; then
        clusterwiz_fail "nvidia-smi" "$count GPUs, the plan uses devices ${DEVICES[*]}; missing:$missing"
    else
        clusterwiz_ok "nvidia-smi" "$count GPUs; planned devices ${DEVICES[*]} present"
    fi
}
)BASH");
}

QString checkMain()
{
    return QStringLiteral(R"BASH(
clusterwiz_find_node || exit 2
ROLE=""
[ "$NODE_RANK" = 0 ] && ROLE=", master"
echo "check.sh: server $SERVER_NAME (plan index $NODE_RANK$ROLE), host IP $HOST_IP, devices ${DEVICES[*]}"

clusterwiz_check_host_ip
clusterwiz_check_python
case "$ACCELERATOR" in
    ascend910) clusterwiz_check_ascend ;;
    nvidia) clusterwiz_check_nvidia ;;
esac
[ "$LAUNCH_MODE" = mpirun ] && clusterwiz_check_mpirun
clusterwiz_check_env_setup
clusterwiz_check_workdir
[ "$NODE_RANK" = 0 ] && clusterwiz_check_master_port
[ "$ACCELERATOR" = ascend910 ] && clusterwiz_check_hccl_ports
clusterwiz_check_firewalls
[ "$CHECK_REACH" = 1 ] && clusterwiz_check_reach
[ "$CHECK_REACH" = 1 ] && [ "$LAUNCH_MODE" = mpirun ] && [ "$NODE_RANK" = 0 ] && clusterwiz_check_mpirun_ssh

echo "check.sh on $SERVER_NAME: $CHECKS_OK ok, $CHECKS_WARN warnings, $CHECKS_FAILED failed"
[ "$CHECKS_FAILED" = 0 ] || exit 1
exit 0
)BASH");
}

} // namespace cw
