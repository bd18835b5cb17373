# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
LOG_DIR=$LOG_ROOT/$RUN_ID/$SERVER_NAME
if [ -n "$CLUSTERWIZ_ATTEMPT" ]; then
    LOG_DIR=$LOG_DIR/attempt-$CLUSTERWIZ_ATTEMPT
fi
if ! mkdir -p -- "$LOG_DIR"; then
    echo "clusterwiz: $SERVER_NAME: cannot create the log folder $LOG_DIR" >&2
    exit 2
fi
