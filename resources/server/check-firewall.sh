# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash

# firewall-ports: this server's firewall facts and the ports it must let in go to one awk program
# (clusterwiz_firewall_awk), which reads them as discovery does and judges them as the C++ verdict
# does. It prints "ok REASON", "warn REASON" or "fail REASON".
clusterwiz_check_firewall_ports() {
    local verdict i
    verdict=$({
        clusterwiz_fact_sections ufw firewalld-state firewalld nft iptables
        echo "@@clusterwiz-probe need rc=0@@"
        for ((i = 0; i < ${#NEED_FIRST[@]}; i++)); do
            echo "${NEED_FIRST[$i]} ${NEED_LAST[$i]} ${NEED_WHAT[$i]}"
        done
    } | awk "$(clusterwiz_firewall_awk)")
    case "$verdict" in
        "ok "*) clusterwiz_ok "${verdict#ok }" ;;
        "warn "*) clusterwiz_warn "${verdict#warn }" ;;
        "fail "*) clusterwiz_fail "${verdict#fail }" ;;
        *) clusterwiz_warn "cannot judge the firewall rules: awk gave no verdict" ;;
    esac
}
