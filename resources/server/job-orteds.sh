# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
job_orteds() {
    for p in $(job_pids); do
        pp=$(ps -o ppid= -p "$p" 2>/dev/null | tr -d ' ')
        [ -n "$pp" ] && [ "$(cat "/proc/$pp/comm" 2>/dev/null)" = orted ] && echo "$pp"
    done | sort -u
}
