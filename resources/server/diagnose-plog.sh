# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# shellcheck disable=SC2154 # root, since, files and bytes come before it
find "$root/debug/plog" "$root/run/plog" -maxdepth 1 -type f -name 'plog-*.log' -newermt "@$since" 2>/dev/null | head -n "$files" |
while IFS= read -r f; do
    echo "@@plog $(tail -c "$bytes" "$f" | base64 -w 0)"
done
exit 0
