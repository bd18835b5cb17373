# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# Then each device's gateway and detect IP, read back from hccn.conf.
for ((k = 0; k < NPROC; k++)); do
    [ "${WANT_ROUTE[k]}" = 1 ] || continue
    device=${DEVICES[$k]}
    rank=$((FIRST_RANK + k))
    line=$(clusterwiz_route_line "$k")
    if [ "${WANT_SET[k]}" = 1 ] && { ! clusterwiz_read_device_ip "$device" \
        || [ "$READ_ADDRESS" != "${DEVICE_IPS[$k]}" ]; }; then
        echo "$line skipped (the device has not its planned address)"
        continue
    fi
    problem=""
    for command in "${HCCN_GATEWAY_COMMANDS[$rank]:-}" "${HCCN_DETECT_COMMANDS[$rank]:-}"; do
        [ -n "$command" ] || continue
        output=$(clusterwiz_run_words "$command" 2>&1)
        status=$?
        if [ "$status" -ne 0 ]; then
            problem="hccn_tool exited $status: $(clusterwiz_first_line "$output")"
            break
        fi
    done
    if [ -z "$problem" ]; then
        clusterwiz_read_device_route "$device"
        if [ "$READ_GATEWAY" != "${DEVICE_GATEWAYS[$rank]:-$READ_GATEWAY}" ] \
            || [ "$READ_DETECT" != "${DEVICE_DETECT_IPS[$rank]:-$READ_DETECT}" ]; then
            problem="$CLUSTERWIZ_HCCN_CONF reads back gateway ${READ_GATEWAY:-(none)}, detect IP ${READ_DETECT:-(none)}"
        fi
    fi
    if [ -n "$problem" ]; then
        echo "$line FAILED ($problem)"
        failed=$((failed + 1))
    else
        echo "$line set (was gateway ${OLD_GATEWAY[k]:-(none)}, detect IP ${OLD_DETECT[k]:-(none)})"
        [ "${WANT_SET[k]}" = 1 ] || changed=$((changed + 1))
    fi
done
