#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The discover bar (issue 3), measured side by side in one run on a simulated cluster
# (tests/cluster/cluster.sh, 32 servers with real sshd in network namespaces):
#   (a) clusterwiz-cli discover of 1 server,
#   (b) clusterwiz-cli discover of 32 servers (default pool),
#   (c) pdsh -R ssh -f 32 running the same probe command (bench_probe_script) on the same 32 servers,
# and, to tell the tools' cost from the servers' (no bar):
#   (d) pdsh running the same probe command on 1 server,
#   (e) pdsh running `true` on the 32 servers (connect, key exchange and authentication only),
# alternating a-e for ROUNDS rounds (default 5). Every run must succeed on every server: discover
# must exit 0 and report ok for each server, pdsh's output must hold one probe end marker per server.
# Bars: median(b) <= 2 x median(a), and median(b) <= median(c). Exits 1 when a bar is missed.
# The simulated servers share this machine's cores: each probe costs about 1.5 CPU-seconds there
# (python3 imports torch, the simulated hccn_tool is a Python script run 24 times), so on a small
# machine (b) and (c) are bound by CPU; discover runs with --timeout TIMEOUT (default 300 s) so that
# a slow machine measures the time instead of failing on the default 30 s per server.
#
#   tests/bench/bench_discover.sh BUILD_DIR      (root; BUILD_DIR holds bin/clusterwiz-cli and
#                                                 bin/bench_probe_script)
# Env: ROUNDS (5), SERVERS (32), NET (10.231.250: first three octets of the cluster's subnet),
#      TIMEOUT (300: discover's --timeout, seconds per server).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
build=$(cd "${1:?usage: bench_discover.sh BUILD_DIR}" && pwd)
rounds=${ROUNDS:-5}
servers=${SERVERS:-32}
net=${NET:-10.231.250}
timeout_s=${TIMEOUT:-300}
cli=$build/bin/clusterwiz-cli
probe=$build/bin/bench_probe_script
cluster=$here/../cluster/cluster.sh

for tool in "$cli" "$probe"; do
    [ -x "$tool" ] || { echo "bench_discover: $tool is not built" >&2; exit 2; }
done
command -v pdsh >/dev/null || { echo "bench_discover: pdsh is not installed" >&2; exit 2; }
[ "$(id -u)" -eq 0 ] || { echo "bench_discover: needs root (network namespaces)" >&2; exit 2; }

