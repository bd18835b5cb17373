# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
read -r -a CLUSTERWIZ_MASTER_DEVICES <<< "${NODE_DEVICES[0]}"
export CLUSTERWIZ_CHIEF_DEVICE="${CLUSTERWIZ_MASTER_DEVICES[0]}"
