# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
    BACKUP="device_ips.before.$SERVER_NAME.$(date +%Y%m%d-%H%M%S).txt"
    [ -e "$BACKUP" ] && BACKUP="${BACKUP%.txt}.$$.txt"
