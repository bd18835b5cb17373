# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# shellcheck disable=SC2154 # the container's values and `inside` are the generated lines in front
# `container status` on one host: only reads.
cw_container_status() {
    local owner
    cw_need_engine
    if ! owner=$(cw_container_owner); then
        cw_say "state absent"
        return 0
    fi
    if [ "$owner" != "$project_label" ]; then
        cw_say "state foreign"
        return 0
    fi
    cw_say "image $("$engine" container inspect --format '{{.Config.Image}}' "$name")"
    if cw_port_listening "$ssh_port"; then cw_say "port listening"; else cw_say "port closed"; fi
    if ! cw_container_running; then
        cw_say "state stopped"
        return 0
    fi
    cw_say "state running"
    "$engine" exec "$name" sh -c "$inside" sh status "$accelerator" </dev/null
}
