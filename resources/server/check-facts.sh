# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# shellcheck disable=SC2034 # FACT_ASKED is read by clock-skew (check-limits.sh)
# shellcheck disable=SC2004 # a style note on $(( ${BASH_REMATCH[2]} & 255 ))

# One fact as discovery's probe runs it: stdout and stderr together, no input, stopped after
# FACT_TIMEOUT s (exit 124) unless it is one of FACT_QUICK or its program is missing; prints its
# section marker with the exit status, then its output (a line of it that looks like a marker
# gets a space in front). Sets FACT_RC.
clusterwiz_probe_fact() {
    local out bounded=$CHECK_HAVE_TIMEOUT
    local -a words
    eval "words=(${FACT_COMMANDS[$2]})"
    case " ${FACT_QUICK[*]} " in
        *" ${2%%[.@]*} "*) bounded=0 ;;
    esac
    command -v "${words[0]}" >/dev/null 2>&1 || bounded=0
    if [ "$bounded" = 1 ]; then
        out=$(timeout -k 2 "$FACT_TIMEOUT" "${words[@]}" 2>&1 </dev/null)
    else
        out=$("${words[@]}" 2>&1 </dev/null)
    fi
    FACT_RC=$?
    case $out in
        *@@clusterwiz-probe*) out=$(printf '%s\n' "$out" | sed 's/^@@clusterwiz-probe/ &/') ;;
    esac
    printf '@@clusterwiz-probe %s rc=%s@@\n' "$1" "$FACT_RC"
    if [ -n "$out" ]; then printf '%s\n' "$out"; fi
}

# Every fact of this server, in discovery's order and format, ending with the end marker.
clusterwiz_gather_facts() (
    LC_ALL=C
    export LC_ALL
    PATH=${PATH:-/usr/bin:/bin}:/usr/local/sbin:/usr/sbin:/sbin:/usr/local/Ascend/driver/tools
    export PATH
    CHECK_HAVE_TIMEOUT=0
    timeout -k 2 1 true >/dev/null 2>&1 && CHECK_HAVE_TIMEOUT=1
    FACT_RC=0
    for entry in "${FACT_ORDER[@]}"; do
        case "$entry" in
            @devices)
                for device in "${DEVICES[@]}"; do
                    for section in "${FACT_DEVICE_SECTIONS[@]}"; do
                        clusterwiz_probe_fact "$section.$device" "$section.$device"
                    done
                done ;;
            *@first) clusterwiz_probe_fact "${entry%@first}" "${entry%@first}@${DEVICES[0]:-0}" ;;
            *)
                case " ${FACT_IF_PREVIOUS_OK[*]} " in
                    *" $entry "*) [ "$FACT_RC" = 0 ] || continue ;;
                esac
                clusterwiz_probe_fact "$entry" "$entry" ;;
        esac
    done
    printf '@@clusterwiz-probe end rc=0@@\n'
)

# Every server's facts, loaded once from its file (the probe's format): FACT_OUTPUT[J:SECTION] and
# FACT_STATUS[J:SECTION] for server J of the plan; FACTS_OF[J] says whether they could be had.
declare -A FACT_OUTPUT FACT_STATUS FACTS_OF FACT_ASKED
clusterwiz_load_facts() {
    local rank=$1 line name="" output="" pattern='^@@clusterwiz-probe ([^ ]+) rc=(-?[0-9]{1,9})@@$'
    FACTS_OF[$rank]=0
    [ -s "$2" ] || return 1
    while IFS= read -r line || [ -n "$line" ]; do
        line=${line%$'\r'}
        if [[ $line =~ $pattern ]]; then
            [ -n "$name" ] && clusterwiz_keep_fact "$rank:$name" "$output"
            name=${BASH_REMATCH[1]}
            FACT_STATUS[$rank:$name]=$(( ${BASH_REMATCH[2]} & 255 ))
            output=""
        elif [ -n "$name" ]; then
            output+=$line$'\n'
        fi
    done < "$2"
    [ -n "$name" ] && clusterwiz_keep_fact "$rank:$name" "$output"
    FACTS_OF[$rank]=1
}

