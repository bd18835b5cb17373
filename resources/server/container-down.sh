# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# shellcheck disable=SC2154 # engine, name and project_label are the generated lines in front
# `container down` on one host: removes the container `up` made, and only it (everything inside
# goes with it; up writes nothing on the host).
cw_container_down() {
    local owner
    cw_need_engine
    if ! owner=$(cw_container_owner); then
        cw_say "unchanged no container $name"
        return 0
    fi
    [ "$owner" = "$project_label" ] ||
        cw_refuse name-taken "container $name was not created by clusterwiz for this project: left as it is"
    "$engine" rm -f "$name" >/dev/null || cw_refuse rm-failed "$engine rm -f $name failed"
    cw_say "changed removed container $name"
}
