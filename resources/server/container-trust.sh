# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# shellcheck disable=SC2154 # name, inside, peer_keys and peer_hosts are the generated lines in front
# `container up`'s second round on one host: every container's key authorized in this one, and
# every container's host key in its known_hosts, so that mpirun logs in between them.
cw_container_trust() {
    cw_need_engine
    cw_container_running || cw_refuse not-running "container $name does not run: run container up first"
    "$engine" exec -i "$name" sh -c "$inside" sh trust "$peer_keys" "$peer_hosts" </dev/null ||
        cw_refuse inside-failed "writing the peers' keys inside $name failed"
}
