# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
if [ -n "$CLUSTERWIZ_ATTEMPT" ] && [ "$NODE_RANK" -eq 0 ]; then
    clusterwiz_hostfile >"$LOG_DIR/hostfile.tmp.$$" && mv -f -- "$LOG_DIR/hostfile.tmp.$$" "$LOG_DIR/hostfile"
fi
