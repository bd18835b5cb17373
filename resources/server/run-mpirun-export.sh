# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
MPI_ARGS+=(-x CLUSTERWIZ_RUN_ID)
if [ -n "${CLUSTERWIZ_RESTART_COUNT:-}" ]; then
    MPI_ARGS+=(-x CLUSTERWIZ_RESTART_COUNT -x CLUSTERWIZ_ATTEMPT_SERVERS)
fi
