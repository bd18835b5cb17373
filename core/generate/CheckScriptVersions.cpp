// check.sh's package versions (from installed metadata, no import, like discovery's probe) and
// the versions check: the master gathers every server's versions over SSH and names the
// servers of each version of a component that differs.
#include "generate/CheckScriptBash.h"

namespace cw {

QString checkVersionFunctions()
{
    return QStringLiteral(R"BASH(
# "package NAME VERSION" or "package-missing NAME" per FRAMEWORK_PACKAGES entry ("a|b": either
# distribution name), read from the installed metadata.
clusterwiz_package_versions() {
    clusterwiz_limit 60 "$PYTHON" -c '
import sys
from importlib import metadata
for arg in sys.argv[1:]:
    names = arg.split("|")
    found = None
    for n in names:
        try:
            found = metadata.version(n)
            break
        except Exception:
            pass
    print(("package " + names[0] + " " + found) if found else ("package-missing " + names[0]))
' "${FRAMEWORK_PACKAGES[@]}" 2>/dev/null
}

# "COMPONENT<TAB>VERSION" lines, the components the versions check compares.
clusterwiz_versions() {
    local board line
    if [[ "$ACCELERATOR" == ascend* ]]; then
        board=$(clusterwiz_limit 20 npu-smi info -t board -i "${DEVICES[0]:-0}" 2>/dev/null)
        line=$(clusterwiz_value_of "Software Version" "$board")
        [ -n "$line" ] && printf 'NPU driver\t%s\n' "$line"
        line=$(clusterwiz_value_of "Firmware Version" "$board")
        [ -n "$line" ] && printf 'NPU firmware\t%s\n' "$line"
        line=$("${FACT_CANN_VERSION[@]}" 2>/dev/null | sed -n 's/^version=//p' | head -n 1)
        [ -n "$line" ] && printf 'CANN\t%s\n' "$line"
    fi
    line=$("$PYTHON" -c 'import sys; print(sys.version.split()[0])' 2>/dev/null)
    [ -n "$line" ] && printf 'Python\t%s\n' "$line"
    clusterwiz_package_versions | awk '$1 == "package" { printf "%s\t%s\n", $2, $3 }'
}

clusterwiz_check_versions() {
    local j all="" remote output line
    remote="$(declare -p PYTHON ACCELERATOR DEVICES FRAMEWORK_PACKAGES FACT_CANN_VERSION 2>/dev/null)
$(declare -f clusterwiz_have clusterwiz_limit clusterwiz_value_of clusterwiz_package_versions clusterwiz_versions)
clusterwiz_versions"
    for ((j = 0; j < NODE_COUNT; j++)); do
        if [ "$j" = "$NODE_RANK" ]; then
            output=$(clusterwiz_versions)
        elif ! output=$(clusterwiz_limit 90 ssh -o BatchMode=yes -o ConnectTimeout=10 -p "${NODE_SSH_PORTS[$j]}" "${NODE_IPS[$j]}" bash -s <<<"$remote" 2>/dev/null); then
            clusterwiz_warn "${NODE_NAMES[$j]}: versions not compared (no password-free login to ${NODE_IPS[$j]})"
            continue
        fi
        all+=$(printf '%s\n' "$output" | awk -F '\t' -v s="${NODE_NAMES[$j]}" 'NF == 2 { printf "%s\t%s\t%s\n", s, $1, $2 }')$'\n'
    done
    output=$(printf '%s' "$all" | awk -F '\t' '
        NF == 3 {
            c = $2; v = $3
            if (!(c in seen)) { seen[c] = 1; comps[++nc] = c }
            k = c SUBSEP v
            if (!(k in holders)) { vers[c, ++nv[c]] = v; holders[k] = $1 } else holders[k] = holders[k] ", " $1
        }
        END {
            for (i = 1; i <= nc; i++) {
                c = comps[i]
                if (nv[c] < 2) continue
                line = c ":"
                for (n = 1; n <= nv[c]; n++) line = line (n > 1 ? ";" : "") " " vers[c, n] " on " holders[c SUBSEP vers[c, n]]
                print line
            }
        }')
    if [ -n "$output" ]; then
        while read -r line; do clusterwiz_fail "$line"; done <<<"$output"
    else
        clusterwiz_ok "the same on every server: $(clusterwiz_versions | tr '\t' ' ' | paste -sd, - | sed 's/,/, /g')"
    fi
}
)BASH");
}

} // namespace cw
