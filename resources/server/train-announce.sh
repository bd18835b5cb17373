# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# run.sh stops a remote server's job through this file.
echo "$$" >"$LOG_DIR/train.pid"
echo "clusterwiz: $SERVER_NAME ($HOST_IP) is node_rank $NODE_RANK of $NODE_COUNT servers: ranks $FIRST_RANK-$((FIRST_RANK + NPROC - 1)) of $WORLD_SIZE, logs in $LOG_DIR/rank<N>.log"
