# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# shellcheck disable=SC2034 # the variables it sets are read by the script that calls it
# Decides which server of the plan this is: CLUSTERWIZ_NODE_RANK when set, else the server whose
# host IP is one of `hostname -I`.
clusterwiz_find_node() {
    NODE_RANK=""
    if [ -n "${CLUSTERWIZ_NODE_RANK:-}" ]; then
        case "$CLUSTERWIZ_NODE_RANK" in
            ''|*[!0-9]*|0?*) echo "clusterwiz: CLUSTERWIZ_NODE_RANK='$CLUSTERWIZ_NODE_RANK' is not a number" >&2; return 2 ;;
        esac
        if [ "$CLUSTERWIZ_NODE_RANK" -ge "$NODE_COUNT" ]; then
            echo "clusterwiz: CLUSTERWIZ_NODE_RANK=$CLUSTERWIZ_NODE_RANK but the plan has $NODE_COUNT servers" >&2
            return 2
        fi
        NODE_RANK=$CLUSTERWIZ_NODE_RANK
    else
        local address i
        for address in $(hostname -I 2>/dev/null); do
            for ((i = 0; i < NODE_COUNT; i++)); do
                if [ "$address" = "${NODE_IPS[$i]}" ]; then
                    NODE_RANK=$i
                    break 2
                fi
            done
        done
        if [ -z "$NODE_RANK" ]; then
            echo "clusterwiz: none of this server's addresses ($(hostname -I 2>/dev/null)) is a host IP of the plan (${NODE_IPS[*]}); set CLUSTERWIZ_NODE_RANK to this server's index" >&2
            return 2
        fi
    fi
    SERVER_NAME=${NODE_NAMES[$NODE_RANK]}
    HOST_IP=${NODE_IPS[$NODE_RANK]}
    NIC=${NODE_NICS[$NODE_RANK]}
    if [ -z "$NIC" ]; then
        NIC=$(ip -o -4 addr show 2>/dev/null | awk -v ip="$HOST_IP" '{ split($4, a, "/"); if (a[1] == ip) { print $2; exit } }')
    fi
    read -r -a DEVICES <<< "${NODE_DEVICES[$NODE_RANK]}"
    NPROC=${#DEVICES[@]}
    FIRST_RANK=${NODE_FIRST_RANK[$NODE_RANK]}
    return 0
}
