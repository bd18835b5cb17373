# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash

# The physical SuperPoD of a super-pod probe's output $1 (resources/server/probe-super-pod.sh):
# the "Super Pod ID" of its first chip that answered, as checks/SuperPodSpan.cpp reads it.
clusterwiz_physical_super_pod() {
    printf '%s\n' "$1" | awk '
        /^@@spod / { inside = ($5 == "rc=0"); next }
        inside {
            line = $0; sub(/\r$/, "", line)
            at = index(line, ":"); if (!at) next
            key = substr(line, 1, at - 1); gsub(/[ \t]+/, " ", key); sub(/^ /, "", key); sub(/ $/, "", key)
            value = substr(line, at + 1); gsub(/^[ \t]+|[ \t]+$/, "", value)
            if (tolower(key) == "super pod id" && value ~ /^[0-9]+$/ && length(value) <= 10) { print value; exit }
        }'
}

# super-pods (the master): no project pod holds servers of two physical SuperPoDs.
clusterwiz_check_super_pods() {
    local j output physical spans line
    local all=""
    local -a unknown=()
    local pods=0
    for ((j = 0; j < NODE_COUNT; j++)); do
        [ -n "${NODE_SUPER_POD[$j]}" ] && pods=1
    done
    if [ "$pods" = 0 ]; then
        clusterwiz_skip "$TEXT_SUPER_PODS_NONE"
        return
    fi
    for ((j = 0; j < NODE_COUNT; j++)); do
        [ -n "${NODE_SUPER_POD[$j]}" ] || continue
        output=""
        if [ "$j" = "$NODE_RANK" ]; then
            output=$(clusterwiz_fact super-pod) || output=""
        elif clusterwiz_peer_facts "$j"; then
            output=$(clusterwiz_peer_fact "$j" super-pod) || output=""
        fi
        physical=$(clusterwiz_physical_super_pod "$output")
        if [ -z "$physical" ]; then
            unknown+=("${NODE_NAMES[$j]}")
            continue
        fi
        all+="${NODE_SUPER_POD[$j]}"$'\t'"$physical"$'\t'"${NODE_NAMES[$j]}"$'\n'
    done
    # Pods in the order of their first server, physical ids in the order they come, as the C++.
    spans=$(printf '%s' "$all" | awk -F '\t' -v text="$TEXT_SUPER_PODS_SPAN" '
        NF == 3 {
            if (!($1 in seen)) { seen[$1] = 1; pod[++np] = $1 }
            k = $1 SUBSEP $2
            if (!(k in holders)) { phys[$1, ++nphys[$1]] = $2; holders[k] = $3 } else holders[k] = holders[k] ", " $3
        }
        END {
            for (i = 1; i <= np; i++) {
                p = pod[i]
                if (nphys[p] < 2) continue
                parts = ""
                for (n = 1; n <= nphys[p]; n++) parts = parts (n > 1 ? "; " : "") phys[p, n] " on " holders[p SUBSEP phys[p, n]]
                line = text
                sub(/%1/, "\001", line); sub(/%2/, "\002", line)
                a = index(line, "\001"); line = substr(line, 1, a - 1) p substr(line, a + 1)
                b = index(line, "\002"); line = substr(line, 1, b - 1) parts substr(line, b + 1)
                print line
            }
            print "pods\t" np
        }')
    if printf '%s\n' "$spans" | grep -qv '^pods	'; then
        while IFS= read -r line; do
            [[ $line == pods$'\t'* ]] || clusterwiz_fail "$line"
        done <<<"$spans"
        return
    fi
    local reason count
    count=$(printf '%s\n' "$spans" | awk -F '\t' '$1 == "pods" { print $2 }')
    reason=$(clusterwiz_text "$TEXT_SUPER_PODS_SAME" "${count:-0}")
    if [ "${#unknown[@]}" -gt 0 ]; then
        clusterwiz_warn "$(clusterwiz_text "$TEXT_SUPER_PODS_NOT_COMPARED" "$reason" "$(clusterwiz_join_reasons "${unknown[@]}")")"
    else
        clusterwiz_ok "$reason"
    fi
}
