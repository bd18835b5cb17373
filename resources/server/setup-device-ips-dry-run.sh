# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
    for ((k = 0; k < NPROC; k++)); do
        line="device ${DEVICES[$k]}: ${DEVICE_IPS[$k]}/$DEVICE_NETMASK"
        if [ "${WANT_SET[k]}" = 0 ]; then
            echo "$line ok"
        else
            echo "$line would set (now $(clusterwiz_was "$k")):"
            echo "    ${HCCN_SET_COMMANDS[$((FIRST_RANK + k))]}"
        fi
    done
