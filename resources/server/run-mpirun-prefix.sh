# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# shellcheck disable=SC2034 # MPIRUN is read by the rest of run.sh
MPI_ARGS+=(--prefix "$MPI_PREFIX")
if [ -x "$MPI_PREFIX/bin/mpirun" ]; then
    MPIRUN=$MPI_PREFIX/bin/mpirun
fi
