# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# shellcheck disable=SC2154 # d (the run folder) is set before it
g=$(cat "$d/supervisor.pgid" 2>/dev/null)
s=0
case "$g" in ''|*[!0-9]*) ;; *) kill -0 "-$g" 2>/dev/null && s=1 ;; esac
echo "supervisor $s"
if [ -f "$d/supervisor.json" ]; then
    printf 'supervisor-state '
    head -c 1048576 "$d/supervisor.json" | tr -d '\n'
    echo
fi
