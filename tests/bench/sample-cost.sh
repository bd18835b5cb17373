#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# A server's CPU for one device sample of the cpu accelerator (issue 36 item 5): the ps command
# of resources/server/job-poll-devices.sh over 8 rank processes (sleeping stand-ins here), run
# N times, user + system CPU from /usr/bin/time. The npu-smi and nvidia-smi samples cost what
# the vendors' tools cost on a real server; the simulated tools here say nothing about that.
#   tests/bench/sample-cost.sh [N]
set -euo pipefail
n=${1:-200}
pids=()
for _ in 1 2 3 4 5 6 7 8; do
    sleep 600 &
    pids+=("$!")
done
trap 'kill "${pids[@]}" 2>/dev/null' EXIT
list=$(IFS=,; echo "${pids[*]}")
TIMEFORMAT="%U %S"
# shellcheck disable=SC2034 # i counts the samples
times=$( { time for ((i = 0; i < n; i++)); do
    ps -o pid=,pcpu=,rss= -p "$list" | head -c 262144 >/dev/null
done; } 2>&1)
read -r user sys <<<"$times"
awk -v u="$user" -v s="$sys" -v n="$n" \
    'BEGIN { printf "cpu sample (ps of 8 ranks): %.1f ms of CPU each (user %.2f s + sys %.2f s for %d)\n", (u + s) * 1000 / n, u, s, n }'
