# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
        echo "#!/bin/bash"
        echo "# Device IPs of server $SERVER_NAME before setup_device_ips.sh changed them ($(date))."
        echo "# Run this file with bash to put back the devices that were changed."
        for ((k = 0; k < NPROC; k++)); do
            device=${DEVICES[$k]}
            echo "# device $device: $(clusterwiz_was "$k")"
            [ "${WANT_SET[k]}" = 1 ] || continue
            if [ -z "${OLD_ERROR[k]}" ] && clusterwiz_is_address "${OLD_ADDRESS[k]}" \
                && clusterwiz_is_address "${OLD_NETMASK[k]}"; then
                undo=${HCCN_UNDO_TEMPLATES[$device]}
                undo=${undo/"'ADDRESS'"/"'${OLD_ADDRESS[k]}'"}
                undo=${undo/"'NETMASK'"/"'${OLD_NETMASK[k]}'"}
                echo "$undo"
            else
                echo "# device $device: no address to put back"
            fi
        done
