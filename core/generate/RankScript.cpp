#include "generate/ScriptFiles.h"

#include "generate/LaunchScriptBash.h"
#include "generate/NodePlanBash.h"
#include "shell/ShellQuote.h"

using namespace Qt::StringLiterals;

namespace cw {
namespace {

// DEVICE_ID is the id the process opens. Where train.sh narrows the visible devices to the
// server's (ASCEND_RT_VISIBLE_DEVICES in launch/mpirun modes, CUDA_VISIBLE_DEVICES always), the
// local rank indexes that list; otherwise (Ascend rank loops, cpu) it is the physical id.
QString deviceIdLine(const Project &project)
{
    const bool indexed = project.accelerator == Accelerator::Nvidia ||
                         (isAscend(project.accelerator) && !usesRankLoop(project));
    if (indexed)
        return QStringLiteral("export DEVICE_ID=$LOCAL_RANK\n");
    return QStringLiteral("export DEVICE_ID=$CLUSTERWIZ_DEVICE\n");
}

QString modeVariables(const Project &project)
{
    switch (project.launch.mode) {
    case LaunchMode::RankTable:
        return QStringLiteral(
            "# Rank table mode (seed 004): HCCL reads the devices of the job from the table.\n"
            "# An attempt of a restarting run has its own table (train.sh writes it).\n"
            "export "
            "RANK_TABLE_FILE=\"${CLUSTERWIZ_RANK_TABLE:-$CLUSTERWIZ_SCRIPTS/rank_table.json}\"\n"
            "export RANK_ID=$RANK\n"
            "export RANK_SIZE=$WORLD_SIZE\n");
    case LaunchMode::NoRankTable:
        return QStringLiteral(
            "# No-rank-table mode (seed 002): the CM_* variables describe the job, and\n"
            "# RANK_TABLE_FILE, RANK_ID and RANK_SIZE must not be set with them.\n"
            "unset RANK_TABLE_FILE RANK_ID RANK_SIZE\n"
            "export CM_CHIEF_IP=\"$MASTER_ADDR\"\n"
            "export CM_CHIEF_PORT=\"$MASTER_PORT\"\n"
            "# The master's first device (train.sh: the first server of this run or attempt).\n"
            "export CM_CHIEF_DEVICE=\"$CLUSTERWIZ_CHIEF_DEVICE\"\n"
            "export CM_WORKER_IP=\"$CLUSTERWIZ_HOST_IP\"\n"
            "export CM_WORKER_SIZE=\"$WORLD_SIZE\"\n");
    case LaunchMode::Launch:
    case LaunchMode::Mpirun:
    case LaunchMode::Msrun: // msrun starts the entry itself; rank.sh stays for a manual rank
        break;
    }
    return {};
}

} // namespace

QByteArray rankScript(const Project &project)
{
    const LaunchConfig &launch = project.launch;
    static const QString body = QStringLiteral(R"BASH(
PYTHON=@PYTHON@
ENTRY=@ENTRY@
ENTRY_ARGS=(@ARGS@)

# Checked before any arithmetic: bash evaluates an array subscript, so a crafted value
# could run code.
for CLUSTERWIZ_VALUE in "${RANK:-}" "${LOCAL_RANK:-}"; do
    case "$CLUSTERWIZ_VALUE" in
        ''|*[!0-9]*|0?*)
            echo "clusterwiz: rank.sh needs numeric RANK and LOCAL_RANK (got '${RANK:-}' and '${LOCAL_RANK:-}'); train.sh or the torch launcher sets them" >&2
            exit 2 ;;
    esac
done
if [ -z "${CLUSTERWIZ_LOG_DIR:-}" ] || [ ! -d "$CLUSTERWIZ_LOG_DIR" ]; then
    echo "clusterwiz: rank.sh is started by train.sh, which sets CLUSTERWIZ_LOG_DIR" >&2
    exit 2
fi
read -r -a CLUSTERWIZ_DEVICE_LIST <<< "${CLUSTERWIZ_DEVICES:-}"
if [ "$LOCAL_RANK" -ge "${#CLUSTERWIZ_DEVICE_LIST[@]}" ]; then
    echo "clusterwiz: LOCAL_RANK=$LOCAL_RANK but this server has ${#CLUSTERWIZ_DEVICE_LIST[@]} devices (${CLUSTERWIZ_DEVICES:-})" >&2
    exit 2
fi
# The physical device of this rank, for logs; DEVICE_ID is the id the process opens.
export CLUSTERWIZ_DEVICE=${CLUSTERWIZ_DEVICE_LIST[$LOCAL_RANK]}
@DEVICE_ID@export RANK LOCAL_RANK
@MODE_VARIABLES@
# One log per rank: ranks that share a stream interleave mid-line. Appended, so that a run
# started again under the same run id keeps what the earlier one wrote.
exec >>"$CLUSTERWIZ_LOG_DIR/rank$RANK.log" 2>&1
echo "clusterwiz: rank $RANK (local $LOCAL_RANK, device $CLUSTERWIZ_DEVICE) on ${CLUSTERWIZ_SERVER:-?} started $(date '+%Y-%m-%d %H:%M:%S')"
# Not exec'd: this shell stays to record the exit code and its time in rank<R>.exit, which is
# how clusterwiz tells which rank failed first (torch launchers and mpirun hide the codes).
# TERM, INT and HUP are passed on to the entry script, so stopping this shell stops it too.
CLUSTERWIZ_CHILD=
trap 'kill -TERM "$CLUSTERWIZ_CHILD" 2>/dev/null' TERM INT HUP
"$PYTHON" -u "$ENTRY" @LOCAL_RANK_ARG@"${ENTRY_ARGS[@]}" "$@" </dev/null &
CLUSTERWIZ_CHILD=$!
wait "$CLUSTERWIZ_CHILD"
CLUSTERWIZ_CODE=$?
# A trapped signal ends `wait` early: wait again until the entry script has really ended.
while kill -0 "$CLUSTERWIZ_CHILD" 2>/dev/null; do
    wait "$CLUSTERWIZ_CHILD"
    CLUSTERWIZ_CODE=$?
done
CLUSTERWIZ_EXIT_FILE=$CLUSTERWIZ_LOG_DIR/rank$RANK.exit
echo "$CLUSTERWIZ_CODE $(date +%s.%N)" >"$CLUSTERWIZ_EXIT_FILE.tmp" &&
    mv -f -- "$CLUSTERWIZ_EXIT_FILE.tmp" "$CLUSTERWIZ_EXIT_FILE"
exit "$CLUSTERWIZ_CODE"
)BASH");

    QHash<QString, QString> values;
    values.insert(u"PYTHON"_s, shellQuote(launch.python));
    values.insert(u"ENTRY"_s, shellQuote(launch.entry));
    values.insert(u"ARGS"_s, shellJoin(launch.args));
    // One of two validated spellings, never user text: the vendor guide's main.py reads it.
    values.insert(u"LOCAL_RANK_ARG"_s, launch.localRankArg.isEmpty()
                                           ? QString()
                                           : u"\""_s + launch.localRankArg + u"=$LOCAL_RANK\" "_s);
    values.insert(u"DEVICE_ID"_s, deviceIdLine(project));
    const QString modeText = modeVariables(project);
    values.insert(u"MODE_VARIABLES"_s, modeText.isEmpty() ? QString() : modeText);

    QString text = scriptHeader(
        project, QStringLiteral("Starts one rank: its environment, its log file, then the entry "
                                "script (the arguments it is given are passed on)."));
    text += fillTemplate(body, values);
    return text.toUtf8();
}

} // namespace cw
