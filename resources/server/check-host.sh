# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# shellcheck disable=SC2086,SC2116 # echo $x: a fact of addresses and ports, its whitespace collapsed
# shellcheck disable=SC2153 # ENTRY: a project value that check.sh sets above

# A fact that timed out (124) or never arrived: the verdict says so instead of guessing.
clusterwiz_unanswered() {
    case "$1" in
        124) echo "did not answer within $FACT_TIMEOUT s" ;;
        125) echo "did not answer: the probe output stopped before it" ;;
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
        clusterwiz_warn "hostname unknown"
        return
    fi
    for ((j = 0; j < NODE_COUNT; j++)); do
        [ "$j" = "$NODE_RANK" ] && continue
        clusterwiz_peer_facts "$j" || continue
        output=$(clusterwiz_peer_fact "$j" hostname) || continue
        other=$(clusterwiz_hostname_of "$output")
        [ "$other" = "$name" ] || continue
        # OpenMPI takes two servers of one hostname for one host (shared memory between them).
        if [ "$LAUNCH_MODE" = mpirun ]; then
            clusterwiz_fail "hostname $name is also ${NODE_NAMES[$j]}'s hostname"
        else
            clusterwiz_warn "hostname $name is also ${NODE_NAMES[$j]}'s hostname"
        fi
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
        clusterwiz_fail "host_ip is empty and host '$HOST_IP' is not an address: set host_ip (this server has $listed), or run discover --update"
        return
    fi
    nic=$(clusterwiz_fact ip-addr | awk -v ip="$HOST_IP" '$3 == "inet" { split($4, a, "/"); if (a[1] == ip) { n = $2; sub(/:$/, "", n); sub(/@.*/, "", n); print n; exit } }')
    # hostname -I leaves out loopback; ip addr lists it (a one-server job on 127.0.0.1).
    if [[ " $listed " != *" $HOST_IP "* ]] && [ -z "$nic" ]; then
        clusterwiz_fail "host_ip $HOST_IP is not an address of this server (hostname -I: ${listed:-nothing})"
        return
    fi
    if [ -n "${NODE_NICS[$NODE_RANK]}" ] && [ -n "$nic" ] && [ "$nic" != "${NODE_NICS[$NODE_RANK]}" ]; then
        clusterwiz_warn "host_ip $HOST_IP is on $nic, but the project pins the NIC ${NODE_NICS[$NODE_RANK]}"
    else
        clusterwiz_ok "$HOST_IP${nic:+ on $nic}"
    fi
}

# launch.python as the probe ran it: "python V", "executable P", then per package of
# launch.framework "package NAME VERSION" or "package-missing NAME".
clusterwiz_check_python_torch() {
    local output status version executable missing found entry name silent
    output=$(clusterwiz_fact python)
    status=$?
    if silent=$(clusterwiz_unanswered "$status"); then
        clusterwiz_fail "$PYTHON $silent"
        return
    fi
    if [ "$status" = 127 ] || [ "$status" = 126 ]; then
        clusterwiz_fail "$PYTHON does not run: $(clusterwiz_output_line "$output")"
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
        clusterwiz_fail "$PYTHON (Python $version) has no ${missing//,/, } installed (no package metadata; $FRAMEWORK needs it): install it for this interpreter"
        return
    fi
    [ "$found" = - ] && found=""
    found=${found//=/ }
    clusterwiz_ok "$executable: Python $version${found:+, ${found//,/, }}"
}

clusterwiz_check_mpirun() {
    local output status silent
    output=$(clusterwiz_fact mpirun)
    status=$?
    if silent=$(clusterwiz_unanswered "$status"); then
        clusterwiz_fail "mpirun --version $silent"
        return
    fi
    if [ "$status" = 127 ]; then
        clusterwiz_fail "mpirun not found (mpirun mode needs OpenMPI on every server)"
        return
    fi
    # Without --prefix, mpirun starts orted by name in a non-interactive SSH login.
    local orted
    orted=$(clusterwiz_fact orted) || orted=""
    if [ -z "$MPIRUN_PREFIX" ] && [ -z "$orted" ]; then
        clusterwiz_fail "orted is not on the PATH of a non-interactive SSH login, so mpirun cannot start its daemon here: set launch.mpirun.prefix to the OpenMPI installation (e.g. /usr/lib/x86_64-linux-gnu/openmpi), or install openmpi-bin on this server"
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
        clusterwiz_fail "looking for msrun $silent"
        return
    fi
    output=$(clusterwiz_output_line "$output")
    if [ "$status" = 0 ] && [ -n "$output" ]; then
        clusterwiz_ok "$output"
        return
    fi
    where="msrun is neither on the PATH of a non-interactive SSH login nor beside ${PYTHON:-python3}; MindSpore installs it"
    # check.sh does not run env_setup; train.sh does, and it may put msrun on the PATH.
    if [ "$ENV_SETUP_LINES" -gt 0 ]; then
        clusterwiz_warn "$where: train.sh finds it only if launch.env_setup puts it on the PATH"
    else
        clusterwiz_fail "$where: install MindSpore for launch.python, or add to launch.env_setup the line that activates its environment"
    fi
}

# The paths fact: "KIND yes|no PATH" per workdir, writable, entry and sourced (setenv) file.
clusterwiz_path_answer() {
    clusterwiz_fact paths | awk -v kind="$1" '$1 == kind && ($2 == "yes" || $2 == "no") && NF >= 3 {
        a = $2; $1 = ""; $2 = ""; sub(/^  /, ""); print a, $0 }'
}

