# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# shellcheck disable=SC2034 # MPI_ARGS is read by the rest of run.sh
# One train.sh per server; it starts that server's ranks.
MPI_HOSTS=""
for ((i = 0; i < NODE_COUNT; i++)); do
    MPI_HOSTS+="${MPI_HOSTS:+,}${NODE_IPS[$i]}:1"
done
MPI_ARGS=(-n "$NODE_COUNT" -H "$MPI_HOSTS" --bind-to none -map-by slot)
