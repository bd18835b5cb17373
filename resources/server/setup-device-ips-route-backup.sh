# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
        for ((k = 0; k < NPROC; k++)); do
            [ "${WANT_ROUTE[k]}" = 1 ] || continue
            device=${DEVICES[$k]}
            echo "# device $device: gateway ${OLD_GATEWAY[k]:-(none)}, detect IP ${OLD_DETECT[k]:-(none)}"
            if clusterwiz_is_address "${OLD_GATEWAY[k]}"; then
                undo=${HCCN_GATEWAY_UNDO_TEMPLATES[$device]}
                undo=${undo/"'GATEWAY'"/"'${OLD_GATEWAY[k]}'"}
                echo "$undo"
            else
                echo "# device $device: no gateway to put back"
            fi
            if clusterwiz_is_address "${OLD_DETECT[k]}"; then
                undo=${HCCN_DETECT_UNDO_TEMPLATES[$device]}
                undo=${undo/"'ADDRESS'"/"'${OLD_DETECT[k]}'"}
                echo "$undo"
            else
                echo "# device $device: no detect IP to put back"
            fi
        done
