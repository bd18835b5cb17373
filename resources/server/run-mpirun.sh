# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# shellcheck disable=SC2054 # an interface list is one word, its names separated by commas
# shellcheck disable=SC2034 # MPIRUN is read by the rest of run.sh
# Keep OpenMPI on the subnet the servers share: a wrong NIC (docker0, virbr0, veth, or
# endvnic on Ascend hosts, which seed 000 excludes) hangs the job at start.
SUBNET=$(clusterwiz_subnet_of "$MASTER_ADDR")
if [ -n "$SUBNET" ]; then
    MPI_ARGS+=(--mca btl_tcp_if_include "$SUBNET" --mca oob_tcp_if_include "$SUBNET")
else
    echo "clusterwiz: no interface of this server has the master's host IP $MASTER_ADDR (run run.sh on the master); excluding lo,docker0,virbr0,endvnic instead" >&2
    MPI_ARGS+=(--mca btl_tcp_if_exclude lo,docker0,virbr0,endvnic --mca oob_tcp_if_exclude lo,docker0,virbr0,endvnic)
fi
if [ "$(id -u)" -eq 0 ]; then
    MPI_ARGS+=(--allow-run-as-root)
fi
MPIRUN=mpirun
