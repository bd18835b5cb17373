# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
clusterwiz_kill_tree() {
    local child
    for child in $(ps -o pid= --ppid "$2" 2>/dev/null); do
        clusterwiz_kill_tree "$1" "$child"
    done
    kill -"$1" "$2" 2>/dev/null
}

clusterwiz_stop() {
    local i
    for i in "${!PIDS[@]}"; do
        [ -n "${clusterwiz_done[$i]:-}" ] && continue
        if [ "$1" = KILL ]; then
            clusterwiz_kill_tree KILL "${PIDS[$i]}"
        else
            kill -"$1" "${PIDS[$i]}" 2>/dev/null
        fi
    done
}