# Trailing empty lines are no part of a section's output, as discovery reads it.
clusterwiz_keep_fact() {
    local output=$2
    while [[ $output == *$'\n' ]]; do output=${output%$'\n'}; done
    FACT_OUTPUT[$1]=$output
}

# clusterwiz_fact SECTION: this server's fact: prints its output, returns its command's exit
# status; 125 when it was not gathered.
clusterwiz_fact() { clusterwiz_peer_fact "$NODE_RANK" "$1"; }

# clusterwiz_fact_sections SECTION...: this server's facts of those sections, the ones gathered,
# in the probe's format: for a reader that takes several facts at once.
clusterwiz_fact_sections() {
    local name key
    for name in "$@"; do
        key="$NODE_RANK:$name"
        [ -n "${FACT_STATUS[$key]+x}" ] || continue
        printf '@@clusterwiz-probe %s rc=%s@@\n' "$name" "${FACT_STATUS[$key]}"
        if [ -n "${FACT_OUTPUT[$key]}" ]; then printf '%s\n' "${FACT_OUTPUT[$key]}"; fi
    done
}

# clusterwiz_peer_fact J SECTION: the same for server J, once clusterwiz_peer_facts J said yes.
clusterwiz_peer_fact() {
    local key="$1:$2"
    [ -n "${FACT_STATUS[$key]+x}" ] || return 125
    printf '%s' "${FACT_OUTPUT[$key]}"
    return "${FACT_STATUS[$key]}"
}

# Server J's facts: recorded (--facts), or gathered there once (check.sh --print-facts over SSH,
# logging in as mpirun does), and loaded; false when they cannot be had (--no-reach, no
# password-free login). Call it outside $(...), so that what it loads stays.
clusterwiz_peer_facts() {
    local file="$CHECK_FACTS_DIR/$1.facts" host="${NODE_IPS[$1]}"
    local -a ssh_options
    [ -n "${FACTS_OF[$1]:-}" ] && return $((1 - FACTS_OF[$1]))
    if [ "$CHECK_REPLAY" = 0 ] && [ "$1" != "$NODE_RANK" ]; then
        FACTS_OF[$1]=0
        [ "$CHECK_REACH" = 1 ] && [ -r "$CHECK_SELF" ] || return 1
        ssh_options=(-o BatchMode=yes -o ConnectTimeout=10 -o "ControlPath=$CHECK_FACTS_DIR/$1.ssh"
            -p "${NODE_SSH_PORTS[$1]}")
        # Logged in before asking, as discovery's session is: the clock fact comes first and
        # clock-skew compares it with the moment asked, so the login's time is no part of the
        # skew. Without that connection the ssh below logs in itself.
        clusterwiz_limit 30 ssh "${ssh_options[@]}" -o ControlMaster=yes -o ControlPersist=150 \
            "$host" true </dev/null >/dev/null 2>&1
        FACT_ASKED[$1]=$(date +%s.%N)
        clusterwiz_limit 120 ssh "${ssh_options[@]}" "$host" \
            "CLUSTERWIZ_NODE_RANK=$1 bash -s -- --print-facts" \
            < "$CHECK_SELF" > "$file" 2>/dev/null || : > "$file"
        ssh "${ssh_options[@]}" -O exit "$host" >/dev/null 2>&1
    fi
    clusterwiz_load_facts "$1" "$file"
}

# The first non-blank line of a tool's output, trimmed, at most 160 characters: what clusterwiz
# names a tool's failure by.
clusterwiz_output_line() {
    local line
    line=$(printf '%s\n' "$1" | awk 'NF { sub(/^[ \t]+/, ""); sub(/[ \t]+$/, ""); print; exit }')
    echo "${line:0:160}"
}
