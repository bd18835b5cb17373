# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=sh
# shellcheck disable=SC2086 # $p: a process id
for f in /proc/[0-9]*/fd/*; do t=$(readlink "$f" 2>/dev/null) || continue; case $t in /dev/davinci[0-9]*) p=${f#/proc/}; p=${p%%/*}; echo "$p ${t#/dev/davinci} $(cat /proc/$p/comm 2>/dev/null)";; esac; done | sort -u
