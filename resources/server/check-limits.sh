# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash

clusterwiz_check_master_resolves() {
    local output status silent host address
    host=$(clusterwiz_hostname_of "$(clusterwiz_fact hostname)")
    host=${host:-$TEXT_SOME_HOSTNAME}
    output=$(clusterwiz_fact host-resolves)
    status=$?
    if silent=$(clusterwiz_unanswered "$status"); then
        clusterwiz_warn "$(clusterwiz_text "$TEXT_RESOLVE_SILENT" "$silent")"
        return
    fi
    if [ "$status" = 2 ]; then
        clusterwiz_warn "$(clusterwiz_text "$TEXT_RESOLVE_NONE" "$host" "$HOST_IP")"
        return
    elif [ "$status" != 0 ]; then
        clusterwiz_warn "$(clusterwiz_text "$TEXT_RESOLVE_UNKNOWN" "$host" "$(clusterwiz_output_line "$output")")"
        return
    fi
    # getent ahostsv4: "ADDRESS STREAM NAME"; the first line's address is looked up first.
    address=$(clusterwiz_output_line "$output")
    address=${address%%[[:space:]]*}
    if ! clusterwiz_is_ipv4 "$address"; then
        clusterwiz_warn "$(clusterwiz_text "$TEXT_RESOLVE_UNKNOWN" "$host" "unexpected getent output")"
    elif [[ "$address" != 127.* ]]; then
        clusterwiz_ok "$(clusterwiz_text "$TEXT_RESOLVE_OK" "$host" "$address")"
    else
        # torchrun's rendezvous advertises the master by its hostname: failed in launch mode.
        local verdict=clusterwiz_warn
        [ "$LAUNCH_MODE" = launch ] && verdict=clusterwiz_fail
        "$verdict" "$(clusterwiz_text "$TEXT_RESOLVE_LOOPBACK" "$host" "$address" "$HOST_IP")"
    fi
}

# A server's clock reading and when it was asked for (this side's clock, 0 when recorded):
# "CLOCK ASKED", or nothing when it was not read.
clusterwiz_clock_of() {
    local output status
    output=$(clusterwiz_peer_fact "$1" clock)
    status=$?
    output=$(clusterwiz_output_line "$output")
    [ "$status" = 0 ] && [[ "$output" =~ ^[0-9]+(\.[0-9]+)?$ ]] && echo "$output ${FACT_ASKED[$1]:-0}"
}

clusterwiz_check_clock_skew() {
    local own j reading off="" unread="" compared=0 verdict
    if ! own=$(clusterwiz_clock_of "$NODE_RANK"); then
        clusterwiz_warn "$TEXT_CLOCK_UNREAD"
        return
    fi
    for ((j = 0; j < NODE_COUNT; j++)); do
        [ "$j" = "$NODE_RANK" ] && continue
        if ! clusterwiz_peer_facts "$j" || ! reading=$(clusterwiz_clock_of "$j"); then
            unread="$unread${unread:+, }${NODE_NAMES[$j]}"
            continue
        fi
        compared=$((compared + 1))
        # Each clock against the moment it was asked for, so the two compare.
        verdict=$(awk -v o="$own" -v r="$reading" -v limit="$CLOCK_SKEW_LIMIT_MS" 'BEGIN {
            split(o, a, " "); split(r, b, " ")
            skew = (b[1] - b[2]) - (a[1] - a[2]); ms = int(skew * 1000)
            if (ms > limit) print "ahead " ms
            else if (ms < -limit) print "behind " (-ms) }')
        case $verdict in
            ahead*) verdict=$(clusterwiz_text "$TEXT_CLOCK_AHEAD" "${NODE_NAMES[$j]}" "${verdict#ahead }") ;;
            behind*) verdict=$(clusterwiz_text "$TEXT_CLOCK_BEHIND" "${NODE_NAMES[$j]}" "${verdict#behind }") ;;
        esac
        [ -n "$verdict" ] && off="$off${off:+, }$verdict"
    done
    if [ -n "$off" ]; then
        clusterwiz_warn "$(clusterwiz_text "$TEXT_CLOCK_OFF" "$off")"
    elif [ -n "$unread" ]; then
        clusterwiz_warn "$(clusterwiz_text "$TEXT_CLOCK_NOT_COMPARED" "$compared" "$unread")"
    else
        clusterwiz_ok "$(clusterwiz_text "$TEXT_CLOCK_OK" "$compared")"
    fi
}
