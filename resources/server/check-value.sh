# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash

# The one interpreter of the value rows (VALUE_ROWS, from checks/ValueChecks.cpp): the check
# CHECK_ID reads its row's fact, one value from it, compares it and prints the row's text, as
# the C++ checkValue() does with the same row.

# clusterwiz_value_read READING KEY OUTPUT: the value a reading rule reads; nothing when it is
# not there. A number is 1 to 18 digits, so that bash's 64-bit arithmetic compares it.
clusterwiz_value_read() {
    local line word
    local -a words
    case $1 in
        limit)
            line=$(clusterwiz_output_line "$3")
            [[ $line =~ ^(unlimited|[0-9]{1,18})$ ]] && printf '%s' "$line" ;;
        df-blocks)
            # POSIX df -P: a header, then "FILESYSTEM 1024-BLOCKS USED AVAILABLE CAPACITY
            # MOUNTED-ON".
            printf '%s\n' "$3" | awk 'NF { n++; last = $0 } END {
                if (n == 2 && split(last, f) >= 6 && f[2] ~ /^[0-9]+$/ && length(f[2]) <= 18)
                    printf "%s", f[2] }' ;;
        key-value)
            while IFS= read -r line; do
                [[ $line == *:* ]] || continue
                word=${line%%:*}
                word=${word#"${word%%[![:space:]]*}"}
                [ "${word%"${word##*[![:space:]]}"}" = "$2" ] || continue
                clusterwiz_value_text "${line#*:}"
                return
            done <<< "$3" ;;
        word)
            # scontrol's -o line is long: the word is looked for in all of it.
            read -r -a words <<< "$(clusterwiz_value_line "$3")"
            for word in "${words[@]}"; do
                if [[ $word == "$2="* ]]; then
                    clusterwiz_value_text "${word#"$2="}"
                    return
                fi
            done ;;
    esac
    return 0
}

# The first non-blank line of a tool's output, trimmed, whole.
clusterwiz_value_line() {
    printf '%s\n' "$1" | awk 'NF { sub(/^[ \t]+/, ""); sub(/[ \t]+$/, ""); print; exit }'
}

# A value as the C++ firstLineOf() keeps it: trimmed, 160 characters, a control character as "?".
clusterwiz_value_text() {
    local value
    value=$(clusterwiz_output_line "$1")
    printf '%s' "${value//[[:cntrl:]]/?}"
}

# clusterwiz_value_shown VALUE: a number (decimal, leading zeros too) divided by the row's
# divisor, anything else as it is.
clusterwiz_value_shown() {
    if [[ $1 =~ ^[0-9]+$ ]]; then
        printf '%s' "$((10#$1 / VALUE_ROWS[$CHECK_ID.divisor]))"
    else
        printf '%s' "$1"
    fi
}

clusterwiz_check_value() {
    local row=$CHECK_ID output status silent reason value wanted passed=0
    output=$(clusterwiz_fact "${VALUE_ROWS[$row.section]}")
    status=$?
    if silent=$(clusterwiz_unanswered "$status"); then
        clusterwiz_warn "$(clusterwiz_text "${VALUE_ROWS[$row.silent]}" "$silent")"
        return
    fi
    if [ "$status" != 0 ]; then
        reason=$(clusterwiz_value_text "$output")
        [ "$status" = 127 ] && [ -n "${VALUE_ROWS[$row.missing]}" ] && reason=${VALUE_ROWS[$row.missing]}
        "clusterwiz_${VALUE_ROWS[$row.unknown-status]}" "$(clusterwiz_text "${VALUE_ROWS[$row.unknown]}" "$reason")"
        return
    fi
    value=$(clusterwiz_value_read "${VALUE_ROWS[$row.reading]}" "${VALUE_ROWS[$row.key]}" "$output")
    if [ -z "$value" ]; then
        "clusterwiz_${VALUE_ROWS[$row.unknown-status]}" "$(clusterwiz_text "${VALUE_ROWS[$row.unknown]}" "${VALUE_ROWS[$row.unexpected]}")"
        return
    fi
    wanted=${VALUE_ROWS[$row.wanted]}
    case ${VALUE_ROWS[$row.test]} in
        equals) [ "$value" = "$wanted" ] && passed=1 ;;
        at-least)
            if [ "$value" = unlimited ] || { [[ $value =~ ^[0-9]+$ ]] && ((10#$value >= 10#$wanted)); }; then
                passed=1
            fi ;;
        one-of)
            if [[ $value != *" "* ]]; then
                case " $wanted " in *" $value "*) passed=1 ;; esac
            fi ;;
    esac
    if [ "$passed" = 1 ]; then
        clusterwiz_ok "$(clusterwiz_text "${VALUE_ROWS[$row.passed]}" "$(clusterwiz_value_shown "$value")")"
    else
        "clusterwiz_${VALUE_ROWS[$row.below-status]}" "$(clusterwiz_text "${VALUE_ROWS[$row.below]}" \
            "$(clusterwiz_value_shown "$value")" "$(clusterwiz_value_shown "$wanted")")"
    fi
}
