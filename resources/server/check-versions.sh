# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash

# The versions of server J ("self" for this one), "COMPONENT<TAB>VERSION" lines in a fixed order:
# NPU driver and firmware, CANN (Ascend), Python, then launch.framework's packages; unknown ones
# left out. False when its facts were not loaded (clusterwiz_peer_facts). An older probe names
# torch on a line of its own ("torch VERSION").
clusterwiz_versions_of() {
    local board="" cann="" python status
    if [ "$1" = self ]; then
        python=$(clusterwiz_fact python)
        status=$?
        if [[ "$ACCELERATOR" == ascend* ]]; then
            board=$(clusterwiz_fact npu-board) || board=""
            cann=$(clusterwiz_fact cann-version) || cann=""
        fi
    else
        [ "${FACTS_OF[$1]:-0}" = 1 ] || return 1
        python=$(clusterwiz_peer_fact "$1" python)
        status=$?
        if [[ "$ACCELERATOR" == ascend* ]]; then
            board=$(clusterwiz_peer_fact "$1" npu-board) || board=""
            cann=$(clusterwiz_peer_fact "$1" cann-version) || cann=""
        fi
    fi
    [ "$status" = 124 ] || [ "$status" = 125 ] && python=""
    [ "$status" = 127 ] || [ "$status" = 126 ] && python=""
    {
        printf '%s\n' "$board" | awk '{ sub(/\r$/, ""); i = index($0, ":"); if (!i) next
            k = substr($0, 1, i - 1); gsub(/[ \t]+/, " ", k); sub(/^ /, "", k); sub(/ $/, "", k)
            v = substr($0, i + 1); gsub(/^[ \t]+|[ \t]+$/, "", v)
            if (k == "Software Version" && driver == "") driver = v
            if (k == "Firmware Version" && firmware == "") firmware = v }
            END { if (driver != "") print "NPU driver\t" driver; if (firmware != "") print "NPU firmware\t" firmware }'
        printf '%s\n' "$cann" | awk '{ sub(/\r$/, ""); gsub(/^[ \t]+|[ \t]+$/, "") }
            /^version=/ { v = substr($0, 9); gsub(/^[ \t]+|[ \t]+$/, "", v)
                if (v ~ /^".*"$/ && length(v) >= 2) v = substr(v, 2, length(v) - 2)
                if (v != "") { print "CANN\t" v; exit } }'
        printf '%s\n' "$python" | awk -v want="${FRAMEWORK_PACKAGES[*]}" '
            BEGIN { n = split(want, w, " "); for (i = 1; i <= n; i++) { split(w[i], names, "|"); order[i] = names[1] } }
            { sub(/\r$/, "") }
            /^python / && version == "" { version = substr($0, 8); gsub(/^[ \t]+|[ \t]+$/, "", version) }
            $1 == "package" && !($2 in seen) { seen[$2] = 1; pv[$2] = $3 }
            $1 == "package-missing" && !($2 in seen) { seen[$2] = 1; pv[$2] = "" }
            /^torch / && torch == "" { torch = substr($0, 7); gsub(/^[ \t]+|[ \t]+$/, "", torch) }
            END {
                if ("torch" in seen) torch = pv["torch"]
                if (version ~ /^[0-9]+\.[0-9]+(\.[0-9]+)?[^ \t]*$/) print "Python\t" version
                for (i = 1; i <= n; i++) {
                    v = (order[i] in seen) ? pv[order[i]] : (order[i] == "torch" ? torch : "")
                    if (v != "") print order[i] "\t" v
                }
            }'
    }
}

clusterwiz_check_versions() {
    local j all="" output first="" compared=0 differences line same reason
    local -a unreached=()
    for ((j = 0; j < NODE_COUNT; j++)); do
        if [ "$j" = "$NODE_RANK" ]; then
            output=$(clusterwiz_versions_of self)
        elif ! clusterwiz_peer_facts "$j" || ! output=$(clusterwiz_versions_of "$j"); then
            unreached+=("${NODE_NAMES[$j]}")
            continue
        fi
        [ "$compared" = 0 ] && first=$output
        compared=$((compared + 1))
        all+=$(printf '%s\n' "$output" | awk -F '\t' -v s="${NODE_NAMES[$j]}" 'NF == 2 { printf "%s\t%s\t%s\n", s, $1, $2 }')$'\n'
    done
    differences=$(printf '%s' "$all" | awk -F '\t' '
        NF == 3 {
            c = $2; v = $3
            if (!(c in seen)) { seen[c] = 1; comps[++nc] = c }
            k = c SUBSEP v
            if (!(k in holders)) { vers[c, ++nv[c]] = v; holders[k] = $1 } else holders[k] = holders[k] ", " $1
        }
        END {
            for (i = 1; i <= nc; i++) {
                c = comps[i]
                if (nv[c] < 2) continue
                line = c ":"
                for (n = 1; n <= nv[c]; n++) line = line (n > 1 ? ";" : "") " " vers[c, n] " on " holders[c SUBSEP vers[c, n]]
                print line
            }
        }')
    if [ -n "$differences" ]; then
        while read -r line; do clusterwiz_fail "$line"; done <<<"$differences"
        return
    fi
    # The first server compared (in plan order) names the versions, as the C++ does.
    same=$(printf '%s\n' "$first" | awk -F '\t' 'NF == 2 { s = s (s == "" ? "" : ", ") $1 " " $2 } END { print s }')
    if [ -z "$same" ]; then
        reason=$TEXT_VERSIONS_NONE
    else
        reason=$(clusterwiz_text "$TEXT_VERSIONS_SAME" "$compared" "$same")
    fi
    if [ "${#unreached[@]}" -gt 0 ]; then
        clusterwiz_warn "$(clusterwiz_text "$TEXT_VERSIONS_NOT_COMPARED" "$reason" "$(clusterwiz_join_reasons "${unreached[@]}")")"
    else
        clusterwiz_ok "$reason"
    fi
}
