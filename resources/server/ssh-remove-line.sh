# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# shellcheck disable=SC2154 # cw_line (the line to remove) and f (the file) are set before it
[ -f "$f" ] || exit 0
t="$f.clusterwiz-undo.$$"
rm -f "$t" || exit 1
(umask 077; grep -vxF "$cw_line" "$f" > "$t")
s=$?
if [ "$s" -gt 1 ]; then rm -f "$t"; exit 1; fi
chmod "$(stat -c %a "$f" 2>/dev/null || echo 600)" "$t" 2>/dev/null
mv -f "$t" "$f" || { rm -f "$t"; exit 1; }