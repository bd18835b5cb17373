# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# Pass 2: set what differs, then read back every device that was set.
failed=0
changed=0
for ((k = 0; k < NPROC; k++)); do
    device=${DEVICES[$k]}
    line="device $device: ${DEVICE_IPS[$k]}/$DEVICE_NETMASK"
    if [ "${WANT_SET[k]}" = 0 ]; then
        echo "$line ok"
        continue
    fi
    output=$(clusterwiz_run_words "${HCCN_SET_COMMANDS[$((FIRST_RANK + k))]}" 2>&1)
    status=$?
    if [ "$status" -ne 0 ]; then
        echo "$line FAILED (hccn_tool exited $status: $(clusterwiz_first_line "$output"))"
        failed=$((failed + 1))
    elif ! clusterwiz_read_device_ip "$device"; then
        echo "$line FAILED (read-back: $READ_ERROR)"
        failed=$((failed + 1))
    elif [ "$READ_ADDRESS" != "${DEVICE_IPS[$k]}" ] || [ "$READ_NETMASK" != "$DEVICE_NETMASK" ]; then
        echo "$line FAILED (reads back $READ_ADDRESS/$READ_NETMASK)"
        failed=$((failed + 1))
    else
        echo "$line set (was $(clusterwiz_was "$k"))"
        changed=$((changed + 1))
    fi
done
