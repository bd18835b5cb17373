# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# Prints NETWORK/PREFIX of the local interface that holds address $1, nothing when none does.
clusterwiz_subnet_of() {
    local cidr a b c d prefix n mask
    cidr=$(ip -o -4 addr show 2>/dev/null | awk -v ip="$1" '{ split($4, s, "/"); if (s[1] == ip) { print $4; exit } }')
    [ -n "$cidr" ] || return 0
    prefix=${cidr#*/}
    IFS=. read -r a b c d <<< "${cidr%/*}"
    n=$(( (a << 24) | (b << 16) | (c << 8) | d ))
    mask=$(( prefix == 0 ? 0 : (0xffffffff << (32 - prefix)) & 0xffffffff ))
    n=$(( n & mask ))
    echo "$(( (n >> 24) & 255 )).$(( (n >> 16) & 255 )).$(( (n >> 8) & 255 )).$(( n & 255 ))/$prefix"
}
