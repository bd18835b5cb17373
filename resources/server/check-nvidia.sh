# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash

# nvidia-smi -L: "GPU N: NAME (UUID: ...)" per GPU (MIG devices indented under it).
clusterwiz_check_accelerator() {
    local output status listed device missing=""
    output=$(clusterwiz_fact nvidia-smi)
    status=$?
    if [ "$status" = 127 ] || [ "$status" = 125 ]; then
        clusterwiz_fail "nvidia-smi not found or failed: "
        return
    fi
    listed=$(printf '%s\n' "$output" | tr -d '\r' | sed -n 's/^GPU[[:space:]]\{1,\}\([0-9]\{1,\}\):.*(UUID:[[:space:]]*[^)[:space:]]\{1,\}[[:space:]]*).*/\1/p')
    for device in "${DEVICES[@]}"; do
        printf '%s\n' "$listed" | grep -qx "$device" || missing="$missing${missing:+; }GPU $device missing"
    done
    if [ -n "$missing" ]; then
        clusterwiz_fail "$missing (nvidia-smi lists $(printf '%s' "$listed" | grep -c .))"
    else
        clusterwiz_ok "$(printf '%s' "$listed" | grep -c .) GPUs; planned devices ${DEVICES[*]} present"
    fi
}
