# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
clusterwiz_is_number() {
    case "$1" in
        ''|*[!0-9]*|0?*) return 1 ;;
    esac
    return 0
}
