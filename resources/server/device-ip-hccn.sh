# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# shellcheck disable=SC2034 # READ_ERROR is read by the callers of clusterwiz_read_device_ip
# sudo's secure_path and non-login shells often leave out where the Ascend driver puts its
# tools (hccn_tool, npu-smi): look there too, after whatever PATH already has.
for clusterwiz_dir in /usr/local/Ascend/driver/tools /usr/local/sbin; do
    case ":$PATH:" in
        *":$clusterwiz_dir:"*) ;;
        *) [ -d "$clusterwiz_dir" ] && PATH="$PATH:$clusterwiz_dir" ;;
    esac
done
export PATH

# Runs one stored command line: its words are single-quoted, so the eval only splits them.
# A hung driver call must not hang the script.
clusterwiz_run_words() {
    local -a words
    eval "words=($1)"
    if command -v timeout >/dev/null 2>&1; then
        timeout 60 "${words[@]}"
    else
        "${words[@]}"
    fi
}

clusterwiz_first_line() {
    local text=${1//$'\r'/}
    text=${text%%$'\n'*}
    if [ -z "$text" ]; then
        echo "no output"
    else
        echo "$text"
    fi
}

# `hccn_tool -i N -ip -g` prints "ipaddr:A" and "netmask:M"; other lines are ignored.
clusterwiz_read_device_ip() {
    local output status line
    READ_ADDRESS=""
    READ_NETMASK=""
    READ_ERROR=""
    output=$(clusterwiz_run_words "${HCCN_GET_IP_COMMANDS[$1]}" 2>&1)
    status=$?
    while IFS= read -r line; do
        line=${line//[[:space:]]/}
        case "$line" in
            ipaddr:*) READ_ADDRESS=${line#ipaddr:} ;;
            netmask:*) READ_NETMASK=${line#netmask:} ;;
        esac
    done <<< "$output"
    if [ "$status" -ne 0 ]; then
        READ_ERROR="hccn_tool exited $status: $(clusterwiz_first_line "$output")"
        return 1
    fi
    if [ -z "$READ_ADDRESS" ] || [ -z "$READ_NETMASK" ]; then
        READ_ERROR="unrecognised output: $(clusterwiz_first_line "$output")"
        return 1
    fi
    return 0
}