work=$(mktemp -d /tmp/clusterwiz-bench-discover-XXXXXX)
state=$work/cluster
cleanup() {
    "$cluster" down "$state" >/dev/null 2>&1 || true
    rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

"$cluster" up "$state" "$servers" "$net" >/dev/null
key=$state/client/id_ed25519
known=$state/client/known_hosts

# A project for the first COUNT servers (the fields tests/cluster/tst_fleetDiscover.cpp writes).
write_project() {
    local count=$1 file=$2 i sep=""
    {
        printf '{\n  "clusterwiz": 1,\n  "name": "bench-discover-%s",\n' "$count"
        printf '  "accelerator": "ascend910",\n  "servers": [\n'
        for ((i = 0; i < count; i++)); do
            printf '%s    {"name": "node%s", "host": "%s.%s", "port": 22, "user": "root",' \
                "$sep" "$i" "$net" "$((11 + i))"
            printf ' "identity_file": "%s"}' "$key"
            sep=$',\n'
        done
        printf '\n  ],\n  "launch": {"mode": "launch", "workdir": "/root", "entry": "train.py"}\n}\n'
    } > "$file"
}
one=$work/one.clusterwiz.json
all=$work/all.clusterwiz.json
write_project 1 "$one"
write_project "$servers" "$all"

# Host keys once; every timed run then verifies them strictly.
"$cli" discover "$all" --accept-new --known-hosts "$known" --timeout "$timeout_s" >/dev/null

command_line=$("$probe" "$all" --same)
for ((i = 0; i < servers; i++)); do echo "$net.$((11 + i))"; done > "$work/hosts$servers"
echo "$net.11" > "$work/hosts1"
export PDSH_SSH_ARGS="-x -a -F /dev/null -l%u -i $key -o UserKnownHostsFile=$known \
-o StrictHostKeyChecking=yes -o BatchMode=yes -o ConnectTimeout=20 %h"
export PDSH_RCMD_TYPE=ssh

now_ns() { date +%s%N; }

# One timed discover; fails unless every server of the project answered.
run_discover() {
    local project=$1 expect=$2 out=$work/discover.json start end ok
    start=$(now_ns)
    if ! "$cli" discover "$project" --known-hosts "$known" --timeout "$timeout_s" --json \
        > "$out" 2> "$work/discover.err"; then
        echo "bench_discover: discover failed: $(tail -3 "$work/discover.err")" >&2
        exit 1
    fi
    end=$(now_ns)
    ok=$(/usr/bin/python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
servers = d["servers"] if isinstance(d, dict) else d
print(sum(1 for s in servers if s.get("ok")))' "$out")
    [ "$ok" -eq "$expect" ] || { echo "bench_discover: discover: $ok of $expect servers ok" >&2; exit 1; }
    echo $((end - start))
}

# pdsh on the first COUNT servers running COMMAND; fails unless each printed MARKER once.
run_pdsh() {
    local count=$1 command=$2 marker=$3 out=$work/pdsh.out start end ends
    start=$(now_ns)
    pdsh -R ssh -f "$servers" -l root -w "^$work/hosts$count" "$command" > "$out" \
        2> "$work/pdsh.err" || true
    end=$(now_ns)
    ends=$(grep -c -- "$marker" "$out" || true)
    if [ "$ends" -ne "$count" ]; then
        echo "bench_discover: pdsh: $ends of $count servers printed '$marker':" \
            "$(head -3 "$work/pdsh.err")" >&2
        exit 1
    fi
    echo $((end - start))
}
probe_end='@@clusterwiz-probe end rc=0@@'
true_command="true && echo pdsh-true-ok"

# Warm-up (page cache, sshd's first forks), not timed.
run_discover "$one" 1 >/dev/null
run_pdsh "$servers" "$command_line" "$probe_end" >/dev/null

a=() b=() c=() d=() e=()
for ((r = 1; r <= rounds; r++)); do
    a+=("$(run_discover "$one" 1)")
    b+=("$(run_discover "$all" "$servers")")
    c+=("$(run_pdsh "$servers" "$command_line" "$probe_end")")
    d+=("$(run_pdsh 1 "$command_line" "$probe_end")")
    e+=("$(run_pdsh "$servers" "$true_command" pdsh-true-ok)")
    printf 'round %s ms: (a) %s (b) %s (c) %s (d) %s (e) %s\n' "$r" "$((a[-1] / 1000000))" \
        "$((b[-1] / 1000000))" "$((c[-1] / 1000000))" "$((d[-1] / 1000000))" "$((e[-1] / 1000000))"
done

# "median min max" in ms of the samples (ns) given.
stats() {
    printf '%s\n' "$@" | sort -n | awk '{ v[NR] = $1 } END {
        m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
        printf "%.0f %.0f %.0f\n", m / 1e6, v[1] / 1e6, v[NR] / 1e6 }'
}
read -r am amin amax < <(stats "${a[@]}")
read -r bm bmin bmax < <(stats "${b[@]}")
read -r cm cmin cmax < <(stats "${c[@]}")
read -r dm dmin dmax < <(stats "${d[@]}")
read -r em emin emax < <(stats "${e[@]}")

echo
echo "discover, $rounds rounds alternating, ms          median    min    max"
printf '  (a) clusterwiz-cli discover, 1 server   %8s %6s %6s\n' "$am" "$amin" "$amax"
printf '  (b) clusterwiz-cli discover, %s servers %8s %6s %6s\n' "$servers" "$bm" "$bmin" "$bmax"
printf '  (c) pdsh -f %s, same probe, %s servers  %8s %6s %6s\n' "$servers" "$servers" "$cm" "$cmin" "$cmax"
printf '  (d) pdsh, same probe, 1 server          %8s %6s %6s\n' "$dm" "$dmin" "$dmax"
printf '  (e) pdsh -f %s, true, %s servers         %8s %6s %6s\n' "$servers" "$servers" "$em" "$emin" "$emax"
echo "  pdsh's own ratio (c)/(d) = $(awk -v c="$cm" -v d="$dm" 'BEGIN { printf "%.2f", c / d }')"
status=0
ratio_ab=$(awk -v b="$bm" -v a="$am" 'BEGIN { printf "%.2f", b / a }')
ratio_bc=$(awk -v b="$bm" -v c="$cm" 'BEGIN { printf "%.2f", b / c }')
if awk -v r="$ratio_ab" 'BEGIN { exit !(r <= 2) }'; then v=PASS; else v=FAIL; status=1; fi
echo "  bar: $servers servers <= 2 x 1 server: (b)/(a) = $ratio_ab: $v"
if awk -v r="$ratio_bc" 'BEGIN { exit !(r <= 1) }'; then v=PASS; else v=FAIL; status=1; fi
echo "  bar: $servers servers <= pdsh:         (b)/(c) = $ratio_bc: $v"
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'),"\
    "load average $(cut -d' ' -f1-3 /proc/loadavg)"
exit "$status"
