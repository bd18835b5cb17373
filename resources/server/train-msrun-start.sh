# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# shellcheck disable=SC2034 # PIDS and PID_NAMES are read by clusterwiz_wait
clusterwiz_trap_signals
echo "clusterwiz: $MSRUN ${MSRUN_ARGS[*]} $ENTRY ${ENTRY_ARGS[*]}"
"$MSRUN" "${MSRUN_ARGS[@]}" "$ENTRY" "${ENTRY_ARGS[@]}" </dev/null &
PIDS=($!)
PID_NAMES=("msrun (the worker logs say which rank failed)")
clusterwiz_wait
# With --join=True msrun waits for its workers and fails when one does; it reports no code per
# worker, so the ranks' exit files are written only when all of them succeeded.
if [ "$CLUSTERWIZ_STATUS" -eq 0 ]; then
    for ((i = 0; i < NPROC; i++)); do
        CLUSTERWIZ_EXIT_FILE=$LOG_DIR/rank$((FIRST_RANK + i)).exit
        echo "0 $(date +%s.%N)" >"$CLUSTERWIZ_EXIT_FILE.tmp" &&
            mv -f -- "$CLUSTERWIZ_EXIT_FILE.tmp" "$CLUSTERWIZ_EXIT_FILE"
    done
fi
exit "$CLUSTERWIZ_STATUS"
