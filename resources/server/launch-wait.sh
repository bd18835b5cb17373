# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# shellcheck disable=SC2004 # $i in a subscript, as the generated scripts write it
# Signals are only noted here; clusterwiz_wait acts on them between two polls.
CLUSTERWIZ_SIGNAL=""
clusterwiz_trap_signals() {
    trap 'CLUSTERWIZ_SIGNAL=TERM' TERM
    trap 'CLUSTERWIZ_SIGNAL=INT' INT
    trap 'CLUSTERWIZ_SIGNAL=HUP' HUP
}

# Waits for every pid in PIDS. The first that fails, or a signal to this script, stops the
# others: clusterwiz_stop TERM, then clusterwiz_stop KILL after STOP_GRACE seconds.
clusterwiz_wait() {
    local remaining=${#PIDS[@]} i code entry kill_at="" failed
    clusterwiz_done=()
    CLUSTERWIZ_STATUS=0
    while [ "$remaining" -gt 0 ]; do
        if [ -n "$CLUSTERWIZ_SIGNAL" ] && [ -z "$kill_at" ]; then
            echo "clusterwiz: $WHERE: got SIG$CLUSTERWIZ_SIGNAL, stopping" >&2
            case "$CLUSTERWIZ_SIGNAL" in
                HUP) CLUSTERWIZ_STATUS=129 ;;
                INT) CLUSTERWIZ_STATUS=130 ;;
                *) CLUSTERWIZ_STATUS=143 ;;
            esac
            clusterwiz_stop TERM
            kill_at=$((SECONDS + STOP_GRACE))
        fi
        failed=()
        for i in "${!PIDS[@]}"; do
            [ -n "${clusterwiz_done[$i]:-}" ] && continue
            kill -0 "${PIDS[$i]}" 2>/dev/null && continue
            wait "${PIDS[$i]}"
            code=$?
            clusterwiz_done[$i]=1
            remaining=$((remaining - 1))
            if [ "$code" -ne 0 ] && [ -z "$kill_at" ]; then
                failed+=("$i:$code")
            fi
        done
        if [ "${#failed[@]}" -gt 0 ]; then
            CLUSTERWIZ_STATUS=${failed[0]#*:}
            for entry in "${failed[@]}"; do
                echo "clusterwiz: $WHERE: ${PID_NAMES[${entry%%:*}]} failed with exit code ${entry#*:}" >&2
            done
            if [ "${#failed[@]}" -gt 1 ]; then
                echo "clusterwiz: $WHERE: these ended between two checks (0.25 s apart); their logs tell which failed first" >&2
            fi
            echo "clusterwiz: $WHERE: stopping the others" >&2
            clusterwiz_stop TERM
            kill_at=$((SECONDS + STOP_GRACE))
        fi
        if [ -n "$kill_at" ] && [ "$SECONDS" -ge "$kill_at" ]; then
            echo "clusterwiz: $WHERE: still running after ${STOP_GRACE}s, killing" >&2
            clusterwiz_stop KILL
            kill_at=$((SECONDS + 3600))
        fi
        if [ "$remaining" -gt 0 ]; then
            sleep 0.25
        fi
    done
    return "$CLUSTERWIZ_STATUS"
}
