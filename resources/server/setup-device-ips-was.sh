# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
clusterwiz_was() {
    if [ -n "${OLD_ERROR[$1]}" ]; then
        echo "unknown: ${OLD_ERROR[$1]}"
    else
        echo "${OLD_ADDRESS[$1]}/${OLD_NETMASK[$1]}"
    fi
}
