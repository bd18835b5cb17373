#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The scale benchmark: for each N of N_LIST, N simulated servers (tests/cluster/cluster.sh
# --pid-ns: real sshd in its own network, UTS, mount and PID namespace, so a process scan on a
# server sees only that server's processes) and, side by side, the wall time, client CPU
# (user+sys of clusterwiz-cli and its children, /usr/bin/time) and SSH logins (the "Accepted
# publickey" lines of each server's sshd log) of:
#   pdsh -R ssh -f N true (the yardstick), discover, check, launch --force (without the
#   pre-launch checks, which check times) of a no-ranktable cpu project with 1 rank per server
#   running a tiny python script, then status, logs --follow for FOLLOW_S seconds, stop, and a
#   whole launch --follow run of a short job.
# Prints a markdown table per N. Bars (reported met/missed, never asserted) are those of the
# 128-server target (issue 25): discover <= 1.5x and check <= 2x pdsh true; launch <= 2x with
# <= 2 logins per server; status <= 1x; stop <= 1.5x; logs --follow one login per server and
# <= 2 s client CPU; launch --follow <= 3 logins per server. Exits 1 only on a functional failure (a command that
# fails, a server missing from an answer, a rank that did not run, a run that did not stop).
#
#   tests/bench/bench_scale.sh BUILD_DIR    (root; BUILD_DIR holds bin/clusterwiz-cli)
# With CONTAINERS=1 the servers also run podman (cluster.sh --containers) and the table gains
# `container up` (creating one training container per server from tests/support/
# container-image.sh's image), `container up` again (nothing to change), `container status`
# and `container down` (issue 31: every server at once, beside pdsh).
# Env: N_LIST ("8 32 64 128"), NET (10.231.251), TIMEOUT (300: --timeout per server),
#      FOLLOW_S (20), JOBS (unset: the CLI's default --jobs), RESULTS (a file to append the tables to),
#      CONTAINERS (unset: no container rows).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
build=$(cd "${1:?usage: bench_scale.sh BUILD_DIR}" && pwd)
n_list=${N_LIST:-8 32 64 128}
net=${NET:-10.231.251}
timeout_s=${TIMEOUT:-300}
follow_s=${FOLLOW_S:-20}
cli=$build/bin/clusterwiz-cli
cluster=$here/../cluster/cluster.sh

[ -x "$cli" ] || { echo "bench_scale: $cli is not built" >&2; exit 2; }
command -v pdsh >/dev/null || { echo "bench_scale: pdsh is not installed" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "bench_scale: /usr/bin/time is not installed" >&2; exit 2; }
[ "$(id -u)" -eq 0 ] || { echo "bench_scale: needs root (namespaces)" >&2; exit 2; }
for n in $n_list; do
    [[ $n =~ ^[0-9]+$ ]] && [ "$n" -ge 1 ] && [ "$n" -le 128 ] ||
        { echo "bench_scale: N_LIST holds '$n'; each must be 1-128" >&2; exit 2; }
done

# What N servers need of this machine: one bridge port, one neighbour entry and a few fds each
# on the client side; sshd's MaxStartups is 200 in the simulated sshd_config (cluster.sh).
max_n=$(printf '%s\n' $n_list | sort -n | tail -1)
thresh3=$(sysctl -n net.ipv4.neigh.default.gc_thresh3)
if [ "$thresh3" -lt $((max_n + 16)) ]; then
    echo "bench_scale: net.ipv4.neigh.default.gc_thresh3 is $thresh3, below $((max_n + 16))" >&2
    exit 2
fi
if [ "$(ulimit -n)" != unlimited ] && [ "$(ulimit -n)" -lt $((max_n * 8)) ]; then
    ulimit -n $((max_n * 8)) 2>/dev/null ||
        { echo "bench_scale: open files limit $(ulimit -n) is below $((max_n * 8))" >&2; exit 2; }
fi

