# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# Started by mpirun (run.sh) once per server: mpirun places the copies on the -H hosts in plan
# order, so its rank is this server's index in the plan (`hostname -I` cannot tell when the
# host IPs are not the servers' own addresses, e.g. behind NAT).
if [ -z "${CLUSTERWIZ_NODE_RANK:-}" ] && [ -n "${OMPI_COMM_WORLD_RANK:-}" ]; then
    CLUSTERWIZ_NODE_RANK=$OMPI_COMM_WORLD_RANK
fi
