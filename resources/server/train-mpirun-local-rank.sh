# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
LOCAL_RANK=$OMPI_COMM_WORLD_LOCAL_RANK
RANK=$((FIRST_RANK + LOCAL_RANK))
if [ "$LOCAL_RANK" -ge "$NPROC" ] || [ "$RANK" -ne "$OMPI_COMM_WORLD_RANK" ]; then
    echo "clusterwiz: mpirun placed rank $OMPI_COMM_WORLD_RANK (local $LOCAL_RANK) on $SERVER_NAME, whose plan ranks are $FIRST_RANK-$((FIRST_RANK + NPROC - 1)); keep run.sh's -H list and -map-by slot" >&2
    exit 2
fi
