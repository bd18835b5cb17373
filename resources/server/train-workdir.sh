# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# shellcheck disable=SC1091 # env.sh is generated beside train.sh
# shellcheck disable=SC2034 # RUN_ID is read by the rest of train.sh
if ! cd -- "$WORKDIR"; then
    echo "clusterwiz: $SERVER_NAME: cannot enter the workdir $WORKDIR" >&2
    exit 2
fi
# env.sh reads HOST_IP and NIC. The project's env_setup lines may expect the workdir as the
# current folder, and may leave another one: enter it again afterwards.
source "$HERE/env.sh"
cd -- "$WORKDIR" || exit 2

RUN_ID=${CLUSTERWIZ_RUN_ID:-manual}
