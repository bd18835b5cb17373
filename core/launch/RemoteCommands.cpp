#include "launch/RemoteCommands.h"

#include "generate/ScriptSnippets.h"
#include "shell/ShellQuote.h"

using namespace Qt::StringLiterals;

namespace cw {
namespace {

// Defines job_pids: the pids whose environment holds CLUSTERWIZ_RUN_ID=<run id>, in this network
// namespace, this shell excluded. grep -z reads /proc/PID/environ as NUL-separated lines; other
// users' processes are unreadable and skipped.
QString jobPidsFunction(const QString &runId)
{
    return uR"SH(job_pids() {
    me=$(readlink /proc/self/ns/net)
    for f in $(grep -lzxF -e @ENTRY@ /proc/[0-9]*/environ 2>/dev/null); do
        p=${f#/proc/}; p=${p%/environ}
        [ "$p" = "$$" ] && continue
        [ "$(readlink "/proc/$p/ns/net" 2>/dev/null)" = "$me" ] && echo "$p"
    done
}
)SH"_s.replace(u"@ENTRY@"_s, shellQuote(u"CLUSTERWIZ_RUN_ID="_s + runId));
}

QString runDirLine(const Project &project, const QString &runId, const Server &server)
{
    return u"d="_s + shellQuote(remoteRunDir(project, runId, server)) + u'\n';
}

} // namespace

QString remoteRunDir(const Project &project, const QString &runId, const Server &server)
{
    return logRootPath(project) + u'/' + runId + u'/' + server.name;
}

QString remoteScriptsDir(const Project &project)
{
    return project.launch.workdir;
}

QString makeWorkdirCommand(const Project &project)
{
    return u"mkdir -p -- "_s + shellQuote(project.launch.workdir);
}

QString entryExistsCommand(const Project &project)
{
    return u"cd -- "_s + shellQuote(project.launch.workdir) + u" && test -f "_s +
           shellQuote(project.launch.entry);
}

QString portListenersCommand(int port)
{
    // -H: no header, so any output at all means a listener.
    return u"if command -v ss >/dev/null 2>&1; then ss -Htln "_s +
           shellQuote(u"sport = :"_s + QString::number(port)) + u"; else echo no-ss; fi"_s;
}

QString startCommand(const Project &project, const QString &runId, const Server &server,
                     const QString &script, int nodeRank)
{
    // The inner sh writes its own pid, which setsid made the group id, then becomes the script.
    QString env = u"CLUSTERWIZ_RUN_ID="_s + shellQuote(runId);
    if (nodeRank >= 0)
        env += u" CLUSTERWIZ_NODE_RANK="_s + QString::number(nodeRank);
    return runDirLine(project, runId, server) +
           uR"SH(mkdir -p -- "$d" || exit 1
cd -- @DIR@ || exit 1
rm -f -- "$d/@PGID@"
@ENV@ setsid sh -c 'echo "$$" >"$1"; shift; exec bash "$@"' sh "$d/@PGID@" @SCRIPT@ </dev/null >"$d/@LOG@" 2>&1 &
# Returns once the group exists and carries the run id, so that a poll right after the start
# cannot mistake a job still being exec'd for one that already ended.
i=0
while [ ! -s "$d/@PGID@" ]; do
    if [ "$i" -ge 200 ]; then echo "the job did not start within 10 s" >&2; exit 1; fi
    sleep 0.05
    i=$((i + 1))
done
)SH"_s.replace(u"@DIR@"_s, shellQuote(remoteScriptsDir(project)))
               .replace(u"@ENV@"_s, env)
               .replace(u"@PGID@"_s, pgidFileName())
               .replace(u"@LOG@"_s, launchLogName())
               .replace(u"@SCRIPT@"_s, shellQuote(u"./"_s + script));
}

QString pollCommand(const Project &project, const QString &runId, const Server &server)
{
    // Lines: "pgid N", "exit RANK CODE TIME" per rank.exit, "started N" rank logs, "alive N".
    return runDirLine(project, runId, server) + jobPidsFunction(runId) +
           uR"SH(echo "pgid $(cat "$d/@PGID@" 2>/dev/null)"
for f in "$d"/rank*.exit; do
    [ -f "$f" ] || continue
    r=${f##*/rank}; r=${r%.exit}
    echo "exit $r $(cat "$f")"
done
n=0
for f in "$d"/rank*.log; do [ -f "$f" ] && n=$((n + 1)); done
echo "started $n"
echo "alive $(job_pids | wc -l)"
)SH"_s.replace(u"@PGID@"_s, pgidFileName());
}

QString stopCommand(const Project &project, const QString &runId, const Server &server,
                    int graceSeconds)
{
    // TERM goes to the group and to each process apart: a process that left the group (mpirun's
    // ranks here) still gets it. Polled every 0.2 s so that a quick exit ends the wait early.
    return runDirLine(project, runId, server) + jobPidsFunction(runId) +
           uR"SH(pg=$(cat "$d/@PGID@" 2>/dev/null)
signal_all() {
    case "$pg" in ''|*[!0-9]*) ;; *) kill -"$1" -- "-$pg" 2>/dev/null ;; esac
    for p in $(job_pids); do kill -"$1" "$p" 2>/dev/null; done
}
# A zombie of the group does not count: where nothing reaps orphans it would never go away.
group_alive() {
    case "$pg" in ''|*[!0-9]*) return 1 ;; esac
    ps -e -o pgid=,stat= | awk -v g="$pg" '$1 == g && $2 !~ /^Z/ { f = 1 } END { exit !f }'
}
signal_all TERM
i=0
while [ "$i" -lt @TICKS@ ]; do
    if ! group_alive && [ -z "$(job_pids)" ]; then break; fi
    sleep 0.2
    i=$((i + 1))
done
for round in 1 2 3; do
    if ! group_alive && [ -z "$(job_pids)" ]; then break; fi
    signal_all KILL
    sleep 0.3
done
left=$(job_pids | wc -l)
if group_alive; then left=$((left + 1)); fi
echo "left $left"
)SH"_s.replace(u"@PGID@"_s, pgidFileName())
               .replace(u"@TICKS@"_s, QString::number(graceSeconds * 5));
}

QString tailCommand(const Project &project, const QString &runId, const Server &server, int rank,
                    int lines)
{
    const QString file = rank < 0 ? launchLogName()
                                  : u"rank"_s + QString::number(rank) + u".log"_s;
    return runDirLine(project, runId, server) + u"tail -n "_s + QString::number(lines) +
           u" -- \"$d\"/"_s + shellQuote(file) + u" 2>/dev/null"_s;
}

} // namespace cw
