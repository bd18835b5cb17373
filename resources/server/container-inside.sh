# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=sh
# Runs inside the training container as root (`ENGINE exec -i NAME sh -c "$inside" sh MODE ...`):
#   setup PORT LISTEN ENV   sshd on PORT (ListenAddress LISTEN when set), a host key and a key
#                           pair, stdin's keys authorized, ENV where SSH sessions read it
#   trust KEYS KNOWN        the peers' keys authorized and their host keys known
#   status ACCELERATOR      what runs and what the container sees, as probe sections
# POSIX sh: an image need not have bash.
cw_say() { printf 'cw-container %s\n' "$*"; }
changed=""

# The lines between clusterwiz's markers for TAG in FILE become CONTENT: replaced where they are,
# or put first in a new block (before anything that returns early, as Debian's and Ubuntu's
# .bashrc do for non-interactive shells). Status 0 when FILE changed.
cw_put_block() {
    file=$1 tag=$2 mode=$4
    begin="# >>> clusterwiz $tag >>>" end="# <<< clusterwiz $tag <<<"
    printf '%s' "$3" >"$file.cw-body"
    [ -n "$3" ] && echo >>"$file.cw-body"
    [ -f "$file" ] || : >"$file"
    if grep -qxF "$begin" "$file"; then
        awk -v b="$begin" -v e="$end" -v body="$file.cw-body" '
            $0 == b { print; while ((getline line < body) > 0) print line; skip = 1; next }
            $0 == e { skip = 0 }
            !skip' "$file" >"$file.cw-new"
    else
        { echo "$begin"; cat "$file.cw-body"; echo "$end"; cat "$file"; } >"$file.cw-new"
    fi
    rm -f "$file.cw-body"
    chmod "$mode" "$file.cw-new"
    if cmp -s "$file.cw-new" "$file"; then
        rm -f "$file.cw-new"
        return 1
    fi
    mv "$file.cw-new" "$file"
}

# The container's own environment (its image's ENV: PATH, LD_LIBRARY_PATH, ...), which sshd does
# not pass to the sessions it starts, as export lines.
cw_image_environment() {
    tr '\0' '\n' </proc/1/environ | while IFS= read -r pair; do
        key=${pair%%=*}
        case "$key" in
        '' | *[!A-Za-z0-9_]* | HOSTNAME | HOME | TERM | container | PWD | SHLVL | _) continue ;;
        esac
        value=${pair#*=}
        printf "export %s='%s'\n" "$key" "$(printf '%s' "$value" | sed "s/'/'\\\\''/g")"
    done
}

cw_sshd_running() {
    pid=$(cat /run/sshd-clusterwiz.pid 2>/dev/null)
    [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null
}

cw_setup() {
    port=$1 listen=$2 environment=$3
    umask 077
    [ -x /usr/sbin/sshd ] || { cw_say "refused sshd-missing the image has no /usr/sbin/sshd: install openssh-server in it"; exit 3; }
    mkdir -p /run/sshd /root/.ssh
    chmod 700 /root/.ssh
    if [ ! -s /etc/ssh/ssh_host_ed25519_key ]; then
        ssh-keygen -q -t ed25519 -N '' -f /etc/ssh/ssh_host_ed25519_key </dev/null >/dev/null || exit 1
        changed="$changed host-key"
    fi
    if [ ! -s /root/.ssh/id_ed25519 ]; then
        ssh-keygen -q -t ed25519 -N '' -C clusterwiz-container -f /root/.ssh/id_ed25519 </dev/null >/dev/null || exit 1
        changed="$changed key-pair"
    fi
    if cw_put_block /root/.ssh/authorized_keys host "$(cat)" 600; then changed="$changed authorized_keys"; fi
    block=$(cw_image_environment)
    [ -n "$environment" ] && block="$block
$environment"
    if cw_put_block /root/.bashrc environment "$block" 644; then changed="$changed .bashrc"; fi
    conf=/etc/ssh/sshd_config_clusterwiz
    {
        echo "Port $port"
        [ -n "$listen" ] && echo "ListenAddress $listen"
        echo "HostKey /etc/ssh/ssh_host_ed25519_key"
        echo "PermitRootLogin prohibit-password"
        echo "PubkeyAuthentication yes"
        echo "PasswordAuthentication no"
        echo "ChallengeResponseAuthentication no"
        echo "AuthorizedKeysFile .ssh/authorized_keys"
        echo "UsePAM no"
        echo "PidFile /run/sshd-clusterwiz.pid"
        echo "Subsystem sftp internal-sftp"
    } >"$conf.cw-new"
    restart=""
    if cmp -s "$conf.cw-new" "$conf"; then
        rm -f "$conf.cw-new"
    else
        mv "$conf.cw-new" "$conf"
        changed="$changed sshd_config"
        restart=1
    fi
    if cw_sshd_running && [ -n "$restart" ]; then
        kill "$pid"
        for _ in 1 2 3 4 5 6 7 8 9 10; do cw_sshd_running || break; sleep 1; done
    fi
    if ! cw_sshd_running; then
        /usr/sbin/sshd -f "$conf" -E /var/log/sshd-clusterwiz.log ||
            { cw_say "refused sshd-failed sshd did not start: $(tail -n 2 /var/log/sshd-clusterwiz.log 2>/dev/null | tr '\n' ' ')"; exit 3; }
        changed="$changed sshd"
    fi
    cw_say "user-key $(head -n 1 /root/.ssh/id_ed25519.pub)"
    cw_say "host-key $(head -n 1 /etc/ssh/ssh_host_ed25519_key.pub)"
    if [ -n "$changed" ]; then cw_say "changed inside:$changed"; else cw_say "unchanged inside"; fi
}

cw_trust() {
    umask 077
    mkdir -p /root/.ssh
    if cw_put_block /root/.ssh/authorized_keys peers "$1" 600; then changed="$changed authorized_keys"; fi
    if cw_put_block /root/.ssh/known_hosts peers "$2" 644; then changed="$changed known_hosts"; fi
    if [ -n "$changed" ]; then cw_say "changed inside:$changed"; else cw_say "unchanged inside"; fi
}

# One probe section: the marker discovery uses, then the command's output.
cw_section() {
    name=$1
    shift
    out=$("$@" 2>&1)
    rc=$?
    echo "@@clusterwiz-probe $name rc=$rc@@"
    [ -n "$out" ] && printf '%s\n' "$out"
}

cw_status() {
    if cw_sshd_running; then cw_say "sshd running"; else cw_say "sshd stopped"; fi
    cw_say "host-key $(head -n 1 /etc/ssh/ssh_host_ed25519_key.pub 2>/dev/null)"
    cw_section hostname hostname
    cw_section host-ips hostname -I
    cw_section shm df -Pk /dev/shm
    case "$1" in
    ascend*) cw_section npu-smi npu-smi info ;;
    nvidia) cw_section nvidia-smi nvidia-smi -L ;;
    esac
    echo "@@clusterwiz-probe end rc=0@@"
}

mode=$1
shift
case "$mode" in
setup) cw_setup "$@" ;;
trust) cw_trust "$@" ;;
status) cw_status "$@" ;;
*) exit 64 ;;
esac
