# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# shellcheck disable=SC2154 # d (the run folder) and r (the rank files' folder) are set by the caller
# shellcheck disable=SC2034 # the pids are only counted
cw_pgid=
read -r cw_pgid 2>/dev/null <"$d/job.pgid"
echo "pgid $cw_pgid"
for f in "$r"/rank*.exit; do
    [ -f "$f" ] || continue
    n=${f##*/rank}; n=${n%.exit}
    cw_code=
    read -r cw_code 2>/dev/null <"$f"
    echo "exit $n $cw_code $(date -r "$r/rank$n.log" +%s.%N 2>/dev/null || echo 0)"
done
n=0
for f in "$r"/rank*.log; do [ -f "$f" ] && n=$((n + 1)); done
echo "started $n"
cw_alive=0
for p in $(job_pids); do cw_alive=$((cw_alive + 1)); done
echo "alive $cw_alive"
