// Ascend checks of check.sh. They use the device table and clusterwiz_read_device_ip from
// DeviceIpBash, so they read hccn_tool exactly as setup_device_ips.sh does, and npu-smi
// through FACT_NPU_SMI, the command discovery runs.
#include "generate/CheckScriptBash.h"

namespace cw {

QString checkAscendFunctions()
{
    return QStringLiteral(R"BASH(
# npu-smi info: an NPU row starts with "| ID NAME |" (the name is not a number, which tells it
# from the chip and process rows), its second cell is the health.
clusterwiz_check_accelerator() {
    local output status rows device health listed="" problems=0
    if ! clusterwiz_have "${FACT_NPU_SMI[0]}"; then
        clusterwiz_fail "${FACT_NPU_SMI[0]} not found on PATH (Ascend driver not installed, or its folder not on PATH)"
        return
    fi
    output=$(clusterwiz_limit 60 "${FACT_NPU_SMI[@]}" 2>&1)
    status=$?
    if [ "$status" -ne 0 ]; then
        clusterwiz_fail "${FACT_NPU_SMI[*]} exited $status: $(clusterwiz_first_line "$output")"
        return
    fi
    rows=$(printf '%s\n' "$output" | tr -d '\r' | awk -F'|' 'NF >= 4 {
        n = split($2, w, " ")
        if (n >= 2 && w[1] ~ /^[0-9]+$/ && w[2] !~ /^[0-9]+$/) {
            h = $3; gsub(/^[ \t]+|[ \t]+$/, "", h); print w[1], h
        } }')
    if [ -z "$rows" ]; then
        clusterwiz_fail "unrecognised output of ${FACT_NPU_SMI[*]}: $(clusterwiz_first_line "$output")"
        return
    fi
    listed=$(printf '%s\n' "$rows" | awk '{ printf "%s%s", sep, $1; sep = " " }')
    clusterwiz_chip_generation "$output" || problems=$((problems + 1))
    for device in "${DEVICES[@]}"; do
        health=$(printf '%s\n' "$rows" | awk -v d="$device" '$1 == d { $1 = ""; sub(/^ /, ""); print; exit }')
        if [ -z "$health" ]; then
            clusterwiz_fail "device $device: not listed by npu-smi info (it lists NPUs $listed)"
            problems=$((problems + 1))
        elif [ "$health" = Warning ]; then
            clusterwiz_warn "device $device: Warning (npu-smi info)"
            problems=$((problems + 1))
        elif [ "$health" != OK ]; then
            clusterwiz_fail "device $device: $health (npu-smi info)"
            problems=$((problems + 1))
        fi
    done
    if [ "$problems" = 0 ]; then
        clusterwiz_ok "$(printf '%s\n' "$rows" | wc -l | tr -d ' ') NPUs; planned devices ${DEVICES[*]} health OK"
    fi
}

# 910B1..910B4 (a digit after 910B) are Atlas A2 chips (ascend910b); 910A, 910B, 910ProA and
# 910ProB the first Ascend 910 (ascend910). A chip of the other generation fails, named.
clusterwiz_chip_generation() {
    local chip kind bad=0
    for chip in $(printf '%s\n' "$1" | tr -d '\r' | awk -F'|' 'NF >= 4 {
        n = split($2, w, " ")
        if (n >= 2 && w[1] ~ /^[0-9]+$/ && w[2] !~ /^[0-9]+$/ && !seen[w[2]]++) print w[2] }'); do
        case "$chip" in
        910B[0-9]*) kind=ascend910b ;;
        910 | 910A | 910B | 910ProA | 910ProB) kind=ascend910 ;;
        *) continue ;;
        esac
        if [ "$kind" != "$ACCELERATOR" ]; then
            clusterwiz_fail "server $(hostname): NPU chip $chip is $kind hardware, the project's accelerator is $ACCELERATOR"
            bad=1
        fi
    done
    return "$bad"
}

# Every device check needs hccn_tool; without it, one line says so.
clusterwiz_hccn_tool_found() {
    clusterwiz_have hccn_tool && return 0
    clusterwiz_fail "hccn_tool not found on PATH (it comes with the Ascend driver)"
    return 1
}

clusterwiz_check_device_ips() {
    local k device want
    clusterwiz_hccn_tool_found || return
    read -r -a DEVICE_IPS <<< "${NODE_DEVICE_IPS[$NODE_RANK]}"
    for ((k = 0; k < NPROC; k++)); do
        device=${DEVICES[$k]}
        want="${DEVICE_IPS[$k]}/$DEVICE_NETMASK"
        if ! clusterwiz_read_device_ip "$device"; then
            clusterwiz_fail "device $device: $READ_ERROR (plan: $want; setup_device_ips.sh sets it)"
        elif [ "$READ_ADDRESS" = "${DEVICE_IPS[$k]}" ] && [ "$READ_NETMASK" = "$DEVICE_NETMASK" ]; then
@ROUTE_CHECK_COMPARE@            clusterwiz_ok "device $device $want"
        else
            clusterwiz_fail "device $device is $READ_ADDRESS/$READ_NETMASK, the plan says $want (setup_device_ips.sh sets it)"
        fi
    done
}

