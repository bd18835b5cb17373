# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# shellcheck disable=SC2034 # WANT_SET is read by the parts that follow
clusterwiz_usage() {
    cat <<'USAGE'
Usage: setup_device_ips.sh [--dry-run]
Gives this server's devices the IPs of the plan with hccn_tool, then reads them back.
Only devices whose address or netmask differ are set. Before a change the current values are
saved in device_ips.before.SERVER.DATE.txt in the current folder: run that file with bash to
put them back.
  --dry-run   print the hccn_tool commands that would change something; change nothing
Exit status: 0 when every device matches the plan, 1 otherwise, 2 on a usage error or when
this server is not in the plan (set CLUSTERWIZ_NODE_RANK to its index in the plan).
USAGE
}

DRY_RUN=0
for arg in "$@"; do
    case "$arg" in
        --dry-run) DRY_RUN=1 ;;
        -h|--help) clusterwiz_usage; exit 0 ;;
        *) echo "setup_device_ips.sh: unknown argument: $arg" >&2; clusterwiz_usage >&2; exit 2 ;;
    esac
done

clusterwiz_find_node || exit 2
read -r -a DEVICE_IPS <<< "${NODE_DEVICE_IPS[$NODE_RANK]}"
echo "setup_device_ips.sh: server $SERVER_NAME (plan index $NODE_RANK), devices ${DEVICES[*]}"

if ! command -v hccn_tool >/dev/null 2>&1; then
    echo "setup_device_ips.sh: hccn_tool not found on PATH, in /usr/local/Ascend/driver/tools or in /usr/local/sbin (it comes with the Ascend driver)" >&2
    if [ "$DRY_RUN" = 1 ]; then
        echo "Commands that would set every device:"
        for ((k = 0; k < NPROC; k++)); do
            echo "    ${HCCN_SET_COMMANDS[$((FIRST_RANK + k))]}"
        done
    fi
    exit 1
fi

# Pass 1: what is there now, and which devices differ from the plan.
declare -a WANT_SET OLD_ADDRESS OLD_NETMASK OLD_ERROR
pending=0
for ((k = 0; k < NPROC; k++)); do
    device=${DEVICES[$k]}
    OLD_ERROR[k]=""
    if clusterwiz_read_device_ip "$device"; then
        OLD_ADDRESS[k]=$READ_ADDRESS
        OLD_NETMASK[k]=$READ_NETMASK
    else
        OLD_ADDRESS[k]=""
        OLD_NETMASK[k]=""
        OLD_ERROR[k]=$READ_ERROR
    fi
    if [ -z "${OLD_ERROR[k]}" ] && [ "${OLD_ADDRESS[k]}" = "${DEVICE_IPS[$k]}" ] \
        && [ "${OLD_NETMASK[k]}" = "$DEVICE_NETMASK" ]; then
        WANT_SET[k]=0
    else
        WANT_SET[k]=1
        pending=$((pending + 1))
    fi
done
