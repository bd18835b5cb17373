# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
    # A routed device network: each device detects its planned address again (its gateway).
    for ((k = 0; k < NPROC; k++)); do
        [ -n "${HCCN_DETECT_COMMANDS[$((FIRST_RANK + k))]:-}" ] || continue
        if ! output=$(clusterwiz_run_words "${HCCN_DETECT_COMMANDS[$((FIRST_RANK + k))]}" 2>&1); then
            clusterwiz_warn "device ${DEVICES[$k]}: detect IP not set back to ${DEVICE_DETECT_IPS[$((FIRST_RANK + k))]}: $(clusterwiz_first_line "$output")"
        fi
    done
