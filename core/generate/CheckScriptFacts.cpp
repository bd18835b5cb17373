// check.sh's facts: the rows of the fact table (discover/FactCommands.h) that the project asks
// for, with the exact words discovery's probe runs. check.sh gathers them on its server into one
// file in the probe's own format (`@@clusterwiz-probe NAME rc=N@@` and the output), and every
// verdict reads its facts back from there, so both verdicts read the same output of the same
// commands; with --facts DIR it reads recorded facts instead (tst_checkDifferential).
#include "generate/CheckScriptBash.h"

#include "discover/FactCommands.h"
#include "discover/ProbeScript.h"
#include "shell/ShellQuote.h"

#include <set>

using namespace Qt::StringLiterals;

namespace cw {
namespace {

// A command line stored as one bash word: its words quoted, then quoted once more as a value.
QString storedCommand(const QStringList &argv)
{
    return shellQuote(shellJoin(argv));
}

// Every device some server of the plan probes (discovery asks hccn_tool about these).
std::set<int> probedDevices(const Project &project)
{
    std::set<int> devices;
    for (const Server &server : project.servers) {
        for (int device : probedAscendDevices(server))
            devices.insert(device);
    }
    return devices;
}

} // namespace

QString checkFactTable(const Project &project)
{
    QString commands;
    QStringList order;
    QStringList deviceSections;
    QStringList ifPreviousOk;
    QStringList quick;
    bool devicesListed = false;
    const std::set<int> devices = probedDevices(project);
    const Server &anyServer = project.servers.front();
    for (const FactCommand &fact : factCommands()) {
        if (!factWanted(fact, project))
            continue;
        const QString name = QLatin1StringView(fact.section);
        switch (fact.devices) {
        case FactDevices::None:
            order << name;
            commands += u"    ["_s + name + u"]="_s +
                        storedCommand(factInvocations(fact, project, anyServer).front().argv) +
                        u'\n';
            break;
        case FactDevices::Each:
            if (!devicesListed)
                order << u"@devices"_s;
            devicesListed = true;
            deviceSections << name;
            for (int device : devices)
                commands += u"    ["_s + probe::deviceSection(fact.section, device) + u"]="_s +
                            storedCommand(fact.deviceArgv(device)) + u'\n';
            break;
        case FactDevices::First:
            order << name + u"@first"_s;
            for (int device : devices)
                commands += u"    ["_s + name + u'@' + QString::number(device) + u"]="_s +
                            storedCommand(fact.deviceArgv(device)) + u'\n';
            break;
        }
        if (fact.ifPreviousOk)
            ifPreviousOk << name;
        if (fact.quick)
            quick << name;
    }
    QString text = QStringLiteral(
        "\n# The facts the checks read: discovery's probe runs the same commands "
        "(FACT_COMMANDS[SECTION],\n# per device SECTION.N, the first device's SECTION@N) in the "
        "same order (FACT_ORDER: @devices\n# stands for FACT_DEVICE_SECTIONS of each device in "
        "turn).\n");
    text += u"declare -A FACT_COMMANDS=(\n"_s + commands + u")\n"_s;
    text += u"FACT_ORDER=("_s + order.join(u' ') + u")\n"_s;
    text += u"FACT_DEVICE_SECTIONS=("_s + deviceSections.join(u' ') + u")\n"_s;
    text += u"FACT_IF_PREVIOUS_OK=("_s + ifPreviousOk.join(u' ') + u")\n"_s;
    text += u"FACT_QUICK=("_s + quick.join(u' ') + u")\n"_s;
    text += u"FACT_TIMEOUT=%1\n"_s.arg(kProbeTimeoutSeconds);
    return text;
}

QString checkFactFunctions()
{
    return QStringLiteral(R"BASH(
# One fact as discovery's probe runs it: stdout and stderr together, no input, stopped after
# FACT_TIMEOUT s (exit 124) unless it is one of FACT_QUICK or its program is missing; prints its
# section marker with the exit status, then its output (a line of it that looks like a marker
# gets a space in front). Sets FACT_RC.
clusterwiz_probe_fact() {
    local out bounded=$CHECK_HAVE_TIMEOUT
    local -a words
    eval "words=(${FACT_COMMANDS[$2]})"
    case " ${FACT_QUICK[*]} " in
        *" ${2%%[.@]*} "*) bounded=0 ;;
    esac
    command -v "${words[0]}" >/dev/null 2>&1 || bounded=0
    if [ "$bounded" = 1 ]; then
        out=$(timeout -k 2 "$FACT_TIMEOUT" "${words[@]}" 2>&1 </dev/null)
    else
        out=$("${words[@]}" 2>&1 </dev/null)
    fi
    FACT_RC=$?
    case $out in
        *@@clusterwiz-probe*) out=$(printf '%s\n' "$out" | sed 's/^@@clusterwiz-probe/ &/') ;;
    esac
    printf '@@clusterwiz-probe %s rc=%s@@\n' "$1" "$FACT_RC"
    if [ -n "$out" ]; then printf '%s\n' "$out"; fi
}

# Every fact of this server, in discovery's order and format, ending with the end marker.
clusterwiz_gather_facts() (
    LC_ALL=C
    export LC_ALL
    PATH=${PATH:-/usr/bin:/bin}:/usr/local/sbin:/usr/sbin:/sbin:/usr/local/Ascend/driver/tools
    export PATH
    CHECK_HAVE_TIMEOUT=0
    timeout -k 2 1 true >/dev/null 2>&1 && CHECK_HAVE_TIMEOUT=1
    FACT_RC=0
    for entry in "${FACT_ORDER[@]}"; do
        case "$entry" in
            @devices)
                for device in "${DEVICES[@]}"; do
                    for section in "${FACT_DEVICE_SECTIONS[@]}"; do
                        clusterwiz_probe_fact "$section.$device" "$section.$device"
                    done
                done ;;
            *@first) clusterwiz_probe_fact "${entry%@first}" "${entry%@first}@${DEVICES[0]:-0}" ;;
            *)
                case " ${FACT_IF_PREVIOUS_OK[*]} " in
                    *" $entry "*) [ "$FACT_RC" = 0 ] || continue ;;
                esac
                clusterwiz_probe_fact "$entry" "$entry" ;;
        esac
    done
    printf '@@clusterwiz-probe end rc=0@@\n'
)

