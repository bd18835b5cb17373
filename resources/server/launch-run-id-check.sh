# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
case "$RUN_ID" in
    ''|.*|*[!A-Za-z0-9._-]*)
        echo "clusterwiz: CLUSTERWIZ_RUN_ID='$RUN_ID' may use only letters, digits, '.', '_' and '-' (not first)" >&2
        exit 2 ;;
esac
