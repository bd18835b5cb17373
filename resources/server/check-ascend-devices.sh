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
    local j device output status tls why on="" off="" count_on=0 count_off=0 common tie="" found
    local -a devices unread=()
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
                    if [ -n "$why" ]; then
                        unread+=("$(clusterwiz_text "$TEXT_TLS_DEVICE_WHY" "$device" "$why")")
                    else
                        unread+=("$(clusterwiz_text "$TEXT_TLS_DEVICE" "$device")")
                    fi ;;
            esac
        done
    done
    common=""
    if [ $((count_on + count_off)) -gt 0 ]; then
        common=0
        [ "$count_on" -gt "$count_off" ] && common=1
    fi
    if { [ "$common" = 1 ] && [ -n "$off" ]; } || { [ "$common" = 0 ] && [ -n "$on" ]; }; then
        local -a found_parts=()
        [ -n "$on" ] && found_parts+=("$(clusterwiz_text "$TEXT_TLS_ON" "$(clusterwiz_tls_devices "$on")")")
        [ -n "$off" ] && found_parts+=("$(clusterwiz_text "$TEXT_TLS_OFF" "$(clusterwiz_tls_devices "$off")")")
        found=$(clusterwiz_join_shown 2 "${found_parts[@]}")
        [ "$count_on" = "$count_off" ] && tie=$TEXT_TLS_TIE
        clusterwiz_fail "$(clusterwiz_text "$TEXT_TLS_MIXED" "$found" "$([ "$common" = 1 ] && echo on || echo off)" "$count_on" "$count_off" "$tie" "$common")"
    elif [ "${#unread[@]}" -gt 0 ]; then
        clusterwiz_warn "$(clusterwiz_text "$TEXT_TLS_UNKNOWN" "$(clusterwiz_join_reasons "${unread[@]}")")"
    else
        clusterwiz_ok "$(clusterwiz_text "$TEXT_TLS_OK" "$([ -n "$on" ] && echo on || echo off)" "$NPROC")"
    fi
}

# "device 3" or "devices 1, 2", as the C++ names the devices of one TLS state.
clusterwiz_tls_devices() {
    if [[ $1 == *,* ]]; then clusterwiz_text "$TEXT_TLS_DEVICES" "$1"; else clusterwiz_text "$TEXT_TLS_DEVICE" "$1"; fi
}

# Who has a planned /dev/davinciN open before the job starts: "PID DEVICE NAME" lines (Linux
# /proc facts, as discovery reads them).
clusterwiz_check_device_processes() {
    local output pid device name pids=""
    local -a held=()
    output=$(clusterwiz_fact device-holders) || output=""
    while IFS=$'\t' read -r pid device name; do
        held+=("$(clusterwiz_text "$TEXT_HELD_BY" "$device" "$pid" "$name")")
        [[ " $pids " == *" $pid "* ]] || pids="$pids${pids:+ }$pid"
    done < <(printf '%s\n' "$output" | awk -v planned=" ${DEVICES[*]} " '
        { sub(/\r$/, "") }
        /^[0-9]+ [0-9]+( |$)/ && $1 > 0 && index(planned, " " $2 " ") {
            name = $0; sub(/^[0-9]+ [0-9]+ ?/, "", name); gsub(/^[ \t]+|[ \t]+$/, "", name)
            printf "%s\t%s\t%s\n", $1, $2, (name == "" ? "?" : name)
        }')
    if [ "${#held[@]}" -gt 0 ]; then
        clusterwiz_fail "$(clusterwiz_text "$TEXT_HELD_STOP" "$(clusterwiz_join_shown "$HELD_SHOWN" "${held[@]}")" "$pids")"
    else
        clusterwiz_ok "$(clusterwiz_text "$TEXT_NONE_HELD" "$NPROC")"
    fi
}
