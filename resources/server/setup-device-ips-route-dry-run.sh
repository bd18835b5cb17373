# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
    for ((k = 0; k < NPROC; k++)); do
        rank=$((FIRST_RANK + k))
        [ -n "${DEVICE_GATEWAYS[$rank]:-}${DEVICE_DETECT_IPS[$rank]:-}" ] || continue
        if [ "${WANT_ROUTE[k]}" = 0 ]; then
            echo "$(clusterwiz_route_line "$k") ok"
            continue
        fi
        echo "$(clusterwiz_route_line "$k") would set (now gateway ${OLD_GATEWAY[k]:-(none)}, detect IP ${OLD_DETECT[k]:-(none)}):"
        [ -n "${HCCN_GATEWAY_COMMANDS[$rank]:-}" ] && echo "    ${HCCN_GATEWAY_COMMANDS[$rank]}"
        [ -n "${HCCN_DETECT_COMMANDS[$rank]:-}" ] && echo "    ${HCCN_DETECT_COMMANDS[$rank]}"
    done
