# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# shellcheck disable=SC2086,SC2116 # echo $x: a fact of addresses and ports, its whitespace collapsed
# shellcheck disable=SC2153 # ENTRY: a project value that check.sh sets above

# A fact that timed out (124) or never arrived: the verdict says so instead of guessing.
clusterwiz_unanswered() {
    case "$1" in
        124) clusterwiz_text "$TEXT_UNANSWERED_TIMEOUT" "$FACT_TIMEOUT" ;;
        125) printf '%s' "$TEXT_UNANSWERED_STOPPED" ;;
        *) return 1 ;;
    esac
}

# The host name as discovery reads it: exactly one non-blank line, a plain name; "" otherwise.
clusterwiz_hostname_of() {
    printf '%s\n' "$1" | awk 'NF { n++; sub(/^[ \t]+/, ""); sub(/[ \t]+$/, ""); line = $0 }
        END { if (n == 1 && line ~ /^[A-Za-z0-9][A-Za-z0-9._-]*$/) print line }'
}

clusterwiz_check_hostname() {
    local output name j other
    output=$(clusterwiz_fact hostname) && name=$(clusterwiz_hostname_of "$output")
    if [ -z "$name" ]; then
        clusterwiz_warn "$TEXT_HOSTNAME_UNKNOWN"
        return
    fi
    for ((j = 0; j < NODE_COUNT; j++)); do
        [ "$j" = "$NODE_RANK" ] && continue
        clusterwiz_peer_facts "$j" || continue
        output=$(clusterwiz_peer_fact "$j" hostname) || continue
        other=$(clusterwiz_hostname_of "$output")
        [ "$other" = "$name" ] || continue
        # OpenMPI takes two servers of one hostname for one host (shared memory between them).
        local verdict=clusterwiz_warn
        [ "$LAUNCH_MODE" = mpirun ] && verdict=clusterwiz_fail
        "$verdict" "$(clusterwiz_text "$TEXT_HOSTNAME_TWICE" "$name" "${NODE_NAMES[$j]}")"
        return
    done
    clusterwiz_ok "$name"
}

clusterwiz_is_ipv4() {
    local IFS=. part
    local -a parts
    read -r -a parts <<< "$1"
    [ "${#parts[@]}" = 4 ] && [[ "$1" =~ ^[0-9.]+$ ]] || return 1
    for part in "${parts[@]}"; do
        [[ "$part" =~ ^(0|[1-9][0-9]{0,2})$ ]] && [ "$part" -le 255 ] || return 1
    done
}

# The plan's host IP among `hostname -I`; its NIC from `ip -o addr`, against a pinned NIC.
clusterwiz_check_host_ip() {
    local listed="" nic=""
    listed=$(clusterwiz_fact hostname-i) || listed=""
    listed=$(echo $listed)
    if ! clusterwiz_is_ipv4 "$HOST_IP"; then
        clusterwiz_fail "$(clusterwiz_text "$TEXT_HOST_IP_NOT_ADDRESS" "$HOST_IP" "$listed")"
        return
    fi
    nic=$(clusterwiz_fact ip-addr | awk -v ip="$HOST_IP" '$3 == "inet" { split($4, a, "/"); if (a[1] == ip) { n = $2; sub(/:$/, "", n); sub(/@.*/, "", n); print n; exit } }')
    # hostname -I leaves out loopback; ip addr lists it (a one-server job on 127.0.0.1).
    if [[ " $listed " != *" $HOST_IP "* ]] && [ -z "$nic" ]; then
        clusterwiz_fail "$(clusterwiz_text "$TEXT_HOST_IP_NOT_HERE" "$HOST_IP" "${listed:-$TEXT_NOTHING}")"
        return
    fi
    if [ -n "${NODE_NICS[$NODE_RANK]}" ] && [ -n "$nic" ] && [ "$nic" != "${NODE_NICS[$NODE_RANK]}" ]; then
        clusterwiz_warn "$(clusterwiz_text "$TEXT_HOST_IP_OTHER_NIC" "$HOST_IP" "$nic" "${NODE_NICS[$NODE_RANK]}")"
    elif [ -n "$nic" ]; then
        clusterwiz_ok "$(clusterwiz_text "$TEXT_HOST_IP_ON" "$HOST_IP" "$nic")"
    else
        clusterwiz_ok "$HOST_IP"
    fi
}

