# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# shellcheck disable=SC2034 # the arrays are read by the routed parts that follow
# Routed device network: each device's gateway and detect IP now (from hccn.conf), and which
# differ from the plan; a device whose address is set gets both again after it.
declare -a WANT_ROUTE OLD_GATEWAY OLD_DETECT
for ((k = 0; k < NPROC; k++)); do
    rank=$((FIRST_RANK + k))
    clusterwiz_read_device_route "${DEVICES[$k]}"
    OLD_GATEWAY[k]=$READ_GATEWAY
    OLD_DETECT[k]=$READ_DETECT
    WANT_ROUTE[k]=0
    want_gateway=${DEVICE_GATEWAYS[$rank]:-}
    want_detect=${DEVICE_DETECT_IPS[$rank]:-}
    [ -n "$want_gateway$want_detect" ] || continue
    if [ "${WANT_SET[k]}" = 1 ] || [ "$READ_GATEWAY" != "${want_gateway:-$READ_GATEWAY}" ] \
        || [ "$READ_DETECT" != "${want_detect:-$READ_DETECT}" ]; then
        WANT_ROUTE[k]=1
        [ "${WANT_SET[k]}" = 1 ] || pending=$((pending + 1))
    fi
done

clusterwiz_route_line() {
    local rank=$((FIRST_RANK + $1))
    echo "device ${DEVICES[$1]}: gateway ${DEVICE_GATEWAYS[$rank]:-(none)}, detect IP ${DEVICE_DETECT_IPS[$rank]:-(none)}"
}
