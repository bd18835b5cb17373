# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
if [ "$LOCAL_RANK" -eq 0 ]; then
    echo "clusterwiz: $SERVER_NAME ($HOST_IP) is node_rank $NODE_RANK of $NODE_COUNT servers: ranks $FIRST_RANK-$((FIRST_RANK + NPROC - 1)) of $WORLD_SIZE, logs in $LOG_DIR/rank<N>.log"
fi
