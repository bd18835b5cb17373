# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# shellcheck disable=SC2317 # clusterwiz_stop is called by clusterwiz_wait (launch-wait.sh)
# The one quoting rule of the generator, for values known only at run time: single quotes,
# a quote inside written as '\''.
clusterwiz_quote() {
    local quote="'\\''"
    printf "'%s'" "${1//\'/$quote}"
}

# ssh to server $1 of the plan. BatchMode: fail at once rather than ask; the host keys must
# already be in known_hosts (check.sh and the wizard check it).
clusterwiz_ssh() {
    local i=$1
    shift
    ssh -o BatchMode=yes -p "${NODE_SSH_PORTS[$i]}" -- "${NODE_USERS[$i]:+${NODE_USERS[$i]}@}${NODE_IPS[$i]}" "$@"
}

# Ending an ssh client would leave its remote job running: TERM goes to train.sh there (through
# its pid file), which stops its ranks; the clients end with them, or are killed after the grace.
clusterwiz_stop() {
    local i pidfile
    for i in "${!PIDS[@]}"; do
        [ -n "${clusterwiz_done[$i]:-}" ] && continue
        if [ "$i" -gt 0 ] && [ "$1" = TERM ]; then
            pidfile=$LOG_ROOT/$RUN_ID/${NODE_NAMES[$i]}/train.pid
            clusterwiz_ssh "$i" "pid=\$(cat $(clusterwiz_quote "$pidfile") 2>/dev/null) && kill -TERM \"\$pid\"" </dev/null &
        else
            kill -"$1" "${PIDS[$i]}" 2>/dev/null
        fi
    done
}

if ! ip -o -4 addr show 2>/dev/null | awk -v ip="$MASTER_ADDR" '{ split($4, s, "/"); if (s[1] == ip) found = 1 } END { exit !found }'; then
    echo "clusterwiz: warning: no interface of this server has the master's host IP $MASTER_ADDR; run.sh is meant to run on the master (${NODE_NAMES[0]})" >&2
fi

# An attempt of a restarting run goes on to every server with its servers and count.
ATTEMPT_ENV=""
if [ -n "${CLUSTERWIZ_ATTEMPT_SERVERS:-}" ]; then
    ATTEMPT_ENV=" CLUSTERWIZ_ATTEMPT_SERVERS=$(clusterwiz_quote "$CLUSTERWIZ_ATTEMPT_SERVERS")"
fi
if [ -n "${CLUSTERWIZ_RESTART_COUNT:-}" ]; then
    ATTEMPT_ENV+=" CLUSTERWIZ_RESTART_COUNT=$(clusterwiz_quote "$CLUSTERWIZ_RESTART_COUNT")"
fi
echo "clusterwiz: run $RUN_ID on $NODE_COUNT servers; logs in $LOG_ROOT/$RUN_ID/<server>/rank<N>.log"
clusterwiz_trap_signals
PIDS=()
PID_NAMES=()
for ((i = 0; i < NODE_COUNT; i++)); do
    if [ "$i" -eq 0 ]; then
        CLUSTERWIZ_NODE_RANK=0 bash "$HERE/train.sh" &
        PID_NAMES+=("train.sh on ${NODE_NAMES[0]} (this server)")
    else
        clusterwiz_ssh "$i" "cd $(clusterwiz_quote "$HERE") && export CLUSTERWIZ_NODE_RANK=$i CLUSTERWIZ_RUN_ID=$RUN_ID$ATTEMPT_ENV && exec bash ./train.sh" </dev/null &
        PID_NAMES+=("train.sh on ${NODE_NAMES[$i]} (${NODE_IPS[$i]}; 255 means ssh failed)")
    fi
    PIDS+=($!)
done
clusterwiz_wait
exit "$CLUSTERWIZ_STATUS"
