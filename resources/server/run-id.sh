# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# shellcheck disable=SC2034 # RUN_ID is read by the rest of run.sh
# One id per run keeps the logs of separate runs apart: LOG_ROOT/RUN_ID/SERVER/.
export CLUSTERWIZ_RUN_ID=${CLUSTERWIZ_RUN_ID:-$(date +%Y%m%d-%H%M%S)}
RUN_ID=$CLUSTERWIZ_RUN_ID
