# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# The hostfile of the plan: "HOST_IP slots=N" per server, master first.
clusterwiz_hostfile() {
    local i devices=()
    for ((i = 0; i < NODE_COUNT; i++)); do
        read -r -a devices <<< "${NODE_DEVICES[$i]}"
        echo "${NODE_IPS[$i]} slots=${#devices[@]}"
    done
}
