# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# shellcheck disable=SC2013 # the words are pids
# shellcheck disable=SC2154 # d (the run folder) is set by the caller
pgs=
for p in $(cat "$d/job.pgid" "$d"/attempt-*/job.pgid 2>/dev/null); do
    case "$p" in ''|*[!0-9]*) ;; *) pgs="$pgs $p" ;; esac
done
orteds=
for p in $(cat "$d/orted.pids" 2>/dev/null) $(job_orteds); do
    case "$p" in ''|*[!0-9]*) continue ;; esac
    # Still an orted: the pid was noted a moment ago and could have been reused since.
    [ "$(cat "/proc/$p/comm" 2>/dev/null)" = orted ] && orteds="$orteds $p"
done
# Alive and not a zombie (a zombie cannot be signalled away; where nothing reaps orphans it
# would stay forever).
pid_alive() {
    [ -r "/proc/$1/status" ] && ! grep -q '^State:[[:space:]]*Z' "/proc/$1/status" 2>/dev/null
}
groups_alive() {
    [ -n "$pgs" ] || return 1
    ps -e -o pgid=,stat= | awk -v g="$pgs" 'BEGIN { n = split(g, a, " "); for (i = 1; i <= n; i++) want[a[i]] = 1 }
        ($1 in want) && $2 !~ /^Z/ { f = 1 } END { exit !f }'
}
left_count() {
    n=$(job_pids | wc -l)
    for p in $orteds; do pid_alive "$p" && n=$((n + 1)); done
    groups_alive && n=$((n + 1))
    echo "$n"
}
signal_all() {
    # No `--` before the group: dash's kill (sh on Debian) refuses it; `kill -SIG -PGID` is
    # read alike by bash and dash.
    for g in $pgs; do kill -"$1" "-$g" 2>/dev/null; done
    for p in $(job_pids) $orteds; do kill -"$1" "$p" 2>/dev/null; done
}
signal_all TERM
