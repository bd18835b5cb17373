// check.sh's checks of the server's own state. Facts come from the FACT_* arrays, the commands of
// the check table that discovery runs too (checklist/FactCommands.h).
#include "generate/CheckScriptBash.h"

namespace cw {

QString checkHostFunctions()
{
    return QStringLiteral(R"BASH(
clusterwiz_check_hostname() {
    local name
    name=$(clusterwiz_limit 10 "${FACT_HOSTNAME[@]}" 2>/dev/null | tr -d '\r' | head -n 1)
    case "$name" in
        "") clusterwiz_fail "${FACT_HOSTNAME[*]} printed nothing" ;;
        localhost|localhost.*) clusterwiz_warn "$name: OpenMPI and HCCL tell servers apart by hostname; give this server its own" ;;
        *) clusterwiz_ok "$name" ;;
    esac
}

clusterwiz_check_host_ip() {
    local listing addresses actual_nic=""
    if clusterwiz_have "${FACT_IP_ADDR[0]}"; then
        listing=$(clusterwiz_limit 10 "${FACT_IP_ADDR[@]}" 2>/dev/null)
        addresses=$(printf '%s\n' "$listing" | awk '$3 == "inet" { split($4, a, "/"); printf "%s ", a[1] }')
        actual_nic=$(printf '%s\n' "$listing" | awk -v ip="$HOST_IP" '$3 == "inet" { split($4, a, "/"); if (a[1] == ip) { print $2; exit } }')
    else
        addresses=$(clusterwiz_limit 10 "${FACT_HOSTNAME_I[@]}" 2>/dev/null)
    fi
    if [ -z "${addresses// /}" ]; then
        clusterwiz_warn "cannot list this server's addresses (no ${FACT_IP_ADDR[0]}, no ${FACT_HOSTNAME_I[*]})"
    elif [[ " $addresses " != *" $HOST_IP "* ]]; then
        clusterwiz_fail "$HOST_IP is not an address of this server (it has: ${addresses% }); the other servers and the launch variables use it"
    elif [ -n "${NODE_NICS[$NODE_RANK]}" ] && [ -n "$actual_nic" ] && [ "$actual_nic" != "${NODE_NICS[$NODE_RANK]}" ]; then
        clusterwiz_warn "$HOST_IP is on $actual_nic, but the plan pins the NIC ${NODE_NICS[$NODE_RANK]}"
    else
        clusterwiz_ok "$HOST_IP${actual_nic:+ on $actual_nic}"
    fi
}

clusterwiz_check_python_torch() {
    local path version line missing="" found=""
    if ! path=$(command -v "$PYTHON" 2>/dev/null); then
        clusterwiz_fail "$PYTHON not found (launch.python)"
        return
    fi
    version=$("$PYTHON" --version 2>&1 | head -n 1)
    # launch.framework's packages by their installed metadata: importing them costs seconds.
    while read -r line; do
        case "$line" in
            "package-missing "*) missing="$missing ${line#package-missing }" ;;
            "package "*) found="$found, ${line#package }" ;;
        esac
    done < <(clusterwiz_package_versions)
    if [ -n "$missing" ]; then
        clusterwiz_fail "$path ($version) has no${missing} installed (no package metadata; launch.framework $FRAMEWORK needs it)"
    elif [ -z "$found" ]; then
        clusterwiz_fail "$path ($version) did not answer within 60 s"
    else
        clusterwiz_ok "$path: $version${found}"
    fi
}

clusterwiz_check_mpirun() {
    local mpirun=${FACT_MPIRUN[0]}
    [ -n "$MPIRUN_PREFIX" ] && mpirun="$MPIRUN_PREFIX/bin/$mpirun"
    if ! clusterwiz_have "$mpirun"; then
        clusterwiz_fail "$mpirun not found (launch.mode mpirun needs OpenMPI on every server)"
        return
    fi
    # Without --prefix mpirun starts orted by name over a non-interactive SSH login.
    if [ -z "$MPIRUN_PREFIX" ] && ! "${FACT_ORTED[@]}" >/dev/null 2>&1; then
        clusterwiz_fail "orted is not on the PATH of a non-interactive login, so mpirun cannot start its daemon here: set launch.mpirun.prefix to the OpenMPI installation, or install openmpi-bin"
        return
    fi
    clusterwiz_ok "$(clusterwiz_limit 30 "$mpirun" "${FACT_MPIRUN[@]:1}" 2>&1 | head -n 1)"
}

# msrun as train.sh finds it: on the PATH, or beside launch.python (pip puts it there).
clusterwiz_check_msrun() {
    local msrun where
    msrun=$(clusterwiz_limit 10 "${FACT_MSRUN[@]}" "$PYTHON" 2>/dev/null | head -n 1)
    if [ -n "$msrun" ]; then
        clusterwiz_ok "$msrun"
        return
    fi
    where="msrun is neither on the PATH of a non-interactive login nor beside $PYTHON; MindSpore installs it"
    # check.sh does not run env_setup; train.sh does, and it may put msrun on the PATH.
    if [ "${#ENV_SETUP_PATHS[@]}" -gt 0 ] || [ "${#ENV_SETUP_UNCHECKED[@]}" -gt 0 ]; then
        clusterwiz_warn "$where: train.sh finds it only if launch.env_setup puts it on the PATH"
    else
        clusterwiz_fail "$where: install MindSpore for launch.python, or add to launch.env_setup the line that activates its environment"
    fi
}

