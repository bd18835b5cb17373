# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash

# nvidia-smi -L: "GPU N: NAME (UUID: ...)" per GPU (MIG devices indented under it).
clusterwiz_check_accelerator() {
    local output status listed device count
    local -a missing=()
    output=$(clusterwiz_fact nvidia-smi)
    status=$?
    if [ "$status" = 127 ] || [ "$status" = 125 ]; then
        clusterwiz_fail "$(clusterwiz_text "$TEXT_NVIDIA_SMI_MISSING" "")"
        return
    fi
    listed=$(printf '%s\n' "$output" | tr -d '\r' | sed -n 's/^GPU[[:space:]]\{1,\}\([0-9]\{1,\}\):.*(UUID:[[:space:]]*[^)[:space:]]\{1,\}[[:space:]]*).*/\1/p')
    for device in "${DEVICES[@]}"; do
        printf '%s\n' "$listed" | grep -qx "$device" || missing+=("$(clusterwiz_text "$TEXT_GPU_MISSING" "$device")")
    done
    count=$(printf '%s' "$listed" | grep -c .)
    if [ "${#missing[@]}" -gt 0 ]; then
        clusterwiz_fail "$(clusterwiz_text "$TEXT_GPUS_MISSING" "$(clusterwiz_join_reasons "${missing[@]}")" "$count")"
    elif [ "$count" = 0 ]; then
        clusterwiz_ok "-"
    else
        # As discovery's table shows the devices (DiscoveryReport.cpp): "8 GPU".
        clusterwiz_ok "$count GPU"
    fi
}
