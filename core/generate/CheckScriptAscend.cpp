// Ascend checks of check.sh. Each reads its facts with clusterwiz_fact (npu-smi, hccn_tool and
// /etc/hccn.conf as discovery reads them, discover/FactCommands.h) and decides as the C++ verdict
// of its row does (checks/CheckServer.cpp, CheckDevices.cpp, DeviceTls.cpp, DeviceProcesses.cpp);
// tst_checkDifferential holds the two equal. --net (device-net-health) is a live test only
// check.sh makes: it sets each device's detection address to a peer and reads the health.
#include "generate/CheckScriptBash.h"

namespace cw {

QString checkAscendFunctions()
{
    return QStringLiteral(R"BASH(
# The value after "KEY:" in a tool's output: the first line whose part before the first colon,
# spaces collapsed, is KEY in any case (how discovery reads hccn_tool). Bash alone: it runs for
# every device.
clusterwiz_key_value() {
    local line key value
    local -a words
    while IFS= read -r line; do
        [[ $line == *:* ]] || continue
        key=${line%%:*}
        read -r -a words <<< "${key,,}"
        [ "${words[*]}" = "$1" ] || continue
        value=${line#*:}
        value=${value%$'\r'}
        value=${value#"${value%%[![:space:]]*}"}
        printf '%s\n' "${value%"${value##*[![:space:]]}"}"
        return 0
    done <<< "$2"
}

# Why a device's hccn_tool fact failed, as discovery words it: its exit status 127 is a missing
# tool, another one the first line it printed; a fact that timed out or is absent says nothing.
clusterwiz_hccn_error() {
    case "$1" in
        0 | 124 | 125) echo "" ;;
        127) echo "hccn_tool not found" ;;
        *) clusterwiz_output_line "$2" ;;
    esac
}

# npu-smi info's NPU rows as discovery reads the table: "ID<TAB>CHIP<TAB>HEALTH", once per NPU.
# A row counts after the header "| NPU ... | Health ...": its first cell "ID NAME" (NAME not a
# number), its second the health (letters).
clusterwiz_npu_rows() {
    printf '%s\n' "$1" | awk '
        function trim(x) { gsub(/[ \t]+/, " ", x); sub(/^ /, "", x); sub(/ $/, "", x); return x }
        {
            sub(/\r$/, ""); line = trim($0)
            if (substr(line, 1, 1) != "|") next
            n = split(line, cell, "|")
            last = (trim(cell[n]) == "") ? n - 1 : n
            c1 = trim(cell[2]); c2 = trim(cell[3])
            if (last < 3) next
            if (c1 ~ /^NPU/ && c2 == "Health") { header = 1; next }
            if (!header) next
            if (c1 ~ /^[0-9]+ [^ ]/ && c1 !~ /^[0-9]+( [0-9]+)?$/ && c2 ~ /^[A-Za-z][A-Za-z _-]*$/) {
                id = c1; sub(/ .*/, "", id); chip = c1; sub(/^[0-9]+ /, "", chip)
                if (!(id in seen)) { seen[id] = 1; print id "\t" chip "\t" c2 }
            }
        }'
}

# 910B1..910B4 (a digit after 910B) are Atlas A2 chips (ascend910b); 910, 910A, 910B, 910ProA and
# 910ProB the first Ascend 910 (ascend910); any case. Prints the generation, or nothing.
clusterwiz_chip_generation() {
    case "${1^^}" in
        910B[0-9]*) echo ascend910b ;;
        910 | 910A | 910B | 910PROA | 910PROB) echo ascend910 ;;
    esac
}

clusterwiz_check_accelerator() {
    local output status rows device chip kind health failing="" warning=""
    output=$(clusterwiz_fact npu-smi)
    status=$?
    case "$status" in
        0) rows=$(clusterwiz_npu_rows "$output") ;;
        127 | 124 | 125) clusterwiz_fail "npu-smi not found"; return ;;
        *) rows="" ;;
    esac
    # A chip of the other generation: wrong rank table format, HCCL settings and device network.
    while IFS= read -r chip; do
        [ -n "$chip" ] || continue
        kind=$(clusterwiz_chip_generation "$chip")
        if [ -n "$kind" ] && [ "$kind" != "$ACCELERATOR" ]; then
            failing="$failing${failing:+; }server $SERVER_NAME: NPU chip $chip is $kind hardware, the project's accelerator is $ACCELERATOR"
        fi
    done < <(printf '%s\n' "$rows" | awk -F '\t' 'NF == 3 && !seen[$2]++ { print $2 }')
    for device in "${DEVICES[@]}"; do
        health=$(printf '%s\n' "$rows" | awk -F '\t' -v d="$device" '$1 == d { print $3; exit }')
        if [ -z "$health" ]; then
            failing="$failing${failing:+; }NPU $device missing"
        elif [ "${health,,}" = warning ]; then
            warning="$warning${warning:+; }NPU $device health Warning"
        elif [ "${health,,}" != ok ]; then
            failing="$failing${failing:+; }NPU $device health $health"
        fi
    done
    if [ -n "$failing" ]; then
        clusterwiz_fail "$failing${warning:+; $warning} (project uses ${DEVICES[*]})"
    elif [ -n "$warning" ]; then
        clusterwiz_warn "$warning"
    else
        clusterwiz_ok "$(printf '%s\n' "$rows" | grep -c .) NPUs; planned devices ${DEVICES[*]} health OK"
    fi
}