# launch.python as the probe ran it: "python V", "executable P", then per package of
# launch.framework "package NAME VERSION" or "package-missing NAME".
clusterwiz_check_python_torch() {
    local output status version executable missing found entry name silent
    output=$(clusterwiz_fact python)
    status=$?
    if silent=$(clusterwiz_unanswered "$status"); then
        clusterwiz_fail "$(clusterwiz_text "$TEXT_PYTHON_SILENT" "$PYTHON" "$silent")"
        return
    fi
    if [ "$status" = 127 ] || [ "$status" = 126 ]; then
        output=$(clusterwiz_output_line "$output")
        clusterwiz_fail "$(clusterwiz_text "$TEXT_PYTHON_DOES_NOT_RUN" "$PYTHON" "${output:-$TEXT_NOT_FOUND}")"
        return
    fi
    version=$(printf '%s\n' "$output" | sed -n 's/^python //p' | head -n 1)
    executable=$(printf '%s\n' "$output" | sed -n 's/^executable //p' | head -n 1)
    # A package counts by its first line; one the output does not name is not judged, unless
    # the output names no package at all (an interpreter that failed, or an older probe that
    # names torch alone on a "torch VERSION" line): then torch counts by that line.
    read -r missing found < <(printf '%s\n' "$output" | awk -v want="${FRAMEWORK_PACKAGES[*]}" '
        BEGIN { n = split(want, w, " "); for (i = 1; i <= n; i++) { split(w[i], names, "|"); order[i] = names[1] } }
        { sub(/\r$/, "") }
        $1 == "package" && !($2 in seen) { seen[$2] = 1; version[$2] = $3; any = 1 }
        $1 == "package-missing" && !($2 in seen) { seen[$2] = 1; version[$2] = ""; any = 1 }
        /^torch / && torch == "" { torch = substr($0, 7); gsub(/^[ \t]+|[ \t]+$/, "", torch) }
        END {
            for (i = 1; i <= n; i++) {
                p = order[i]
                if (!(p in seen) && (any || p != "torch")) continue
                if (!(p in seen)) version[p] = torch
                if (version[p] == "") missing = missing (missing == "" ? "" : ",") p
                else found = found (found == "" ? "" : ",") p "=" version[p]
            }
            print (missing == "" ? "-" : missing), (found == "" ? "-" : found)
        }')
    if [ "$missing" != - ]; then
        clusterwiz_fail "$(clusterwiz_text "$TEXT_PYTHON_MISSING" "$PYTHON" "$version" "${missing//,/, }" "$FRAMEWORK")"
        return
    fi
    [ "$found" = - ] && found=""
    found=${found//=/ }
    if [ -z "$found" ]; then
        clusterwiz_ok "$(clusterwiz_text "$TEXT_PYTHON_OK_BARE" "$executable" "$version")"
    else
        clusterwiz_ok "$(clusterwiz_text "$TEXT_PYTHON_OK" "$executable" "$version" "${found//,/, }")"
    fi
}

clusterwiz_check_mpirun() {
    local output status silent
    output=$(clusterwiz_fact mpirun)
    status=$?
    if silent=$(clusterwiz_unanswered "$status"); then
        clusterwiz_fail "$(clusterwiz_text "$TEXT_MPIRUN_SILENT" "$silent")"
        return
    fi
    if [ "$status" = 127 ]; then
        clusterwiz_fail "$TEXT_MPIRUN_NOT_FOUND"
        return
    fi
    # Without --prefix, mpirun starts orted by name in a non-interactive SSH login.
    local orted
    orted=$(clusterwiz_fact orted) || orted=""
    if [ -z "$MPIRUN_PREFIX" ] && [ -z "$orted" ]; then
        clusterwiz_fail "$TEXT_ORTED_MISSING"
        return
    fi
    clusterwiz_ok "$(clusterwiz_output_line "$output")"
}

# msrun as train.sh finds it: on the PATH, or beside launch.python (pip puts it there).
clusterwiz_check_msrun() {
    local output status where silent
    output=$(clusterwiz_fact msrun)
    status=$?
    if silent=$(clusterwiz_unanswered "$status"); then
        clusterwiz_fail "$(clusterwiz_text "$TEXT_MSRUN_SILENT" "$silent")"
        return
    fi
    output=$(clusterwiz_output_line "$output")
    if [ "$status" = 0 ] && [ -n "$output" ]; then
        clusterwiz_ok "$output"
        return
    fi
    where=$(clusterwiz_text "$TEXT_MSRUN_NOWHERE" "${PYTHON:-python3}")
    # check.sh does not run env_setup; train.sh does, and it may put msrun on the PATH.
    if [ "$ENV_SETUP_LINES" -gt 0 ]; then
        clusterwiz_warn "$(clusterwiz_text "$TEXT_MSRUN_ENV_SETUP" "$where")"
    else
        clusterwiz_fail "$(clusterwiz_text "$TEXT_MSRUN_INSTALL" "$where")"
    fi
}

# The paths fact: "KIND yes|no PATH" per workdir, writable, entry and sourced (setenv) file.
clusterwiz_path_answer() {
    clusterwiz_fact paths | awk -v kind="$1" '$1 == kind && ($2 == "yes" || $2 == "no") && NF >= 3 {
        a = $2; $1 = ""; $2 = ""; sub(/^  /, ""); print a, $0 }'
}

clusterwiz_check_cann_env() {
    local answer path present looked="" found="" count=0
    local -a missing=()
    while read -r answer path; do
        [ -n "$answer" ] || continue
        count=$((count + 1))
        if [ "${#CANN_SET_ENV_PLACES[@]}" -gt 0 ] && [[ " ${CANN_SET_ENV_PLACES[*]} " == *" $path "* ]]; then
            looked="$looked${looked:+, }$path"
            [ "$answer" = yes ] && [ -z "$found" ] && found=$path
        elif [ "$answer" = no ]; then
            missing+=("$path")
        fi
        present=$path
    done < <(clusterwiz_path_answer setenv)
    if [ "$count" = 0 ]; then
        clusterwiz_skip "$TEXT_CANN_NO_FILE"
    elif [ "${#missing[@]}" -gt 0 ]; then
        clusterwiz_fail "$(clusterwiz_text "$TEXT_CANN_MISSING" "$(clusterwiz_join_reasons "${missing[@]}")")"
    elif [ "${#CANN_SET_ENV_PLACES[@]}" -gt 0 ] && [ -z "$found" ]; then
        clusterwiz_fail "$(clusterwiz_text "$TEXT_CANN_NOWHERE" "$looked")"
    elif [ "${#CANN_SET_ENV_PLACES[@]}" -gt 0 ]; then
        clusterwiz_warn "$(clusterwiz_text "$TEXT_CANN_NOT_SOURCED" "$found")"
    elif [ "$count" = 1 ]; then
        clusterwiz_ok "$(clusterwiz_text "$TEXT_CANN_PRESENT" "$present")"
    else
        clusterwiz_ok "$(clusterwiz_text "$TEXT_CANN_PRESENT" "$(clusterwiz_text "$TEXT_CANN_FILES" "$count")")"
    fi
}

clusterwiz_check_paths() {
    local workdir entry writable answer path
    read -r answer path < <(clusterwiz_path_answer workdir)
    if [ -z "$answer" ]; then
        clusterwiz_warn "$TEXT_PATHS_UNPROBED"
        return
    fi
    workdir=$path
    if [ "$answer" = no ]; then
        # Launch makes the workdir; only an entry that is neither there nor uploaded is missing.
        if [ "$ENTRY_UPLOADED" = 1 ]; then
            clusterwiz_ok "$(clusterwiz_text "$TEXT_PATHS_MADE_UPLOADED" "$workdir" "${ENTRY##*/}")"
        else
            clusterwiz_fail "$(clusterwiz_text "$TEXT_PATHS_NO_WORKDIR" "$workdir")"
        fi
        return
    fi
    read -r writable path < <(clusterwiz_path_answer writable)
    if [ "$writable" = no ]; then
        clusterwiz_fail "$(clusterwiz_text "$TEXT_PATHS_NOT_WRITABLE" "$workdir")"
        return
    fi
    read -r answer entry < <(clusterwiz_path_answer entry)
    if [ "$answer" = no ]; then
        if [ "$ENTRY_UPLOADED" = 1 ]; then
            clusterwiz_ok "$(clusterwiz_text "$TEXT_PATHS_ENTRY_UPLOADED" "$workdir" "${ENTRY##*/}")"
        else
            clusterwiz_fail "$(clusterwiz_text "$TEXT_PATHS_NO_ENTRY" "$entry")"
        fi
        return
    fi
    clusterwiz_ok "$(clusterwiz_text "$TEXT_PATHS_OK" "$workdir" "${entry:-$ENTRY}")"
}

clusterwiz_check_sshd() {
    local status session port
    clusterwiz_fact sshd-processes >/dev/null
    status=$?
    case "$status" in
        0) ;;
        1) clusterwiz_fail "$TEXT_SSHD_NONE"; return ;;
        *) clusterwiz_warn "$TEXT_SSHD_UNKNOWN"; return ;;
    esac
    session=$(clusterwiz_fact ssh-connection) || session=""
    port=$(echo $session | awk 'NF == 4 && $4 ~ /^[0-9]+$/ && $4 >= 1 && $4 <= 65535 { print $4 }')
    if [ -n "$port" ]; then
        clusterwiz_ok "$(clusterwiz_text "$TEXT_SSHD_PORT" "$port")"
    else
        clusterwiz_ok "$TEXT_SSHD_RUNS"
    fi
}
