# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# shellcheck disable=SC2154 # engine, name and project_label are the generated lines in front
# The parts every container step on a host shares (docs/containers.md). Results for clusterwiz
# are `cw-container WORD ...` lines; a refusal ends the step with status 3 and changes nothing.
cw_say() { printf 'cw-container %s\n' "$*"; }
cw_refuse() {
    cw_say "refused $1 $2"
    exit 3
}
cw_need_engine() {
    local answer
    command -v "$engine" >/dev/null 2>&1 ||
        cw_refuse engine-missing "$engine is not installed on this server: install it, or set container.engine to the engine it has"
    # A docker CLI without its daemon would make every image look missing: say what it is.
    answer=$("$engine" version 2>&1 >/dev/null) ||
        cw_refuse engine-unavailable "$engine is installed but does not answer ($(printf '%s' "$answer" | tr '\n' ' ' | cut -c1-200)): start its service (systemctl start $engine), or set container.engine to the engine that runs here"
}
# The project label of the container called $name; status 1 when there is no such container.
cw_container_owner() {
    "$engine" container inspect --format '{{index .Config.Labels "io.clusterwiz.project"}}' "$name" 2>/dev/null
}
cw_container_running() {
    [ "$("$engine" container inspect --format '{{.State.Running}}' "$name" 2>/dev/null)" = true ]
}
# Whether something listens on TCP or UDP port $1 of this host, as `ss -tuln` shows it (the
# vendor's guide checks the port the same way).
cw_port_listening() {
    ss -Htuln 2>/dev/null | awk -v p=":$1" '{ if (substr($5, length($5) - length(p) + 1) == p) f = 1 } END { exit !f }'
}