work=$(mktemp -d /tmp/clusterwiz-bench-scale-XXXXXX)
state=$work/cluster
bg_pids=()
cleanup() {
    local pid
    for pid in "${bg_pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
    "$cluster" down "$state" >/dev/null 2>&1 || true
    rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

fail() { echo "bench_scale: N=$n: $*" >&2; exit 1; }

cat > "$work/tiny.py" <<'PY'
# One rank of the benchmark's job: a loss line every PAUSE seconds for STEPS steps.
import os, sys, time
steps, pause = int(sys.argv[1]), float(sys.argv[2])
rank = os.environ.get("RANK", "?")
for step in range(steps):
    print(f"rank {rank} step {step} loss = {1.0 / (step + 1):.4f}", flush=True)
    time.sleep(pause)
PY

# A no-ranktable cpu project of the first N servers, 1 rank each, running tiny.py STEPS PAUSE.
write_project() {
    local file=$1 steps=$2 pause=$3 i sep=""
    {
        printf '{\n  "clusterwiz": 1,\n  "name": "bench-scale-%s",\n' "$n"
        printf '  "accelerator": "cpu",\n  "servers": [\n'
        for ((i = 0; i < n; i++)); do
            printf '%s    {"name": "server%s", "host": "%s.%s", "port": 22, "user": "root",' \
                "$sep" "$i" "$net" "$((11 + i))"
            printf ' "host_ip": "%s.%s", "devices": [0], "identity_file": "%s"}' \
                "$net" "$((11 + i))" "$state/client/id_ed25519"
            sep=$',\n'
        done
        printf '\n  ],\n  "launch": {"mode": "no-ranktable", "workdir": "/root/bench",'
        printf ' "entry": "tiny.py", "args": ["%s", "%s"], "python": "/usr/bin/python3",' \
            "$steps" "$pause"
        printf ' "master_port": 29500, "upload": ["%s"], "env": {}, "log_dir": "logs"}\n}\n' \
            "$work/tiny.py"
    } > "$file"
}

# Accepted logins of every server, one count a line.
logins() {
    local i
    for ((i = 0; i < n; i++)); do grep -c "Accepted publickey" "$state/s$i/sshd.log" || true; done
}

now_ns() { date +%s%N; }

# measure NAME CMD...: runs CMD under /usr/bin/time; sets rc, wall_ms, cpu_s, max_logins,
# total_logins and appends a row to the table. The caller judges rc and the output in $work/out.
measure() {
    local name=$1 start end
    shift
    logins > "$work/before"
    start=$(now_ns)
    rc=0
    /usr/bin/time -f '%U %S' -o "$work/time" "$@" > "$work/out" 2> "$work/err" || rc=$?
    end=$(now_ns)
    logins > "$work/after"
    wall_ms=$(((end - start) / 1000000))
    cpu_s=$(awk 'END { printf "%.2f", $1 + $2 }' "$work/time")
    read -r max_logins total_logins < <(paste "$work/before" "$work/after" |
        awk '{ d = $2 - $1; t += d; if (d > m) m = d } END { print m + 0, t + 0 }')
    rows+=("$name|$wall_ms|$cpu_s|$max_logins|$total_logins")
}

# bar NAME RATIO_LIMIT LOGIN_LIMIT CPU_LIMIT: the verdict of the last row against the bars.
verdicts=()
bar() {
    local text=$1 ok=$2
    verdicts+=("$text: $([ "$ok" = 1 ] && echo met || echo missed)")
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
within() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a <= b) }' && echo 1 || echo 0; }

fleet=()
known=""
cli_fleet() { echo --known-hosts "$known" --timeout "$timeout_s" ${JOBS:+--jobs "$JOBS"}; }

containers=()
image=""
if [ "${CONTAINERS:-}" = 1 ]; then
    containers=(--containers)
    image=$("$here/../support/container-image.sh") || { echo "bench_scale: no test image" >&2; exit 2; }
fi

