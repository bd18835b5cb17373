# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# shellcheck disable=SC2153 # DEVICES: the plan table that check.sh sets above

clusterwiz_check_device_net_health() {
    if [ "$CHECK_NET" = 1 ] && [ "$CHECK_REPLAY" = 0 ] && [ "$NODE_COUNT" -gt 1 ]; then
        clusterwiz_hccn_tool_found || return
        clusterwiz_test_device_net
    else
        clusterwiz_read_net_health
    fi
}

# Every device check of --net needs hccn_tool; without it, one line says so.
clusterwiz_hccn_tool_found() {
    clusterwiz_have hccn_tool && return 0
    clusterwiz_fail "hccn_tool not found on PATH (it comes with the Ascend driver)"
    return 1
}

# `-tls -g` prints "dev_id:N, tls switch[S](0:disable, 1:enable), ..." (HCCN Tool reference,
# https://gitcode.com/cann/driver/tree/master/docs/en/Ascend_950_HCCN_Tool). Prints 1, 0 or "".
clusterwiz_tls_of() {
    local pattern='tls switch\[([01])\]\(0:disable, 1:enable\)'
    [ "$1" = 0 ] && [[ $2 =~ $pattern ]] && echo "${BASH_REMATCH[1]}"
    return 0
}

# The TLS switch of every device of every server whose facts are here must be the same: the
# majority's, off on a tie (Huawei's install guide: hccn_tool -i x -tls -s enable 0).
clusterwiz_check_device_tls() {
    local j device output status tls why on="" off="" unread="" count_on=0 count_off=0 common
    local -a devices
    for ((j = 0; j < NODE_COUNT; j++)); do
        clusterwiz_peer_facts "$j" || continue
        read -r -a devices <<< "${NODE_DEVICES[$j]}"
        for device in "${devices[@]}"; do
            output=$(clusterwiz_peer_fact "$j" "hccn-tls.$device")
            status=$?
            tls=$(clusterwiz_tls_of "$status" "$output")
            case "$tls" in
                1) count_on=$((count_on + 1)) ;;
                0) count_off=$((count_off + 1)) ;;
            esac
            [ "$j" = "$NODE_RANK" ] || continue
            case "$tls" in
                1) on="$on${on:+, }$device" ;;
                0) off="$off${off:+, }$device" ;;
                *)
                    why=$(clusterwiz_hccn_error "$status" "$output")
                    unread="$unread${unread:+; }device $device${why:+ ($why)}" ;;
            esac
        done
    done
    common=""
    if [ $((count_on + count_off)) -gt 0 ]; then
        common=0
        [ "$count_on" -gt "$count_off" ] && common=1
    fi
    if { [ "$common" = 1 ] && [ -n "$off" ]; } || { [ "$common" = 0 ] && [ -n "$on" ]; }; then
        clusterwiz_fail "${on:+TLS on: devices $on}${on:+${off:+; }}${off:+TLS off: devices $off}; the cluster's devices are mostly $([ "$common" = 1 ] && echo on || echo off) ($count_on on, $count_off off): set every device alike (hccn_tool -i N -tls -s enable $common, or clusterwiz-cli fix PROJECT align-device-tls)"
    elif [ -n "$unread" ]; then
        clusterwiz_warn "TLS switch unknown: $unread"
    else
        clusterwiz_ok "TLS $([ "$common" = 1 ] && echo on || echo off) on devices ${DEVICES[*]}"
    fi
}

# Who has a planned /dev/davinciN open before the job starts: "PID DEVICE NAME" lines (Linux
# /proc facts, as discovery reads them).
clusterwiz_check_device_processes() {
    local output held pids
    output=$(clusterwiz_fact device-holders) || output=""
    held=$(printf '%s\n' "$output" | awk -v planned=" ${DEVICES[*]} " '
        { sub(/\r$/, "") }
        /^[0-9]+ [0-9]+( |$)/ && $1 > 0 && index(planned, " " $2 " ") {
            name = $0; sub(/^[0-9]+ [0-9]+ ?/, "", name); gsub(/^[ \t]+|[ \t]+$/, "", name)
            printf "%sdevice %s held by pid %s (%s)", sep, $2, $1, (name == "" ? "?" : name); sep = "; "
            if (!($1 in seen)) { seen[$1] = 1; pids = pids (pids == "" ? "" : " ") $1 }
        }
        END { if (sep != "") printf "\t%s\n", pids }')
    if [ -n "$held" ]; then
        pids=${held##*$'\t'}
        clusterwiz_fail "${held%$'\t'*}: stop what an earlier job left running (kill $pids) once it is finished, then check again"
    else
        clusterwiz_ok "no process holds the $NPROC planned devices"
    fi
}
