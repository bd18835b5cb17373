# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# shellcheck disable=SC2154 # d (the run folder) is set by the caller
o=$(job_orteds)
if [ -n "$o" ] && [ -d "$d" ]; then echo "$o" >>"$d/orted.pids"; fi
exit 0
