# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# One process per device (seed 004's loop).
clusterwiz_trap_signals
PIDS=()
PID_NAMES=()
for ((i = 0; i < NPROC; i++)); do
    LOCAL_RANK=$i RANK=$((FIRST_RANK + i)) bash "$HERE/rank.sh" &
    PIDS+=($!)
    PID_NAMES+=("rank $((FIRST_RANK + i)) (device ${DEVICES[$i]})")
done
clusterwiz_wait
