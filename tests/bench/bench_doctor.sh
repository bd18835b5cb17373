#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The doctor's links and ports parts at scale: for each N of N_LIST, N simulated servers
# (tests/cluster/cluster.sh --pid-ns) of 8 NPUs each (ascend910b, device IPs planned by
# `clusterwiz-cli plan` and written into every server's hccn.conf, so the simulated hccn_tool
# answers every ping), then the wall time of `doctor --only links` and `doctor --only ports`
# (--jobs N: every server at once). Prints a markdown table with the pings each device sent (P),
# the wall time and the wall time per ping of the busiest device, which the cost model of
# docs/doctor.md multiplies. The simulated hccn_tool is a Python program started once per ping,
# all of them on this machine's cores: the figure measures the simulation as much as the doctor.
#
#   tests/bench/bench_doctor.sh BUILD_DIR    (root; BUILD_DIR holds bin/clusterwiz-cli)
# Env: N_LIST ("8 16"), NET (10.231.250), RESULTS (a file to append the table to).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
build=$(cd "${1:?usage: bench_doctor.sh BUILD_DIR}" && pwd)
n_list=${N_LIST:-8 16}
net=${NET:-10.231.250}
cli=$build/bin/clusterwiz-cli
cluster=$here/../cluster/cluster.sh
[ -x "$cli" ] || { echo "bench_doctor: $cli is not built" >&2; exit 2; }
[ "$(id -u)" -eq 0 ] || { echo "bench_doctor: needs root (namespaces)" >&2; exit 2; }

work=$(mktemp -d)
state=$work/cluster
cleanup() { "$cluster" down "$state" >/dev/null 2>&1 || true; rm -rf "$work"; }
trap cleanup EXIT

table="| servers x NPUs | P (pings per device) | links wall | per ping (busiest device) | ports wall (connects) |
|---|---|---|---|---|"
for n in $n_list; do
    "$cluster" down "$state" >/dev/null 2>&1 || true
    rm -rf "$state"
    "$cluster" up "$state" "$n" "$net" --pid-ns >/dev/null
    project=$work/doctor-$n.clusterwiz.json
    python3 - "$project" "$n" "$net" "$state" <<'PY'
import json, sys
path, n, net, state = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
servers = [{"name": "server%d" % i, "host": "%s.%d" % (net, 11 + i), "port": 22, "user": "root",
            "identity_file": state + "/client/id_ed25519", "host_ip": "%s.%d" % (net, 11 + i),
            "devices": list(range(8))} for i in range(n)]
project = {"clusterwiz": 1, "name": "bench-doctor", "accelerator": "ascend910b", "servers": servers,
           "launch": {"mode": "launch", "workdir": "/root", "entry": "train.py",
                      "python": "/usr/bin/python3", "master_port": 29500}}
json.dump(project, open(path, "w"), indent=1)
PY
    "$cli" plan "$project" -o "$project" 2>/dev/null
    python3 - "$project" "$state" <<'PY'
import json, sys
project = json.load(open(sys.argv[1]))
mask = project["device_network"]["netmask"]
for i, server in enumerate(project["servers"]):
    with open("%s/s%d/hccn.conf" % (sys.argv[2], i), "r+") as conf:  # in place: bind-mounted
        conf.truncate(0)
        for device, ip in zip(server["devices"], server["device_ips"]):
            conf.write("address_%d=%s\nnetmask_%d=%s\n" % (device, ip, device, mask))
PY
    fleet=(--known-hosts "$state/client/known_hosts" --accept-new --ssh-config none --timeout 600
           --jobs "$n")
    start=$(date +%s.%N)
    "$cli" doctor "$project" --only links --json "${fleet[@]}" >"$work/links.json" 2>/dev/null ||
        { echo "bench_doctor: links failed at N=$n" >&2; cat "$work/links.json" >&2; exit 1; }
    links_s=$(echo "$(date +%s.%N) - $start" | bc)
    start=$(date +%s.%N)
    "$cli" doctor "$project" --only ports --json "${fleet[@]}" >"$work/ports.json" 2>/dev/null ||
        { echo "bench_doctor: ports failed at N=$n" >&2; cat "$work/ports.json" >&2; exit 1; }
    ports_s=$(echo "$(date +%s.%N) - $start" | bc)
    read -r pings connects < <(python3 - "$work/links.json" "$work/ports.json" <<'PY'
import json, sys, collections
links = json.load(open(sys.argv[1]))["device_links"]
per = collections.Counter((l["server"], l["device"]) for l in links)
print(max(per.values()), len(json.load(open(sys.argv[2]))["host_ports"]))
PY
)
    per_ping=$(echo "scale=2; $links_s / $pings" | bc)
    table+=$'\n'"| $n x 8 | $pings | $(printf '%.1f' "$links_s") s | $per_ping s | $(printf '%.1f' "$ports_s") s ($connects) |"
done
echo "$table"
[ -n "${RESULTS:-}" ] && echo "$table" >>"$RESULTS"
exit 0
