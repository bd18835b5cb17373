# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=sh
# shellcheck disable=SC2154 # cw_t: the line before these functions sets it (ProbeScript.cpp)
cw_print() {
    case $cw_out in
    *@@clusterwiz-probe*) cw_out=$(printf '%s\n' "$cw_out" | sed 's/^@@clusterwiz-probe/ &/') ;;
    esac
    printf '@@clusterwiz-probe %s rc=%s@@\n' "$cw_name" "$cw_rc"
    if [ -n "$cw_out" ]; then printf '%s\n' "$cw_out"; fi
}
cw_probe() {
    cw_name=$1
    shift
    if command -v "$1" >/dev/null 2>&1; then
        cw_out=$($cw_t "$@" 2>&1 </dev/null)
    else
        cw_out=$("$@" 2>&1 </dev/null)
    fi
    cw_rc=$?
    cw_print
}
cw_quick() {
    cw_name=$1
    shift
    cw_out=$("$@" 2>&1 </dev/null)
    cw_rc=$?
    cw_print
}
