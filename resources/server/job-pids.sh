# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# shellcheck disable=SC2013 # the words are /proc paths, without spaces
# shellcheck disable=SC2154 # cw_run (the run id) is set by the caller
job_pids() {
    for f in $(grep -lzxF -e "CLUSTERWIZ_RUN_ID=$cw_run" /proc/[0-9]*/environ 2>/dev/null); do
        p=${f#/proc/}; p=${p%/environ}
        [ "$p" = "$$" ] && continue
        [ "/proc/$p/ns/net" -ef "/proc/$$/ns/net" ] && echo "$p"
    done
}
