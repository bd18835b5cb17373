# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
echo "clusterwiz: run $RUN_ID: $MPIRUN ${MPI_ARGS[*]} $HERE/train.sh"
exec "$MPIRUN" "${MPI_ARGS[@]}" "$HERE/train.sh"
