# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# shellcheck disable=SC2154 # name, ssh_port and known_ip are set above for the server named
# containers.sh's own steps: what clusterwiz does between the servers, done through files.
# `keys`: this container's key and host key, as the lines `trust` reads on every server.
cw_container_keys() {
    local user host
    cw_need_engine
    cw_container_running || cw_refuse not-running "container $name does not run: run containers.sh up first"
    user=$("$engine" exec "$name" head -n 1 /root/.ssh/id_ed25519.pub) || exit 1
    host=$("$engine" exec "$name" head -n 1 /etc/ssh/ssh_host_ed25519_key.pub) || exit 1
    echo "authorized $user"
    read -r -a host_words <<<"$host"
    echo "known [$known_ip]:$ssh_port ${host_words[0]} ${host_words[1]}"
}

# `trust`: the `keys` lines of every server on stdin.
cw_container_trust_by_hand() {
    local kind rest
    peer_keys="" peer_hosts=""
    while read -r kind rest; do
        case "$kind" in
        authorized) peer_keys+="$rest"$'\n' ;;
        known) peer_hosts+="$rest"$'\n' ;;
        esac
    done
    cw_container_trust
}

case "${1-}" in
up) cw_container_up ;;
keys) cw_container_keys ;;
trust) cw_container_trust_by_hand ;;
status) cw_container_status ;;
down) cw_container_down ;;
*)
    echo "usage: bash containers.sh up|keys|trust|status|down SERVER" >&2
    exit 64
    ;;
esac
