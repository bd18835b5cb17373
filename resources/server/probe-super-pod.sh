# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=sh
map=$(npu-smi info -m 2>&1)
rc=$?
printf '%s\n' "$map"
[ "$rc" -eq 0 ] || exit "$rc"
printf '%s\n' "$map" | awk 'NF >= 5 && $1 ~ /^[0-9]+$/ && $2 ~ /^[0-9]+$/ && $3 ~ /^[0-9]+$/ && $4 ~ /^[0-9]+$/ { print $1, $2, $4 }' | head -n 64 |
    while read -r npu chip phy; do
        spod=$(npu-smi info -t spod-info -i "$npu" -c "$chip" 2>&1)
        rc=$?
        printf '@@spod %s %s %s rc=%s\n%s\n' "$npu" "$chip" "$phy" "$rc" "$spod"
    done
