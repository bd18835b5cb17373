# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
CLUSTERWIZ_CHILD=$!
wait "$CLUSTERWIZ_CHILD"
CLUSTERWIZ_CODE=$?
# A trapped signal ends `wait` early: wait again until the entry script has really ended.
while kill -0 "$CLUSTERWIZ_CHILD" 2>/dev/null; do
    wait "$CLUSTERWIZ_CHILD"
    CLUSTERWIZ_CODE=$?
done
CLUSTERWIZ_EXIT_FILE=$CLUSTERWIZ_LOG_DIR/rank$RANK.exit
echo "$CLUSTERWIZ_CODE $(date +%s.%N)" >"$CLUSTERWIZ_EXIT_FILE.tmp" &&
    mv -f -- "$CLUSTERWIZ_EXIT_FILE.tmp" "$CLUSTERWIZ_EXIT_FILE"
exit "$CLUSTERWIZ_CODE"
