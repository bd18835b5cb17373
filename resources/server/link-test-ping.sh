# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
PATH=${PATH:-/usr/bin:/bin}:/usr/local/sbin:/usr/sbin:/sbin:/usr/local/Ascend/driver/tools
export PATH
if ! command -v hccn_tool >/dev/null 2>&1; then echo "@@nohccn"; exit 0; fi
cw_dir=$(mktemp -d) || exit 1
trap 'rm -rf "$cw_dir"' EXIT
# cw_ping DIE ADDRESS INDEX [hccs]: hccs pings over HCCS inside an Atlas A3 super pod.
cw_ping() {
    n=0
    op=-ping
    [ "${4:-}" = hccs ] && op=-hccs_ping
    while :; do
        out=$(timeout -k 2 12 hccn_tool -i "$1" "$op" -g address "$2" 2>&1)
        rc=$?
        case "$out" in
            *busy*) n=$((n + 1)); if [ "$n" -lt 3 ]; then sleep 1; continue; fi ;;
        esac
        break
    done
    echo "@@ping $3"
    printf '%s\n' "$out" | head -c 4000 | sed 's/^/| /'
    echo "@@rc $3 $rc"
}
