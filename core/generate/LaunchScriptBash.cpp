#include "generate/LaunchScriptBash.h"

#include "shell/ShellQuote.h"

using namespace Qt::StringLiterals;

namespace cw {

QString fillTemplate(QStringView text, const QHash<QString, QString> &values)
{
    QString out;
    out.reserve(text.size() * 2);
    qsizetype i = 0;
    while (i < text.size()) {
        if (text[i] == u'@') {
            const qsizetype close = text.indexOf(u'@', i + 1);
            if (close > i + 1) {
                const auto found = values.constFind(text.mid(i + 1, close - i - 1).toString());
                if (found != values.constEnd()) {
                    out += *found;
                    i = close + 1;
                    continue;
                }
            }
        }
        out += text[i];
        ++i;
    }
    return out;
}

QString logRootPath(const Project &project)
{
    const QString &logDir = project.launch.logDir;
    if (logDir.startsWith(u'/'))
        return logDir;
    QString workdir = project.launch.workdir;
    while (workdir.size() > 1 && workdir.endsWith(u'/'))
        workdir.chop(1);
    if (workdir == u"/")
        return u'/' + logDir;
    return workdir + u'/' + logDir;
}

QStringList deviceIdStrings(const Server &server)
{
    QStringList ids;
    for (int device : server.devices)
        ids << QString::number(device);
    return ids;
}

bool usesRankLoop(const Project &project)
{
    return project.launch.mode == LaunchMode::RankTable ||
           project.launch.mode == LaunchMode::NoRankTable;
}

QString hereLine()
{
    return QStringLiteral(
        "HERE=$(unset CDPATH; cd -- \"$(dirname -- \"${BASH_SOURCE[0]}\")\" && pwd) || exit 2\n");
}

QString isNumberFunction()
{
    return QStringLiteral(R"BASH(
clusterwiz_is_number() {
    case "$1" in
        ''|*[!0-9]*|0?*) return 1 ;;
    esac
    return 0
}
)BASH");
}

QString runIdCheck()
{
    return QStringLiteral(R"BASH(case "$RUN_ID" in
    ''|.*|*[!A-Za-z0-9._-]*)
        echo "clusterwiz: CLUSTERWIZ_RUN_ID='$RUN_ID' may use only letters, digits, '.', '_' and '-' (not first)" >&2
        exit 2 ;;
esac
)BASH");
}

QString waitFunctions()
{
    // Polls with `kill -0` instead of `wait -n`: bash 4.2 (still on some training servers) has no
    // `wait -n`, and bash reaps exited children itself, so `wait PID` afterwards returns the code.
    return QStringLiteral(R"BASH(
# Signals are only noted here; clusterwiz_wait acts on them between two polls.
CLUSTERWIZ_SIGNAL=""
clusterwiz_trap_signals() {
    trap 'CLUSTERWIZ_SIGNAL=TERM' TERM
    trap 'CLUSTERWIZ_SIGNAL=INT' INT
    trap 'CLUSTERWIZ_SIGNAL=HUP' HUP
}

# Waits for every pid in PIDS. The first that fails, or a signal to this script, stops the
# others: clusterwiz_stop TERM, then clusterwiz_stop KILL after STOP_GRACE seconds.
clusterwiz_wait() {
    local remaining=${#PIDS[@]} i code entry kill_at="" failed
    clusterwiz_done=()
    CLUSTERWIZ_STATUS=0
    while [ "$remaining" -gt 0 ]; do
        if [ -n "$CLUSTERWIZ_SIGNAL" ] && [ -z "$kill_at" ]; then
            echo "clusterwiz: $WHERE: got SIG$CLUSTERWIZ_SIGNAL, stopping" >&2
            case "$CLUSTERWIZ_SIGNAL" in
                HUP) CLUSTERWIZ_STATUS=129 ;;
                INT) CLUSTERWIZ_STATUS=130 ;;
                *) CLUSTERWIZ_STATUS=143 ;;
            esac
            clusterwiz_stop TERM
            kill_at=$((SECONDS + STOP_GRACE))
        fi
        failed=()
        for i in "${!PIDS[@]}"; do
            [ -n "${clusterwiz_done[$i]:-}" ] && continue
            kill -0 "${PIDS[$i]}" 2>/dev/null && continue
            wait "${PIDS[$i]}"
            code=$?
            clusterwiz_done[$i]=1
            remaining=$((remaining - 1))
            if [ "$code" -ne 0 ] && [ -z "$kill_at" ]; then
                failed+=("$i:$code")
            fi
        done
        if [ "${#failed[@]}" -gt 0 ]; then
            CLUSTERWIZ_STATUS=${failed[0]#*:}
            for entry in "${failed[@]}"; do
                echo "clusterwiz: $WHERE: ${PID_NAMES[${entry%%:*}]} failed with exit code ${entry#*:}" >&2
            done
            if [ "${#failed[@]}" -gt 1 ]; then
                echo "clusterwiz: $WHERE: these ended between two checks (0.25 s apart); their logs tell which failed first" >&2
            fi
            echo "clusterwiz: $WHERE: stopping the others" >&2
            clusterwiz_stop TERM
            kill_at=$((SECONDS + STOP_GRACE))
        fi
        if [ -n "$kill_at" ] && [ "$SECONDS" -ge "$kill_at" ]; then
            echo "clusterwiz: $WHERE: still running after ${STOP_GRACE}s, killing" >&2
            clusterwiz_stop KILL
            kill_at=$((SECONDS + 3600))
        fi
        if [ "$remaining" -gt 0 ]; then
            sleep 0.25
        fi
    done
    return "$CLUSTERWIZ_STATUS"
}
)BASH");
}

} // namespace cw