# hccn.conf's KEY_N value (address, netmask, netdetect, gateway), the last one written; "" when
# none or not one word.
clusterwiz_conf_value() {
    local line key value found=""
    while IFS= read -r line; do
        line=${line%$'\r'}
        line=${line#"${line%%[![:space:]]*}"}
        [[ $line == \#* || $line != *=* ]] && continue
        key=${line%%=*}
        [ "${key%"${key##*[![:space:]]}"}" = "$2_$3" ] || continue
        value=${line#*=}
        value=${value#"${value%%[![:space:]]*}"}
        value=${value%"${value##*[![:space:]]}"}
        [[ $value == *[[:space:]]* ]] || found=$value
    done <<< "$1"
    printf '%s\n' "$found"
}

clusterwiz_check_device_ips() {
    local k device planned output status address netmask why wrong="" conf conf_status rank
    local gateway detect
    read -r -a DEVICE_IPS <<< "${NODE_DEVICE_IPS[$NODE_RANK]}"
    if [ "$NPROC" = 0 ]; then
        clusterwiz_fail "the project lists no devices"
        return
    fi
    if [ "${#DEVICE_IPS[@]}" != "$NPROC" ]; then
        clusterwiz_fail "no device IP plan for this server (run clusterwiz-cli plan)"
        return
    fi
    conf=$(clusterwiz_fact hccn-conf)
    conf_status=$?
    for ((k = 0; k < NPROC; k++)); do
        device=${DEVICES[$k]}
        planned=${DEVICE_IPS[$k]}
        output=$(clusterwiz_fact "hccn-ip.$device")
        status=$?
        address=""
        netmask=""
        if [ "$status" = 0 ]; then
            address=$(clusterwiz_key_value ipaddr "$output")
            netmask=$(clusterwiz_key_value netmask "$output")
            clusterwiz_is_ipv4 "$address" && clusterwiz_is_ipv4 "$netmask" || address=""
        fi
        if [ -z "$address" ]; then
            why=$(clusterwiz_hccn_error "$status" "$output")
            wrong="$wrong${wrong:+; }device $device has none (${why:-no address}), plan $planned${DEVICE_NETMASK:+/$DEVICE_NETMASK}"
            continue
        fi
        if [ "$address" != "$planned" ] || { [ -n "$DEVICE_NETMASK" ] && [ "$netmask" != "$DEVICE_NETMASK" ]; }; then
            wrong="$wrong${wrong:+; }device $device has $address${netmask:+/$netmask}, plan $planned${DEVICE_NETMASK:+/$DEVICE_NETMASK}"
        elif [ "$DEVICE_ROUTED" = 1 ] && [ "$conf_status" = 0 ]; then
            # The gateway and detect IP hccn_tool keeps in hccn.conf (Huawei documents no
            # output of -gateway -g): an address already right must not hide an unset gateway.
            rank=$((FIRST_RANK + k))
            gateway=$(clusterwiz_conf_value "$conf" gateway "$device")
            detect=$(clusterwiz_conf_value "$conf" netdetect "$device")
            if [ -n "${DEVICE_GATEWAYS[$rank]:-}" ] && [ "$gateway" != "${DEVICE_GATEWAYS[$rank]}" ]; then
                wrong="$wrong${wrong:+; }device $device has gateway ${gateway:-(none)}, plan ${DEVICE_GATEWAYS[$rank]}"
            fi
            if [ -n "${DEVICE_DETECT_IPS[$rank]:-}" ] && [ "$detect" != "${DEVICE_DETECT_IPS[$rank]}" ]; then
                wrong="$wrong${wrong:+; }device $device has detect IP ${detect:-(none)}, plan ${DEVICE_DETECT_IPS[$rank]}"
            fi
        fi
    done
    if [ -n "$wrong" ]; then
        clusterwiz_fail "$wrong (setup_device_ips.sh sets them)"
    elif [ "$DEVICE_ROUTED" = 1 ] && [ "$conf_status" != 0 ]; then
        clusterwiz_warn "$NPROC device addresses match the plan; the gateways and detect IPs are not verified: /etc/hccn.conf, where hccn_tool keeps them, could not be read"
    elif [ "$DEVICE_ROUTED" = 1 ]; then
        clusterwiz_ok "$NPROC devices match the plan, gateways and detect IPs too"
    else
        clusterwiz_ok "$NPROC devices match the plan"
    fi
}

clusterwiz_check_device_links() {
    local device output status link why down="" unknown=""
    for device in "${DEVICES[@]}"; do
        output=$(clusterwiz_fact "hccn-link.$device")
        status=$?
        link=""
        [ "$status" = 0 ] && link=$(clusterwiz_key_value "link status" "$output")
        case "${link^^}" in
            UP) ;;
            DOWN) down="$down${down:+; }device $device link DOWN" ;;
            *)
                why=$(clusterwiz_hccn_error "$status" "$output")
                unknown="$unknown${unknown:+; }device $device link unknown${why:+ ($why)}" ;;
        esac
    done
    if [ -n "$down" ]; then
        clusterwiz_fail "$down (check the cable and the switch port)"
    elif [ -n "$unknown" ]; then
        clusterwiz_warn "$unknown"
    else
        clusterwiz_ok "$NPROC links UP"
    fi
}

# net_health depends on the netdetect address (setup_device_ips.sh sets it), so a fresh server
# reports Init: a warning, not a refusal.
clusterwiz_read_net_health() {
    local device output status health bad=""
    local -a words
    for device in "${DEVICES[@]}"; do
        output=$(clusterwiz_fact "hccn-health.$device")
        status=$?
        health=""
        [ "$status" = 0 ] && health=$(clusterwiz_key_value "net health status" "$output")
        read -r -a words <<< "${health,,}"
        if [ "${words[*]}" != success ]; then
            bad="$bad${bad:+; }device $device: ${health:-unknown}"
        fi
    done
    if [ -n "$bad" ]; then
        clusterwiz_warn "$bad (net_health needs a netdetect address; --net tests every other server)"
    else
        clusterwiz_ok "net health Success on $NPROC devices"
    fi
}

# With --net: device k of this server against device k of every other server, as the vendor
# guide tests it: set the detection address, then read the health (which may take a moment).
clusterwiz_test_device_net() {
    local j k device name peer_ip output status health tries
    local -a peer_devices peer_ips
    for ((j = 0; j < NODE_COUNT; j++)); do
        [ "$j" = "$NODE_RANK" ] && continue
        read -r -a peer_devices <<< "${NODE_DEVICES[$j]}"
        read -r -a peer_ips <<< "${NODE_DEVICE_IPS[$j]}"
        for ((k = 0; k < NPROC; k++)); do
            device=${DEVICES[$k]}
            name="device $device to ${NODE_NAMES[$j]}"
            if [ "${peer_devices[$k]:-}" != "$device" ]; then
                clusterwiz_warn "$name: not tested, ${NODE_NAMES[$j]} does not use device $device in the same place"
                continue
            fi
            peer_ip=${peer_ips[$k]}
            output=$(clusterwiz_run_words "${HCCN_NETDETECT_COMMANDS[$((NODE_FIRST_RANK[j] + k))]}" 2>&1)
            status=$?
            if [ "$status" -ne 0 ]; then
                clusterwiz_fail "$name: netdetect to $peer_ip: hccn_tool exited $status: $(clusterwiz_first_line "$output")"
                continue
            fi
            health=""
            for ((tries = 0; tries < 3; tries++)); do
                output=$(clusterwiz_run_words "${HCCN_NET_HEALTH_COMMANDS[$device]}" 2>&1)
                health=$(clusterwiz_value_of "net health status" "$output")
                case "$health" in
                    Init|"Detect ip set") sleep 1 ;;
                    *) break ;;
                esac
            done
            if [ "$health" = Success ]; then
                clusterwiz_ok "$name: Success ($peer_ip)"
            elif [ -n "$health" ]; then
                clusterwiz_fail "$name: $health ($peer_ip)"
            else
                clusterwiz_fail "$name: unrecognised output: $(clusterwiz_first_line "$output")"
            fi
        done
    done
@ROUTE_CHECK_RESTORE@}

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
)BASH");
}

} // namespace cw
