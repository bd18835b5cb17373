# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# shellcheck disable=SC2034 # MPI_ARGS is read by the rest of run.sh
# One process per device; train.sh starts that one rank.
MPI_HOSTS=""
for ((i = 0; i < NODE_COUNT; i++)); do
    read -r -a MPI_DEVICES <<< "${NODE_DEVICES[$i]}"
    MPI_HOSTS+="${MPI_HOSTS:+,}${NODE_IPS[$i]}:${#MPI_DEVICES[@]}"
done
MPI_ARGS=(-n "$WORLD_SIZE" -H "$MPI_HOSTS" --bind-to none -map-by slot)
