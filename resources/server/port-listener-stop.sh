# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# shellcheck disable=SC2154 # p (the listener's pid) and t (its token) are set by the line above
ours() { case $(tr '\000' ' ' < /proc/"$p"/cmdline 2>/dev/null) in *"$t"*) return 0 ;; esac; return 1; }
ours && kill "$p" 2>/dev/null
i=0
while ours && [ "$i" -lt 30 ]; do sleep 0.1; i=$((i + 1)); done
if ours; then kill -9 "$p" 2>/dev/null; sleep 0.3; fi
if ours; then echo "left $p"; else echo gone; fi
