# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
if [ -n "$CLUSTERWIZ_ATTEMPT" ]; then
    clusterwiz_rank_table >"$LOG_DIR/rank_table.json" || exit 2
    export CLUSTERWIZ_RANK_TABLE="$LOG_DIR/rank_table.json"
fi