clusterwiz_check_device_links() {
    local device output status link
    clusterwiz_hccn_tool_found || return
    for device in "${DEVICES[@]}"; do
        output=$(clusterwiz_run_words "${HCCN_LINK_COMMANDS[$device]}" 2>&1)
        status=$?
        link=$(clusterwiz_value_of "link status" "$output")
        if [ "$status" -ne 0 ]; then
            clusterwiz_fail "device $device: hccn_tool exited $status: $(clusterwiz_first_line "$output")"
        elif [ "$link" = UP ]; then
            clusterwiz_ok "device $device UP"
        elif [ -n "$link" ]; then
            clusterwiz_fail "device $device $link (check the cable, the optical module and the switch port)"
        else
            clusterwiz_fail "device $device: unrecognised output: $(clusterwiz_first_line "$output")"
        fi
    done
}

# `-tls -g` prints "dev_id:N, tls switch[S](0:disable, 1:enable), ..." (HCCN Tool reference,
# https://gitcode.com/cann/driver/tree/master/docs/en/Ascend_950_HCCN_Tool). Here the devices of
# this server must agree; clusterwiz-cli check also compares the servers with each other.
clusterwiz_check_device_tls() {
    local device output status on="" off="" bad=0
    clusterwiz_hccn_tool_found || return
    for device in "${DEVICES[@]}"; do
        output=$(clusterwiz_run_words "${HCCN_TLS_COMMANDS[$device]}" 2>&1)
        status=$?
        case "$status:$output" in
        0:*"tls switch[1](0:disable, 1:enable)"*) on="$on $device" ;;
        0:*"tls switch[0](0:disable, 1:enable)"*) off="$off $device" ;;
        0:*)
            clusterwiz_warn "device $device: unrecognised output of hccn_tool -tls -g: $(clusterwiz_first_line "$output")"
            bad=1 ;;
        *)
            clusterwiz_warn "device $device: hccn_tool exited $status: $(clusterwiz_first_line "$output")"
            bad=1 ;;
        esac
    done
    if [ -n "$on" ] && [ -n "$off" ]; then
        clusterwiz_fail "server $(hostname): TLS on: devices${on}; TLS off: devices${off} (set every device alike: hccn_tool -i N -tls -s enable 0|1, or clusterwiz-cli fix PROJECT align-device-tls)"
    elif [ "$bad" = 0 ]; then
        clusterwiz_ok "TLS $([ -n "$on" ] && echo on || echo off) on devices ${DEVICES[*]}"
    fi
}

# Who has a planned /dev/davinciN open before the job starts: FACT_DEVICE_HOLDERS prints
# "PID DEVICE NAME" lines (Linux /proc facts, as discovery reads them).
clusterwiz_check_device_processes() {
    local output device pid name held=0
    output=$(clusterwiz_limit 30 "${FACT_DEVICE_HOLDERS[@]}" 2>/dev/null | tr -d '\r')
    while read -r pid device name; do
        [ -n "$pid" ] || continue
        case " ${DEVICES[*]} " in *" $device "*) ;; *) continue ;; esac
        clusterwiz_fail "server $(hostname): device $device held by pid $pid (${name:-?}): stop what an earlier job left running (kill $pid) once it is finished"
        held=1
    done <<< "$output"
    [ "$held" = 0 ] && clusterwiz_ok "no process holds devices ${DEVICES[*]}"
}

# The health as it stands (the detection address set before, by setup_device_ips.sh or --net).
# Not Success is a warning, as in clusterwiz-cli check: it depends on that address answering.
clusterwiz_read_net_health() {
    local device output health
    for device in "${DEVICES[@]}"; do
        output=$(clusterwiz_run_words "${HCCN_NET_HEALTH_COMMANDS[$device]}" 2>&1)
        health=$(clusterwiz_value_of "net health status" "$output")
        if [ "$health" = Success ]; then
            clusterwiz_ok "device $device Success"
        else
            clusterwiz_warn "device $device: ${health:-$(clusterwiz_first_line "$output")} (net_health needs a netdetect address; --net tests every other server)"
        fi
    done
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
    clusterwiz_hccn_tool_found || return
    if [ "$CHECK_NET" = 1 ] && [ "$NODE_COUNT" -gt 1 ]; then
        clusterwiz_test_device_net
    else
        clusterwiz_read_net_health
    fi
}
)BASH");
}

} // namespace cw
