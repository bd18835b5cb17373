# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
export CLUSTERWIZ_SCRIPTS="$HERE" CLUSTERWIZ_LOG_DIR="$LOG_DIR" CLUSTERWIZ_RUN_ID="$RUN_ID"
export CLUSTERWIZ_SERVER="$SERVER_NAME" CLUSTERWIZ_HOST_IP="$HOST_IP"
export CLUSTERWIZ_DEVICES="${DEVICES[*]}" CLUSTERWIZ_FIRST_RANK="$FIRST_RANK"
export WORLD_SIZE MASTER_ADDR MASTER_PORT NODE_RANK
# Which attempt of a restarting run this is (0 for the first) and its servers: a script resumes
# from its own checkpoint when the count is above 0 (docs/launch.md, "Restarts").
export CLUSTERWIZ_RESTART_COUNT="${CLUSTERWIZ_RESTART_COUNT:-0}" CLUSTERWIZ_ATTEMPT_SERVERS="${NODE_NAMES[*]}"