# The container rows: up, up again, status, down of one training container per server.
measure_containers() {
    local file=$work/containers.clusterwiz.json
    /usr/bin/python3 - "$project" "$file" "$image" <<'PY'
import json, sys
project = json.load(open(sys.argv[1]))
project["name"] = project["name"] + "-containers"
project["container"] = {"engine": "podman", "image": sys.argv[3], "name": "bench",
                        "ssh_port": 12345}
json.dump(project, open(sys.argv[2], "w"), indent=2)
PY
    measure "container up" "$cli" container up "$file" "${fleet[@]}"
    [ "$rc" -eq 0 ] || fail "container up exit $rc: $(tail -3 "$work/err")"
    [ "$(grep -c '^container on ' "$work/out")" -eq "$n" ] || fail "container up: $(tail -3 "$work/out")"
    bar "container up: 3 logins/server ($max_logins)" "$((max_logins <= 3))"
    measure "container up (again)" "$cli" container up "$file" "${fleet[@]}"
    [ "$rc" -eq 0 ] && grep -q 'nothing changed' "$work/out" ||
        fail "container up again changed something: $(tail -3 "$work/out")"
    measure "container status" "$cli" container status "$file" --json "${fleet[@]}"
    [ "$rc" -eq 0 ] || fail "container status exit $rc: $(tail -3 "$work/err")"
    bar "container status: 1 login/server ($max_logins)" "$((max_logins <= 1))"
    measure "container down" "$cli" container down "$file" "${fleet[@]}"
    [ "$rc" -eq 0 ] || fail "container down exit $rc: $(tail -3 "$work/err")"
}

