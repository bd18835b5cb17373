# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# No-rank-table mode (seed 002): the CM_* variables describe the job, and
# RANK_TABLE_FILE, RANK_ID and RANK_SIZE must not be set with them.
unset RANK_TABLE_FILE RANK_ID RANK_SIZE
export CM_CHIEF_IP="$MASTER_ADDR"
export CM_CHIEF_PORT="$MASTER_PORT"
# The master's first device (train.sh: the first server of this run or attempt).
export CM_CHIEF_DEVICE="$CLUSTERWIZ_CHIEF_DEVICE"
export CM_WORKER_IP="$CLUSTERWIZ_HOST_IP"
export CM_WORKER_SIZE="$WORLD_SIZE"
