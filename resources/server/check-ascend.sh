# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash

# The value after "KEY:" in a tool's output: the first line whose part before the first colon,
# spaces collapsed, is KEY in any case (how discovery reads hccn_tool). Bash alone: it runs for
# every device.
clusterwiz_key_value() {
    local line key value
    local -a words
    while IFS= read -r line; do
        [[ $line == *:* ]] || continue
        key=${line%%:*}
        read -r -a words <<< "${key,,}"
        [ "${words[*]}" = "$1" ] || continue
        value=${line#*:}
        value=${value%$'\r'}
        value=${value#"${value%%[![:space:]]*}"}
        printf '%s\n' "${value%"${value##*[![:space:]]}"}"
        return 0
    done <<< "$2"
}

# Why a device's hccn_tool fact failed, as discovery words it: its exit status 127 is a missing
# tool, another one the first line it printed; a fact that timed out or is absent says nothing.
clusterwiz_hccn_error() {
    case "$1" in
        0 | 124 | 125) echo "" ;;
        127) echo "hccn_tool not found" ;;
        *) clusterwiz_output_line "$2" ;;
    esac
}

# npu-smi info's NPU rows as discovery reads the table: "ID<TAB>CHIP<TAB>HEALTH", once per NPU.
# A row counts after the header "| NPU ... | Health ...": its first cell "ID NAME" (NAME not a
# number), its second the health (letters).
clusterwiz_npu_rows() {
    printf '%s\n' "$1" | awk '
        function trim(x) { gsub(/[ \t]+/, " ", x); sub(/^ /, "", x); sub(/ $/, "", x); return x }
        {
            sub(/\r$/, ""); line = trim($0)
            if (substr(line, 1, 1) != "|") next
            n = split(line, cell, "|")
            last = (trim(cell[n]) == "") ? n - 1 : n
            c1 = trim(cell[2]); c2 = trim(cell[3])
            if (last < 3) next
            if (c1 ~ /^NPU/ && c2 == "Health") { header = 1; next }
            if (!header) next
            if (c1 ~ /^[0-9]+ [^ ]/ && c1 !~ /^[0-9]+( [0-9]+)?$/ && c2 ~ /^[A-Za-z][A-Za-z _-]*$/) {
                id = c1; sub(/ .*/, "", id); chip = c1; sub(/^[0-9]+ /, "", chip)
                if (!(id in seen)) { seen[id] = 1; print id "\t" chip "\t" c2 }
            }
        }'
}

# An Atlas A3 table's dies as discovery reads them: "PHY<TAB>CHIP<TAB>HEALTH", once per die. The
# header's second row is "| Chip  Phy-ID | Bus-Id ...": every NPU row is then followed by one
# chip row "| CHIP PHY | BUS-ID ...", the die PHY taking that NPU row's chip name and health.
clusterwiz_die_rows() {
    printf '%s\n' "$1" | awk '
        function trim(x) { gsub(/[ \t]+/, " ", x); sub(/^ /, "", x); sub(/ $/, "", x); return x }
        {
            sub(/\r$/, ""); line = trim($0)
            if (substr(line, 1, 1) != "|") next
            n = split(line, cell, "|")
            last = (trim(cell[n]) == "") ? n - 1 : n
            c1 = trim(cell[2]); c2 = trim(cell[3])
            if (last < 3) next
            if (c1 ~ /^NPU/ && c2 == "Health") { header = 1; next }
            if (c1 ~ /^NPU/ && c2 == "Process id") { processes = 1; next }
            if (!header || processes) next
            if (c1 == "Chip Phy-ID" && c2 == "Bus-Id") { dies = 1; next }
            if (c1 ~ /^[0-9]+ [^ ]/ && c1 !~ /^[0-9]+( [0-9]+)?$/ && c2 ~ /^[A-Za-z][A-Za-z _-]*$/) {
                chip = c1; sub(/^[0-9]+ /, "", chip); health = c2; pending = 1; next
            }
            if (dies && pending && c1 ~ /^[0-9]+ [0-9]+$/ && c2 ~ /^[0-9A-Fa-f]{4,8}:[0-9A-Fa-f][0-9A-Fa-f]:[0-9A-Fa-f][0-9A-Fa-f]\.[0-7]$/) {
                phy = c1; sub(/^[0-9]+ /, "", phy); pending = 0
                if (phy + 0 <= 255 && !(phy in seen)) { seen[phy] = 1; print phy "\t" chip "\t" health }
            }
        }'
}