# Every server's facts, loaded once from its file (the probe's format): FACT_OUTPUT[J:SECTION] and
# FACT_STATUS[J:SECTION] for server J of the plan; FACTS_OF[J] says whether they could be had.
declare -A FACT_OUTPUT FACT_STATUS FACTS_OF FACT_ASKED
clusterwiz_load_facts() {
    local rank=$1 line name="" output="" pattern='^@@clusterwiz-probe ([^ ]+) rc=(-?[0-9]{1,9})@@$'
    FACTS_OF[$rank]=0
    [ -s "$2" ] || return 1
    while IFS= read -r line || [ -n "$line" ]; do
        line=${line%$'\r'}
        if [[ $line =~ $pattern ]]; then
            [ -n "$name" ] && clusterwiz_keep_fact "$rank:$name" "$output"
            name=${BASH_REMATCH[1]}
            FACT_STATUS[$rank:$name]=$(( ${BASH_REMATCH[2]} & 255 ))
            output=""
        elif [ -n "$name" ]; then
            output+=$line$'\n'
        fi
    done < "$2"
    [ -n "$name" ] && clusterwiz_keep_fact "$rank:$name" "$output"
    FACTS_OF[$rank]=1
}

# Trailing empty lines are no part of a section's output, as discovery reads it.
clusterwiz_keep_fact() {
    local output=$2
    while [[ $output == *$'\n' ]]; do output=${output%$'\n'}; done
    FACT_OUTPUT[$1]=$output
}

# clusterwiz_fact SECTION: this server's fact: prints its output, returns its command's exit
# status; 125 when it was not gathered.
clusterwiz_fact() { clusterwiz_peer_fact "$NODE_RANK" "$1"; }

# clusterwiz_fact_sections SECTION...: this server's facts of those sections, the ones gathered,
# in the probe's format: for a reader that takes several facts at once.
clusterwiz_fact_sections() {
    local name key
    for name in "$@"; do
        key="$NODE_RANK:$name"
        [ -n "${FACT_STATUS[$key]+x}" ] || continue
        printf '@@clusterwiz-probe %s rc=%s@@\n' "$name" "${FACT_STATUS[$key]}"
        if [ -n "${FACT_OUTPUT[$key]}" ]; then printf '%s\n' "${FACT_OUTPUT[$key]}"; fi
    done
}

# clusterwiz_peer_fact J SECTION: the same for server J, once clusterwiz_peer_facts J said yes.
clusterwiz_peer_fact() {
    local key="$1:$2"
    [ -n "${FACT_STATUS[$key]+x}" ] || return 125
    printf '%s' "${FACT_OUTPUT[$key]}"
    return "${FACT_STATUS[$key]}"
}

# Server J's facts: recorded (--facts), or gathered there once (check.sh --print-facts over SSH,
# logging in as mpirun does), and loaded; false when they cannot be had (--no-reach, no
# password-free login). Call it outside $(...), so that what it loads stays.
clusterwiz_peer_facts() {
    local file="$CHECK_FACTS_DIR/$1.facts"
    [ -n "${FACTS_OF[$1]:-}" ] && return $((1 - FACTS_OF[$1]))
    if [ "$CHECK_REPLAY" = 0 ] && [ "$1" != "$NODE_RANK" ]; then
        FACTS_OF[$1]=0
        [ "$CHECK_REACH" = 1 ] && [ -r "$CHECK_SELF" ] || return 1
        # The clock fact comes first: clock-skew compares it with this moment.
        FACT_ASKED[$1]=$(date +%s.%N)
        clusterwiz_limit 120 ssh -o BatchMode=yes -o ConnectTimeout=10 -p "${NODE_SSH_PORTS[$1]}" \
            "${NODE_IPS[$1]}" "CLUSTERWIZ_NODE_RANK=$1 bash -s -- --print-facts" \
            < "$CHECK_SELF" > "$file" 2>/dev/null || : > "$file"
    fi
    clusterwiz_load_facts "$1" "$file"
}

# The first non-blank line of a tool's output, trimmed, at most 160 characters: what clusterwiz
# names a tool's failure by.
clusterwiz_output_line() {
    local line
    line=$(printf '%s\n' "$1" | awk 'NF { sub(/^[ \t]+/, ""); sub(/[ \t]+$/, ""); print; exit }')
    echo "${line:0:160}"
}
)BASH");
}

} // namespace cw
