# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash

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
}