# The SDID `npu-smi info -t spod-info` gave die $2 in the super-pod probe's output $1
# (resources/server/probe-super-pod.sh); "" when not read.
clusterwiz_die_sdid() {
    printf '%s\n' "$1" | awk -v die="$2" '
        /^@@spod / { inside = ($4 == die && $5 == "rc=0"); next }
        inside {
            line = $0; sub(/\r$/, "", line)
            at = index(line, ":"); if (!at) next
            key = substr(line, 1, at - 1); gsub(/[ \t]+/, " ", key); sub(/^ /, "", key); sub(/ $/, "", key)
            value = substr(line, at + 1); gsub(/^[ \t]+|[ \t]+$/, "", value)
            if (key == "SDID" && value ~ /^[0-9]+$/ && length(value) <= 10) { print value; exit }
        }'
}

# 910B1..910B4 (a digit after 910B) are Atlas A2 chips (ascend910b); 910, 910A, 910B, 910ProA and
# 910ProB the first Ascend 910 (ascend910); Ascend910 an Atlas A3 chip (ascend910_93); any case.
# Prints the generation, or nothing.
clusterwiz_chip_generation() {
    case "${1^^}" in
        910B[0-9]*) echo ascend910b ;;
        910 | 910A | 910B | 910PROA | 910PROB | 910PREMIUMA) echo ascend910 ;;
        ASCEND910) echo ascend910_93 ;;
    esac
}

clusterwiz_check_accelerator() {
    local output status rows dies listed device chip kind health count healthy k sdid planned spod=""
    local missing_text="$TEXT_NPU_MISSING" warning_text="$TEXT_NPU_WARNING" health_text="$TEXT_NPU_HEALTH"
    local -a failing=() warning=() planned_sdids=()
    output=$(clusterwiz_fact npu-smi)
    status=$?
    case "$status" in
        0) rows=$(clusterwiz_npu_rows "$output"); dies=$(clusterwiz_die_rows "$output") ;;
        127 | 125) clusterwiz_fail "$TEXT_NPU_SMI_MISSING"; return ;;
        *) rows=""; dies="" ;;
    esac
    # On the Atlas A3 the devices are the dies, each checked against its own SDID too.
    listed=$rows
    if [ "$ACCELERATOR" = ascend910_93 ]; then
        listed=$dies
        missing_text=$TEXT_DIE_MISSING; warning_text=$TEXT_DIE_WARNING; health_text=$TEXT_DIE_HEALTH
        spod=$(clusterwiz_fact super-pod) || spod=""
        read -r -a planned_sdids <<< "${NODE_SUPER_DEVICE_IDS[$NODE_RANK]}"
    fi
    # A chip of the other generation: wrong rank table format, HCCL settings and device network.
    while IFS= read -r chip; do
        [ -n "$chip" ] || continue
        kind=$(clusterwiz_chip_generation "$chip")
        if [ -n "$kind" ] && [ "$kind" != "$ACCELERATOR" ]; then
            failing+=("$(clusterwiz_text "$TEXT_SERVER_CHIP" "$SERVER_NAME" "$(clusterwiz_text "$TEXT_CHIP_OTHER" "$chip" "$kind" "$ACCELERATOR")")")
        fi
    done < <(printf '%s\n' "$rows" | awk -F '\t' 'NF == 3 && !seen[$2]++ { print $2 }')
    k=0
    for device in "${DEVICES[@]}"; do
        health=$(printf '%s\n' "$listed" | awk -F '\t' -v d="$device" '$1 == d { print $3; exit }')
        if [ -z "$health" ]; then
            failing+=("$(clusterwiz_text "$missing_text" "$device")")
        elif [ "${health,,}" = warning ]; then
            warning+=("$(clusterwiz_text "$warning_text" "$device")")
        elif [ "${health,,}" != ok ]; then
            failing+=("$(clusterwiz_text "$health_text" "$device" "$health")")
        fi
        planned=${planned_sdids[$k]:-}
        if [ -n "$spod" ] && [ -n "$planned" ]; then
            sdid=$(clusterwiz_die_sdid "$spod" "$device")
            if [ -n "$sdid" ] && [ "$sdid" != "$planned" ]; then
                failing+=("$(clusterwiz_text "$TEXT_DIE_SDID" "$device" "$sdid" "$planned")")
            fi
        fi
        k=$((k + 1))
    done
    if [ "${#failing[@]}" -gt 0 ]; then
        clusterwiz_fail "$(clusterwiz_text "$TEXT_NPUS_FAILING" "$(clusterwiz_join_reasons "${failing[@]}" ${warning[@]+"${warning[@]}"})" "$(IFS=,; echo "${DEVICES[*]}")")"
    elif [ "${#warning[@]}" -gt 0 ]; then
        clusterwiz_warn "$(clusterwiz_join_reasons "${warning[@]}")"
    else
        # As discovery's table shows the devices (DiscoveryReport.cpp): "8 NPU, 8 OK", an Atlas
        # A3's "16 dies, 16 OK".
        count=$(printf '%s\n' "$dies" | awk -F '\t' 'NF == 3' | grep -c .)
        healthy=$(printf '%s\n' "$dies" | awk -F '\t' 'NF == 3 && tolower($3) == "ok"' | grep -c .)
        if [ "$count" != 0 ]; then clusterwiz_ok "$count dies, $healthy OK"; return; fi
        count=$(printf '%s\n' "$rows" | awk -F '\t' 'NF == 3' | grep -c .)
        healthy=$(printf '%s\n' "$rows" | awk -F '\t' 'NF == 3 && tolower($3) == "ok"' | grep -c .)
        if [ "$count" = 0 ]; then clusterwiz_ok "-"; else clusterwiz_ok "$count NPU, $healthy OK"; fi
    fi
}

