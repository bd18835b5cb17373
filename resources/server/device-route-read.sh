# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# shellcheck disable=SC2034 # READ_GATEWAY and READ_DETECT are read by the callers
# The gateway and detect IP hccn_tool keeps for device N, read from its configuration file
# (gateway_N=, netdetect_N=); sets READ_GATEWAY and READ_DETECT, empty when not set.
CLUSTERWIZ_HCCN_CONF=${CLUSTERWIZ_HCCN_CONF:-/etc/hccn.conf}
clusterwiz_read_device_route() {
    local line
    READ_GATEWAY=""
    READ_DETECT=""
    [ -r "$CLUSTERWIZ_HCCN_CONF" ] || return 0
    while IFS= read -r line || [ -n "$line" ]; do
        line=${line//[[:space:]]/}
        case "$line" in
            "gateway_$1="*) READ_GATEWAY=${line#*=} ;;
            "netdetect_$1="*) READ_DETECT=${line#*=} ;;
        esac
    done < "$CLUSTERWIZ_HCCN_CONF"
    return 0
}
