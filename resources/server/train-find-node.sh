# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# shellcheck disable=SC2034 # WHERE names train.sh in the messages of clusterwiz_wait
if [ -n "${CLUSTERWIZ_NODE_RANK:-}" ] && ! clusterwiz_is_number "$CLUSTERWIZ_NODE_RANK"; then
    echo "clusterwiz: CLUSTERWIZ_NODE_RANK='$CLUSTERWIZ_NODE_RANK' is not a server index (0-$((NODE_COUNT - 1)))" >&2
    exit 2
fi
clusterwiz_find_node || exit 2
WHERE="train.sh on $SERVER_NAME"