# hccn.conf's KEY_N value (address, netmask, netdetect, gateway), the last one written; "" when
# none or not one word.
clusterwiz_conf_value() {
    local line key value found=""
    while IFS= read -r line; do
        line=${line%$'\r'}
        line=${line#"${line%%[![:space:]]*}"}
        [[ $line == \#* || $line != *=* ]] && continue
        key=${line%%=*}
        [ "${key%"${key##*[![:space:]]}"}" = "$2_$3" ] || continue
        value=${line#*=}
        value=${value#"${value%%[![:space:]]*}"}
        value=${value%"${value##*[![:space:]]}"}
        [[ $value == *[[:space:]]* ]] || found=$value
    done <<< "$1"
    printf '%s\n' "$found"
}

clusterwiz_check_device_ips() {
    local k device planned output status address netmask why conf conf_status rank
    local gateway detect
    local -a wrong=()
    read -r -a DEVICE_IPS <<< "${NODE_DEVICE_IPS[$NODE_RANK]}"
    if [ "$NPROC" = 0 ]; then
        clusterwiz_fail "$TEXT_NO_DEVICES"
        return
    fi
    if [ "${#DEVICE_IPS[@]}" != "$NPROC" ]; then
        clusterwiz_fail "$TEXT_NO_DEVICE_IP_PLAN"
        return
    fi
    conf=$(clusterwiz_fact hccn-conf)
    conf_status=$?
    for ((k = 0; k < NPROC; k++)); do
        device=${DEVICES[$k]}
        planned=${DEVICE_IPS[$k]}
        output=$(clusterwiz_fact "hccn-ip.$device")
        status=$?
        address=""
        netmask=""
        if [ "$status" = 0 ]; then
            address=$(clusterwiz_key_value ipaddr "$output")
            netmask=$(clusterwiz_key_value netmask "$output")
            clusterwiz_is_ipv4 "$address" && clusterwiz_is_ipv4 "$netmask" || address=""
        fi
        if [ -z "$address" ]; then
            why=$(clusterwiz_hccn_error "$status" "$output")
            wrong+=("$(clusterwiz_text "$TEXT_DEVICE_NO_ADDRESS" "$device" "${why:-$TEXT_NO_ADDRESS}" "$planned${DEVICE_NETMASK:+/$DEVICE_NETMASK}")")
            continue
        fi
        if [ "$address" != "$planned" ] || { [ -n "$DEVICE_NETMASK" ] && [ "$netmask" != "$DEVICE_NETMASK" ]; }; then
            wrong+=("$(clusterwiz_text "$TEXT_DEVICE_OTHER_ADDRESS" "$device" "$address${netmask:+/$netmask}" "$planned${DEVICE_NETMASK:+/$DEVICE_NETMASK}")")
        elif [ "$DEVICE_ROUTED" = 1 ] && [ "$conf_status" = 0 ]; then
            # The gateway and detect IP hccn_tool keeps in hccn.conf (Huawei documents no
            # output of -gateway -g): an address already right must not hide an unset gateway.
            rank=$((FIRST_RANK + k))
            gateway=$(clusterwiz_conf_value "$conf" gateway "$device")
            detect=$(clusterwiz_conf_value "$conf" netdetect "$device")
            if [ -n "${DEVICE_GATEWAYS[$rank]:-}" ] && [ "$gateway" != "${DEVICE_GATEWAYS[$rank]}" ]; then
                wrong+=("$(clusterwiz_text "$TEXT_DEVICE_GATEWAY" "$device" "${gateway:-$TEXT_NONE}" "${DEVICE_GATEWAYS[$rank]}")")
            fi
            if [ -n "${DEVICE_DETECT_IPS[$rank]:-}" ] && [ "$detect" != "${DEVICE_DETECT_IPS[$rank]}" ]; then
                wrong+=("$(clusterwiz_text "$TEXT_DEVICE_DETECT_IP" "$device" "${detect:-$TEXT_NONE}" "${DEVICE_DETECT_IPS[$rank]}")")
            fi
        fi
    done
    if [ "${#wrong[@]}" -gt 0 ]; then
        clusterwiz_fail "$(clusterwiz_join_reasons "${wrong[@]}")"
    elif [ "$DEVICE_ROUTED" = 1 ] && [ "$conf_status" != 0 ]; then
        clusterwiz_warn "$(clusterwiz_text "$TEXT_ROUTES_UNREAD" "$NPROC")"
    elif [ "$DEVICE_ROUTED" = 1 ]; then
        clusterwiz_ok "$(clusterwiz_text "$TEXT_DEVICES_MATCH_ROUTED" "$NPROC")"
    else
        clusterwiz_ok "$(clusterwiz_text "$TEXT_DEVICES_MATCH" "$NPROC")"
    fi
}

clusterwiz_check_device_links() {
    local device output status link why
    local -a down=() unknown=()
    for device in "${DEVICES[@]}"; do
        output=$(clusterwiz_fact "hccn-link.$device")
        status=$?
        link=""
        [ "$status" = 0 ] && link=$(clusterwiz_key_value "link status" "$output")
        case "${link^^}" in
            UP) ;;
            DOWN) down+=("$(clusterwiz_text "$TEXT_LINK_DOWN" "$device")") ;;
            *)
                why=$(clusterwiz_hccn_error "$status" "$output")
                if [ -n "$why" ]; then
                    unknown+=("$(clusterwiz_text "$TEXT_LINK_UNKNOWN_WHY" "$device" "$why")")
                else
                    unknown+=("$(clusterwiz_text "$TEXT_LINK_UNKNOWN" "$device")")
                fi ;;
        esac
    done
    if [ "${#down[@]}" -gt 0 ]; then
        clusterwiz_fail "$(clusterwiz_text "$TEXT_LINKS_DOWN" "$(clusterwiz_join_reasons "${down[@]}")")"
    elif [ "${#unknown[@]}" -gt 0 ]; then
        clusterwiz_warn "$(clusterwiz_join_reasons "${unknown[@]}")"
    else
        clusterwiz_ok "$(clusterwiz_text "$TEXT_LINKS_UP" "$NPROC")"
    fi
}

# net_health depends on the netdetect address (setup_device_ips.sh sets it), so a fresh server
# reports Init: a warning, not a refusal.
clusterwiz_read_net_health() {
    local device output status health
    local -a words bad=()
    for device in "${DEVICES[@]}"; do
        output=$(clusterwiz_fact "hccn-health.$device")
        status=$?
        health=""
        [ "$status" = 0 ] && health=$(clusterwiz_key_value "net health status" "$output")
        read -r -a words <<< "${health,,}"
        if [ "${words[*]}" != success ]; then
            bad+=("$(clusterwiz_text "$TEXT_NET_HEALTH_BAD" "$device" "${health:-unknown}")")
        fi
    done
    if [ "${#bad[@]}" -gt 0 ]; then
        clusterwiz_warn "$(clusterwiz_text "$TEXT_NET_HEALTH_WARN" "$(clusterwiz_join_reasons "${bad[@]}")")"
    else
        clusterwiz_ok "$(clusterwiz_text "$TEXT_NET_HEALTH_OK" "$NPROC")"
    fi
}
