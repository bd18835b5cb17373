# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# shellcheck disable=SC2154 # r (the run's folder, or its newest attempt's) is the poll's; ranks and bytes come before it
echo "@@now $(date +%s.%N)"
echo "@@tz $(date +%z)"
command -v py-spy >/dev/null 2>&1 && echo "@@pyspy"
for k in $ranks; do
    f="$r/rank$k.log"
    if [ -f "$f" ]; then
        echo "@@log $k $(stat -c %s "$f") $(date -r "$f" +%s.%N) $(tail -c "$bytes" "$f" | base64 -w 0)"
    else
        echo "@@nolog $k"
    fi
done
exit 0
