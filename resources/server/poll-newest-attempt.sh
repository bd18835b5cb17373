# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# shellcheck disable=SC2154,SC2034 # d (the run folder) is set before it, r is read after it
r=$d
a=0
for f in "$d"/attempt-*; do
    n=${f##*/attempt-}
    case "$n" in ''|*[!0-9]*) continue ;; esac
    [ -d "$f" ] && [ "$n" -gt "$a" ] && a=$n
done
[ "$a" -gt 0 ] && r=$d/attempt-$a
echo "attempt $a"
