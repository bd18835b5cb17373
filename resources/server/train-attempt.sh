# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# shellcheck disable=SC2034 # CLUSTERWIZ_ATTEMPT is read by the rest of train.sh
CLUSTERWIZ_ATTEMPT=""
if [ -n "${CLUSTERWIZ_RESTART_COUNT:-}" ]; then
    if ! clusterwiz_is_number "$CLUSTERWIZ_RESTART_COUNT"; then
        echo "clusterwiz: CLUSTERWIZ_RESTART_COUNT='$CLUSTERWIZ_RESTART_COUNT' is not a number" >&2
        exit 2
    fi
    CLUSTERWIZ_ATTEMPT=$((CLUSTERWIZ_RESTART_COUNT + 1))
fi
clusterwiz_attempt_plan || exit 2
