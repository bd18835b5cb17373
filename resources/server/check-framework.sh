# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# shellcheck disable=SC2034 # the options are read by the other parts of check.sh

clusterwiz_usage() {
    cat <<'USAGE'
Usage: check.sh [--net] [--no-reach] [--list] [--only ID[,ID...]] [--facts DIR] [--save-facts DIR] [--print-facts]
Checks this server against the plan and prints one line per finding, "[ OK ] CHECK: detail",
[WARN], [FAIL] or [SKIP], CHECK being the id that clusterwiz-cli check reports, then a summary.
It first gathers this server's facts with the commands clusterwiz's discovery runs, then judges
them as clusterwiz-cli check does.
Exit status: 0 when no check failed, 1 when one did, 2 on a usage error or when this server is
not in the plan (set CLUSTERWIZ_NODE_RANK to its index in the plan).
  --net              device-net-health: test the device network to the same device of every
                     other server (hccn_tool -netdetect, then -net_health; sets each device's
                     detection address)
  --no-reach         do not contact the other servers (ssh, master-port-reachable, peer-login,
                     and the facts of the others that hostname, device-tls and versions compare)
  --list             print the checks and the ports this server must let in, then exit
  --only IDS         run only these checks (comma-separated ids); a restarting run's supervisor
                     asks for the accelerator and device-link checks this way between attempts
  --facts DIR        judge facts recorded before instead of gathering them: DIR/N.facts holds the
                     facts of the server of plan index N (--save-facts or --print-facts wrote
                     them); checks of live connections are not judged
  --save-facts DIR   keep the facts this run gathered in DIR (N.facts per server)
  --print-facts      print this server's facts and exit
USAGE
}

CHECK_NET=0
CHECK_REACH=1
CHECK_LIST=0
CHECK_ONLY=""
CHECK_REPLAY=0
CHECK_PRINT_FACTS=0
CHECK_FACTS_DIR=""
CHECK_SAVE_DIR=""
CHECK_SELF=${BASH_SOURCE[0]:-}
while [ "$#" -gt 0 ]; do
    case "$1" in
        --net) CHECK_NET=1 ;;
        --no-reach) CHECK_REACH=0 ;;
        --list) CHECK_LIST=1 ;;
        --only)
            if [ "$#" -lt 2 ] || [ -z "$2" ]; then
                echo "check.sh: --only needs check ids" >&2
                exit 2
            fi
            CHECK_ONLY=",$2,"
            shift ;;
        --print-facts) CHECK_PRINT_FACTS=1 ;;
        --facts | --save-facts)
            if [ "$#" -lt 2 ] || [ -z "$2" ]; then
                echo "check.sh: $1 needs a folder" >&2
                exit 2
            fi
            if [ "$1" = --facts ]; then CHECK_REPLAY=1; CHECK_FACTS_DIR=$2; else CHECK_SAVE_DIR=$2; fi
            shift ;;
        -h|--help) clusterwiz_usage; exit 0 ;;
        *) echo "check.sh: unknown argument: $1" >&2; clusterwiz_usage >&2; exit 2 ;;
    esac
    shift
done

CHECKS_OK=0
CHECKS_WARN=0
CHECKS_FAILED=0
CHECKS_SKIPPED=0
CHECK_ID=""
clusterwiz_ok() { echo "[ OK ] $CHECK_ID: $1"; CHECKS_OK=$((CHECKS_OK + 1)); }
clusterwiz_warn() { echo "[WARN] $CHECK_ID: $1"; CHECKS_WARN=$((CHECKS_WARN + 1)); }
clusterwiz_fail() { echo "[FAIL] $CHECK_ID: $1"; CHECKS_FAILED=$((CHECKS_FAILED + 1)); }
clusterwiz_skip() { echo "[SKIP] $CHECK_ID: $1"; CHECKS_SKIPPED=$((CHECKS_SKIPPED + 1)); }