clusterwiz_check_cann_env() {
    local i path
    if [ "${#CANN_SET_ENV_PLACES[@]}" -gt 0 ]; then
        for path in "${CANN_SET_ENV_PLACES[@]}"; do
            if [ -f "$path" ]; then
                clusterwiz_warn "$path is here, but launch.env_setup does not source it: a job started over SSH gets no CANN libraries (add \"source $path\")"
                break
            fi
        done
        if [ "$path" = "${CANN_SET_ENV_PLACES[-1]}" ] && [ ! -f "$path" ]; then
            clusterwiz_fail "CANN's set_env.sh is in none of its places (${CANN_SET_ENV_PLACES[*]}): install the CANN toolkit, or source its set_env.sh in launch.env_setup"
        fi
    fi
    if [ "${#ENV_SETUP_PATHS[@]}" = 0 ] && [ "${#ENV_SETUP_UNCHECKED[@]}" = 0 ]; then
        [ "${#CANN_SET_ENV_PLACES[@]}" -gt 0 ] || clusterwiz_skip "env_setup sources no file"
        return
    fi
    for ((i = 0; i < ${#ENV_SETUP_PATHS[@]}; i++)); do
        case "${ENV_SETUP_ROOTS[$i]}" in
            home) path="$HOME/${ENV_SETUP_PATHS[$i]}" ;;
            workdir) path="$WORKDIR/${ENV_SETUP_PATHS[$i]}" ;;
            *) path=${ENV_SETUP_PATHS[$i]} ;;
        esac
        if [ -f "$path" ]; then
            clusterwiz_ok "$path exists"
        else
            clusterwiz_fail "$path not found (launch.env_setup sources it; is the toolkit installed here?)"
        fi
    done
    for ((i = 0; i < ${#ENV_SETUP_UNCHECKED[@]}; i++)); do
        clusterwiz_warn "not checked, the file depends on shell expansion: ${ENV_SETUP_UNCHECKED[$i]}"
    done
}

clusterwiz_check_paths() {
    local entry=$ENTRY
    if [ -d "$WORKDIR" ]; then
        clusterwiz_ok "workdir $WORKDIR"
    else
        clusterwiz_fail "workdir $WORKDIR is not a folder on this server (launch.workdir)"
    fi
    case "$entry" in
        /*) ;;
        *) entry="$WORKDIR/$entry" ;;
    esac
    if [ -f "$entry" ]; then
        clusterwiz_ok "entry $entry"
    else
        clusterwiz_fail "entry $entry not found (launch.entry, relative to launch.workdir)"
    fi
}

clusterwiz_check_sshd() {
    local processes session port
    if ! clusterwiz_have "${FACT_SSHD_PROCESSES[0]}"; then
        clusterwiz_warn "cannot tell whether sshd runs (${FACT_SSHD_PROCESSES[0]} missing)"
        return
    fi
    processes=$(clusterwiz_limit 10 "${FACT_SSHD_PROCESSES[@]}" 2>/dev/null | grep -c .)
    if [ "$processes" = 0 ]; then
        clusterwiz_fail "no sshd process found"
        return
    fi
    # Run over SSH, the session says which port sshd served it on.
    session=$("${FACT_SSH_CONNECTION[@]}" 2>/dev/null)
    port=${session##* }
    if [[ "$port" =~ ^[0-9]+$ ]]; then
        clusterwiz_ok "sshd serves port $port"
    else
        clusterwiz_ok "sshd runs ($processes processes)"
    fi
}
)BASH");
}

QString checkNvidiaFunction()
{
    return QStringLiteral(R"BASH(
clusterwiz_check_accelerator() {
    local output status count device missing=""
    if ! clusterwiz_have "${FACT_NVIDIA_SMI[0]}"; then
        clusterwiz_fail "${FACT_NVIDIA_SMI[0]} not found on PATH (NVIDIA driver not installed?)"
        return
    fi
    output=$(clusterwiz_limit 60 "${FACT_NVIDIA_SMI[@]}" 2>&1)
    status=$?
    count=$(printf '%s\n' "$output" | grep -c '^GPU [0-9][0-9]*:')
    if [ "$status" -ne 0 ]; then
        clusterwiz_fail "${FACT_NVIDIA_SMI[*]} exited $status: $(clusterwiz_last_line "$output")"
        return
    fi
    for device in "${DEVICES[@]}"; do
        [ "$device" -ge "$count" ] && missing="$missing $device"
    done
    if [ -n "$missing" ]; then
        clusterwiz_fail "$count GPUs, the plan uses devices ${DEVICES[*]}; missing:$missing"
    else
        clusterwiz_ok "$count GPUs; planned devices ${DEVICES[*]} present"
    fi
}
)BASH");
}

QString checkCpuFunction()
{
    return QStringLiteral(R"BASH(
clusterwiz_check_accelerator() { clusterwiz_skip "cpu project: no accelerator needed"; }
)BASH");
}

} // namespace cw
