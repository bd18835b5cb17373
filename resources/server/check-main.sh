# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# shellcheck disable=SC2034,SC2004 # FACT_ASKED: an associative array (check-facts.sh) that clock-skew reads

clusterwiz_find_node || exit 2
clusterwiz_required_ports
if [ "$CHECK_LIST" = 1 ]; then
    clusterwiz_checks
    for ((i = 0; i < ${#NEED_FIRST[@]}; i++)); do
        echo "port $(clusterwiz_port_span "$i") ${NEED_WHAT[$i]}"
    done
    exit 0
fi
if [ "$CHECK_PRINT_FACTS" = 1 ]; then
    clusterwiz_gather_facts
    exit 0
fi
if [ "$CHECK_REPLAY" = 1 ]; then
    if [ ! -r "$CHECK_FACTS_DIR/$NODE_RANK.facts" ]; then
        echo "check.sh: no facts of $SERVER_NAME (plan index $NODE_RANK) in $CHECK_FACTS_DIR: $NODE_RANK.facts is missing" >&2
        exit 2
    fi
else
    CHECK_FACTS_DIR=$(mktemp -d "${TMPDIR:-/tmp}/clusterwiz-check.XXXXXX") || exit 2
    trap 'rm -rf "$CHECK_FACTS_DIR"' EXIT
    FACT_ASKED[$NODE_RANK]=$(date +%s.%N)
    clusterwiz_gather_facts > "$CHECK_FACTS_DIR/$NODE_RANK.facts"
fi
clusterwiz_peer_facts "$NODE_RANK"
ROLE=""
[ "$NODE_RANK" = 0 ] && ROLE=", master"
echo "check.sh: server $SERVER_NAME (plan index $NODE_RANK$ROLE), host IP $HOST_IP, devices ${DEVICES[*]}"

clusterwiz_checks

if [ -n "$CHECK_SAVE_DIR" ] && [ "$CHECK_REPLAY" = 0 ]; then
    if mkdir -p "$CHECK_SAVE_DIR" 2>/dev/null; then
        for facts in "$CHECK_FACTS_DIR"/*.facts; do
            [ -s "$facts" ] && cp "$facts" "$CHECK_SAVE_DIR/"
        done
        echo "check.sh: facts saved in $CHECK_SAVE_DIR"
    else
        echo "check.sh: cannot write the facts to $CHECK_SAVE_DIR" >&2
    fi
fi
echo "check.sh on $SERVER_NAME: $CHECKS_OK ok, $CHECKS_SKIPPED skipped, $CHECKS_WARN warnings, $CHECKS_FAILED failed"
[ "$CHECKS_FAILED" = 0 ] || exit 1
exit 0