clusterwiz_check_cann_env() {
    local answer path present missing="" looked="" found="" count=0
    while read -r answer path; do
        [ -n "$answer" ] || continue
        count=$((count + 1))
        if [ "${#CANN_SET_ENV_PLACES[@]}" -gt 0 ] && [[ " ${CANN_SET_ENV_PLACES[*]} " == *" $path "* ]]; then
            looked="$looked${looked:+, }$path"
            [ "$answer" = yes ] && [ -z "$found" ] && found=$path
        elif [ "$answer" = no ]; then
            missing="$missing${missing:+; }$path"
        fi
        present=$path
    done < <(clusterwiz_path_answer setenv)
    if [ "$count" = 0 ]; then
        clusterwiz_skip "env_setup sources no file"
    elif [ -n "$missing" ]; then
        clusterwiz_fail "missing or unreadable: $missing"
    elif [ "${#CANN_SET_ENV_PLACES[@]}" -gt 0 ] && [ -z "$found" ]; then
        clusterwiz_fail "CANN's set_env.sh is in none of its places ($looked): install the CANN toolkit, or source its set_env.sh in launch.env_setup"
    elif [ "${#CANN_SET_ENV_PLACES[@]}" -gt 0 ]; then
        clusterwiz_warn "$found is here, but launch.env_setup does not source it: a job started over SSH gets no CANN libraries (add \"source $found\")"
    elif [ "$count" = 1 ]; then
        clusterwiz_ok "$present present"
    else
        clusterwiz_ok "$count files present"
    fi
}

clusterwiz_check_paths() {
    local workdir entry writable answer path
    read -r answer path < <(clusterwiz_path_answer workdir)
    if [ -z "$answer" ]; then
        clusterwiz_warn "paths were not probed"
        return
    fi
    workdir=$path
    if [ "$answer" = no ]; then
        # Launch makes the workdir; only an entry that is neither there nor uploaded is missing.
        if [ "$ENTRY_UPLOADED" = 1 ]; then
            clusterwiz_ok "workdir $workdir is made and ${ENTRY##*/} uploaded at launch"
        else
            clusterwiz_fail "workdir $workdir does not exist, nor the entry in it (copy it there, or list it in launch.upload)"
        fi
        return
    fi
    read -r writable path < <(clusterwiz_path_answer writable)
    if [ "$writable" = no ]; then
        clusterwiz_fail "workdir $workdir is not writable (the scripts and logs go there)"
        return
    fi
    read -r answer entry < <(clusterwiz_path_answer entry)
    if [ "$answer" = no ]; then
        if [ "$ENTRY_UPLOADED" = 1 ]; then
            clusterwiz_ok "$workdir exists; ${ENTRY##*/} is uploaded at launch"
        else
            clusterwiz_fail "entry $entry does not exist (copy it there, or list it in launch.upload)"
        fi
        return
    fi
    clusterwiz_ok "$workdir and ${entry:-$ENTRY} exist"
}

clusterwiz_check_sshd() {
    local status session port
    clusterwiz_fact sshd-processes >/dev/null
    status=$?
    case "$status" in
        0) ;;
        1) clusterwiz_fail "no sshd process found"; return ;;
        *) clusterwiz_warn "cannot tell whether sshd runs (pgrep missing)"; return ;;
    esac
    session=$(clusterwiz_fact ssh-connection) || session=""
    port=$(echo $session | awk 'NF == 4 && $4 ~ /^[0-9]+$/ && $4 >= 1 && $4 <= 65535 { print $4 }')
    clusterwiz_ok "${port:+sshd serves port $port}${port:-sshd runs}"
}
