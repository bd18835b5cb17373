# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# shellcheck disable=SC2154 # the container's values and `inside` are the generated lines in front
# `container up`'s first round on one host, and the start of its second: whether the container can
# be made here (or is made already), changing nothing.
cw_container_check() {
    local owner mount args=()
    cw_need_engine
    if owner=$(cw_container_owner); then
        [ "$owner" = "$project_label" ] ||
            cw_refuse name-taken "a container named $name exists that clusterwiz did not create for this project: remove or rename it, or set container.name"
        return 0
    fi
    "$engine" image inspect "$image" >/dev/null 2>&1 ||
        cw_refuse image-missing "image $image is not on this server: load it ($engine load -i FILE.tar) or pull it ($engine pull $image); clusterwiz never pulls by itself"
    # The engine refuses to start a container whose host folder is missing: say so before.
    for mount in "${host_mounts[@]}"; do
        [ -e "$mount" ] ||
            cw_refuse mount-missing "$mount (container.mounts) does not exist on this server: create it (mkdir -p $mount) or change the mount"
    done
    if cw_port_listening "$ssh_port"; then
        cw_refuse port-taken "port $ssh_port is in use on this server (ss -tuln): choose another container.ssh_port, the same on every server"
    fi
    cw_container_device_options
}

# `container up` on one host: the training container, made once and started again when stopped,
# then its sshd, keys and environment inside (container-inside.sh). A second run changes nothing.
cw_container_up() {
    local id errors keys args=()
    cw_container_check
    if cw_container_owner >/dev/null; then
        if cw_container_running; then
            cw_say "unchanged container $name runs"
        else
            "$engine" start "$name" >/dev/null || cw_refuse start-failed "$engine start $name failed"
            cw_say "changed started the stopped container $name"
        fi
    else
        cw_container_device_options
        errors=$(mktemp)
        # PID 1 sleeps until the container is stopped, and ends at once on SIGTERM.
        if ! id=$("$engine" run -d --name "$name" --label "io.clusterwiz.project=$project_label" \
            --network host --hostname "$(hostname)" "${args[@]}" "${options[@]}" "$image" \
            sh -c 'trap "exit 0" TERM; while :; do sleep 3600 & wait $!; done' 2>"$errors"); then
            cw_refuse run-failed "$engine run failed: $(tr '\n' ' ' <"$errors")"
        fi
        rm -f "$errors"
        cw_say "created ${id:0:12}"
    fi
    # Whoever may log in to this host may log in to its container.
    keys=$(cat ~/.ssh/authorized_keys 2>/dev/null)
    printf '%s\n' "$keys" |
        "$engine" exec -i "$name" sh -c "$inside" sh setup "$ssh_port" "$listen_ip" "$env_block" ||
        cw_refuse inside-failed "setting up sshd inside $name failed"
}