status=0
for n in $n_list; do
    "$cluster" up "$state" "$n" "$net" --pid-ns "${containers[@]}" >/dev/null
    known=$state/client/known_hosts
    read -ra fleet < <(cli_fleet)
    project=$work/long.clusterwiz.json
    short=$work/short.clusterwiz.json
    write_project "$project" 100000 0.5
    write_project "$short" 10 0.5
    for ((i = 0; i < n; i++)); do echo "$net.$((11 + i))"; done > "$work/hosts"
    export PDSH_RCMD_TYPE=ssh
    export PDSH_SSH_ARGS="-x -a -F /dev/null -l%u -i $state/client/id_ed25519 \
-o UserKnownHostsFile=$known -o StrictHostKeyChecking=yes -o BatchMode=yes -o ConnectTimeout=30 %h"
    # Host keys once (not timed); every timed run then verifies them strictly.
    "$cli" discover "$project" --accept-new "${fleet[@]}" > /dev/null 2> "$work/err" ||
        fail "discover --accept-new: $(tail -3 "$work/err")"
    rows=()
    verdicts=()

    measure "pdsh -f $n true" pdsh -R ssh -f "$n" -l root -w "^$work/hosts" 'echo pdsh-ok'
    [ "$(grep -c pdsh-ok "$work/out")" -eq "$n" ] || fail "pdsh: $(head -3 "$work/err")"
    pdsh_ms=$wall_ms

    measure discover "$cli" discover "$project" --json "${fleet[@]}"
    [ "$rc" -eq 0 ] || fail "discover exit $rc: $(tail -3 "$work/err")"
    ok=$(/usr/bin/python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
servers = d["servers"] if isinstance(d, dict) else d
print(sum(1 for s in servers if s.get("ok")))' "$work/out")
    [ "$ok" -eq "$n" ] || fail "discover: $ok of $n servers ok"
    bar "discover <= 1.5x pdsh true ($(ratio "$wall_ms" "$pdsh_ms")x)" "$(within "$wall_ms" $((3 * pdsh_ms / 2)))"

    # check exits 1 when a check fails: a finding about the fleet, not a failure of the tool.
    measure check "$cli" check "$project" --json "${fleet[@]}"
    [ "$rc" -le 1 ] && [ -s "$work/out" ] || fail "check exit $rc: $(tail -3 "$work/err")"
    bar "check <= 2x pdsh true ($(ratio "$wall_ms" "$pdsh_ms")x)" "$(within "$wall_ms" $((2 * pdsh_ms)))"

    measure launch "$cli" launch "$project" --force "${fleet[@]}"
    [ "$rc" -eq 0 ] || fail "launch exit $rc: $(tail -3 "$work/err")"
    run_id=$(head -1 "$work/out" | tr -d '[:space:]')
    bar "launch <= 2x pdsh true ($(ratio "$wall_ms" "$pdsh_ms")x), <= 2 logins/server ($max_logins)" \
        "$(( $(within "$wall_ms" $((2 * pdsh_ms))) && max_logins <= 2 ))"

    # Every rank has started (status, not timed) before the timed status and logs.
    started=0
    for _ in $(seq 60); do
        started=$("$cli" status "$project" --json --run "$run_id" "${fleet[@]}" 2>/dev/null |
            /usr/bin/python3 -c 'import json, sys; print(json.load(sys.stdin).get("ranks_started", 0))' ||
            echo 0)
        [ "$started" -eq "$n" ] && break
        sleep 2
    done
    [ "$started" -eq "$n" ] || fail "only $started of $n ranks started"

    measure status "$cli" status "$project" --json --run "$run_id" "${fleet[@]}"
    [ "$rc" -eq 0 ] || fail "status exit $rc: $(tail -3 "$work/err")"
    grep -q '"state": *"running"' "$work/out" || fail "status: not running: $(head -c 300 "$work/out")"
    bar "status <= 1x pdsh true ($(ratio "$wall_ms" "$pdsh_ms")x)" "$(within "$wall_ms" "$pdsh_ms")"

    measure "logs --follow ${follow_s} s" timeout -s TERM "$follow_s" "$cli" logs "$project" \
        --follow --run "$run_id" "${fleet[@]}"
    [ "$rc" -eq 124 ] || fail "logs --follow ended early (exit $rc): $(tail -3 "$work/err")"
    servers_seen=$(grep -o '^\[server[0-9]*/' "$work/out" | sort -u | wc -l)
    [ "$servers_seen" -eq "$n" ] || fail "logs --follow: lines of $servers_seen of $n servers"
    min_logins=$(paste "$work/before" "$work/after" | awk 'NR == 1 || $2 - $1 < m { m = $2 - $1 } END { print m }')
    bar "logs --follow: 1 login/server (min $min_logins, max $max_logins), <= 2 s CPU ($cpu_s s)" \
        "$(( min_logins == 1 && max_logins == 1 && $(within "$cpu_s" 2) ))"

    measure stop "$cli" stop "$project" --run "$run_id" "${fleet[@]}"
    [ "$rc" -eq 0 ] || fail "stop exit $rc: $(tail -3 "$work/err")"
    bar "stop <= 1.5x pdsh true ($(ratio "$wall_ms" "$pdsh_ms")x)" \
        "$(within "$wall_ms" $((3 * pdsh_ms / 2)))"
    "$cli" status "$project" --json --run "$run_id" "${fleet[@]}" > "$work/out" 2>/dev/null || true
    grep -q '"state": *"stopped"' "$work/out" || fail "after stop: $(head -c 300 "$work/out")"

    measure "launch --follow (5 s job)" "$cli" launch "$short" --force --follow "${fleet[@]}"
    [ "$rc" -eq 0 ] || fail "launch --follow exit $rc: $(tail -3 "$work/err")"
    losses=$(grep -c 'loss = ' "$work/out" || true)
    [ "$losses" -eq $((10 * n)) ] || fail "launch --follow: $losses of $((10 * n)) loss lines"
    grep -q ': finished' "$work/err" || fail "launch --follow: no end seen: $(tail -3 "$work/err")"
    bar "launch --follow <= 3 logins/server ($max_logins)" "$((max_logins <= 3))"
    [ -n "$image" ] && measure_containers

    {
        echo
        echo "### $n servers"
        echo
        echo "| command | wall ms | x pdsh true | client CPU s | logins/server (max) | logins total |"
        echo "|---|---:|---:|---:|---:|---:|"
        for row in "${rows[@]}"; do
            IFS='|' read -r name wall cpu maxl total <<< "$row"
            echo "| \`$name\` | $wall | $(ratio "$wall" "$pdsh_ms") | $cpu | $maxl | $total |"
        done
        echo
        echo "Bars$([ "$n" -ne 128 ] && echo " (set for 128 servers; shown for comparison)"):"
        for v in "${verdicts[@]}"; do echo "- $v"; done
    } | tee -a "${RESULTS:-/dev/null}"
    "$cluster" down "$state" >/dev/null
done
echo
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'),"\
    "$(free -g | awk '/^Mem:/ { print $2 }') GB RAM, load average $(cut -d' ' -f1-3 /proc/loadavg)" |
    tee -a "${RESULTS:-/dev/null}"
exit "$status"