# clusterwiz_text TEXT ARG...: one of the C++ verdicts' texts of the header (TEXT_...) with %1
# the first ARG, %2 the second..., as the C++ fills it in.
clusterwiz_text() {
    local text=$1 arg n=1
    shift
    for arg; do
        text=${text//"%$n"/"$arg"}
        n=$((n + 1))
    done
    printf '%s' "$text"
}

# clusterwiz_join_reasons PART...: the parts as the C++ joinReasons() joins them, "a; b; c and
# 2 more" (the first REASONS_SHOWN, then how many are left); clusterwiz_join_shown SHOWN PART...
# shows SHOWN of them.
clusterwiz_join_reasons() { clusterwiz_join_shown "$REASONS_SHOWN" "$@"; }
clusterwiz_join_shown() {
    local shown=$1 joined=$2 n=1
    shift 2
    while [ "$#" -gt 0 ] && [ "$n" -lt "$shown" ]; do
        joined=$(clusterwiz_text "$TEXT_REASONS_JOIN" "$joined" "$1")
        n=$((n + 1))
        shift
    done
    [ "$#" -gt 0 ] && joined=$(clusterwiz_text "$TEXT_REASONS_AND_MORE" "$joined" "$#")
    printf '%s' "$joined"
}

# clusterwiz_check ID WHERE CONTACT JUDGED FUNCTION: one check of the table. WHERE: the servers
# that decide it (all, master, others; hub: the server that logs in to the others, PEER_HUB;
# targets: the others); CONTACT: "reach" when it connects to other servers; JUDGED: "facts" when
# it is judged from gathered facts, "live" when it tests live connections.
clusterwiz_check() {
    CHECK_ID=$1
    if [ -n "$CHECK_ONLY" ]; then
        case "$CHECK_ONLY" in *",$1,"*) ;; *) return ;; esac
    fi
    if [ "$CHECK_LIST" = 1 ]; then
        echo "check $1"
        return
    fi
    case "$2" in
        master) [ "$NODE_RANK" = 0 ] || { clusterwiz_skip "$MASTER_SKIP"; return; } ;;
        others) [ "$NODE_RANK" != 0 ] || { clusterwiz_skip "$OTHERS_SKIP"; return; } ;;
        hub) [ "$NODE_RANK" = "$PEER_HUB" ] || { clusterwiz_skip "$PEER_HUB_SKIP"; return; } ;;
        targets) [ "$NODE_RANK" != "$PEER_HUB" ] || { clusterwiz_skip "$PEER_TARGET_SKIP"; return; } ;;
    esac
    if [ "$4" = live ] && [ "$CHECK_REPLAY" = 1 ]; then
        clusterwiz_skip "not judged from recorded facts (it tests live connections)"
        return
    fi
    if [ "$3" = reach ] && [ "$4" = live ] && [ "$CHECK_REACH" = 0 ]; then
        clusterwiz_skip "not tested (--no-reach)"
        return
    fi
    "$5"
}

# The ports this server must let in (clusterwiz_required_ports), as parallel arrays.
NEED_FIRST=()
NEED_LAST=()
NEED_WHAT=()
clusterwiz_need_port() { NEED_FIRST+=("$1"); NEED_LAST+=("$2"); NEED_WHAT+=("$3"); }
clusterwiz_port_span() {
    if [ "${NEED_FIRST[$1]}" = "${NEED_LAST[$1]}" ]; then
        echo "${NEED_FIRST[$1]}"
    else
        echo "${NEED_FIRST[$1]}-${NEED_LAST[$1]}"
    fi
}
# A span of ports as the C++ portSpanText() writes it: "60000-60031", or "22" alone.
clusterwiz_span_text() { if [ "$1" = "$2" ]; then echo "$1"; else echo "$1-$2"; fi; }
clusterwiz_port_text() { echo "$(clusterwiz_port_span "$1") (${NEED_WHAT[$1]})"; }

clusterwiz_have() { command -v "$1" >/dev/null 2>&1; }

# A tool that hangs (a wedged driver, an unreachable peer) must not hang the checks.
clusterwiz_limit() {
    local seconds=$1
    shift
    if clusterwiz_have timeout; then
        timeout "$seconds" "$@"
    else
        "$@"
    fi
}

# The last non-empty line: where a Python traceback says what went wrong.
clusterwiz_last_line() {
    printf '%s\n' "$1" | tr -d '\r' | awk 'NF { line = $0 } END { print (line == "" ? "no output" : line) }'
}

# The value after "LABEL:" in a tool's output, LABEL given as words; spaces around it tolerated.
clusterwiz_value_of() {
    local pattern=${1// /[[:space:]]*}
    printf '%s\n' "$2" | tr -d '\r' \
        | sed -n "s/^[[:space:]]*${pattern}[[:space:]]*:[[:space:]]*//p" | head -n 1 \
        | sed -e 's/[[:space:]]*$//'
}
