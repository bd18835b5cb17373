# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# Rank table mode (seed 004): HCCL reads the devices of the job from the table.
# An attempt of a restarting run has its own table (train.sh writes it).
export RANK_TABLE_FILE="${CLUSTERWIZ_RANK_TABLE:-$CLUSTERWIZ_SCRIPTS/rank_table.json}"
export RANK_ID=$RANK
export RANK_SIZE=$WORLD_SIZE
