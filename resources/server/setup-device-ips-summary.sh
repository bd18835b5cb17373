# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# shellcheck disable=SC2154 # pending, changed and failed are counted by the parts before
summary="setup_device_ips.sh: $changed set, $((NPROC - pending)) already right, $failed failed"
[ -n "$BACKUP" ] && summary="$summary; previous values in $(pwd)/$BACKUP"
echo "$summary"
[ "$failed" = 0 ] && exit 0
exit 1
