# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# Checked before any arithmetic: bash evaluates an array subscript, so a crafted value
# could run code.
for CLUSTERWIZ_VALUE in "${RANK:-}" "${LOCAL_RANK:-}"; do
    case "$CLUSTERWIZ_VALUE" in
        ''|*[!0-9]*|0?*)
            echo "clusterwiz: rank.sh needs numeric RANK and LOCAL_RANK (got '${RANK:-}' and '${LOCAL_RANK:-}'); train.sh or the torch launcher sets them" >&2
            exit 2 ;;
    esac
done
if [ -z "${CLUSTERWIZ_LOG_DIR:-}" ] || [ ! -d "$CLUSTERWIZ_LOG_DIR" ]; then
    echo "clusterwiz: rank.sh is started by train.sh, which sets CLUSTERWIZ_LOG_DIR" >&2
    exit 2
fi
read -r -a CLUSTERWIZ_DEVICE_LIST <<< "${CLUSTERWIZ_DEVICES:-}"
if [ "$LOCAL_RANK" -ge "${#CLUSTERWIZ_DEVICE_LIST[@]}" ]; then
    echo "clusterwiz: LOCAL_RANK=$LOCAL_RANK but this server has ${#CLUSTERWIZ_DEVICE_LIST[@]} devices (${CLUSTERWIZ_DEVICES:-})" >&2
    exit 2
fi
# The physical device of this rank, for logs; DEVICE_ID is the id the process opens.
export CLUSTERWIZ_DEVICE=${CLUSTERWIZ_DEVICE_LIST[$LOCAL_RANK]}
