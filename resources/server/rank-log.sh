# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# One log per rank: ranks that share a stream interleave mid-line. Appended, so that a run
# started again under the same run id keeps what the earlier one wrote.
exec >>"$CLUSTERWIZ_LOG_DIR/rank$RANK.log" 2>&1
echo "clusterwiz: rank $RANK (local $LOCAL_RANK, device $CLUSTERWIZ_DEVICE) on ${CLUSTERWIZ_SERVER:-?} started $(date '+%Y-%m-%d %H:%M:%S')"
# Not exec'd: this shell stays to record the exit code and its time in rank<R>.exit, which is
# how clusterwiz tells which rank failed first (torch launchers and mpirun hide the codes).
# TERM, INT and HUP are passed on to the entry script, so stopping this shell stops it too.
CLUSTERWIZ_CHILD=
trap 'kill -TERM "$CLUSTERWIZ_CHILD" 2>/dev/null' TERM INT HUP
