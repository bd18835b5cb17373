#include "launch/RemoteCommands.h"

#include "generate/LaunchScriptBash.h"
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

// Defines job_orteds: the orted daemons (OpenMPI) that are parents of the run's processes.
QString ortedFunction()
{
    return uR"SH(job_orteds() {
    for p in $(job_pids); do
        pp=$(ps -o ppid= -p "$p" 2>/dev/null | tr -d ' ')
        [ -n "$pp" ] && [ "$(cat "/proc/$pp/comm" 2>/dev/null)" = orted ] && echo "$pp"
    done | sort -u
}
)SH"_s;
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

QString startCommand(const Project &project, const QString &runId, const Server &server,
                     const QString &script, int nodeRank)
{
    // The inner sh writes its own pid, which setsid made the group id, then becomes the script.
    // The command returns once job.pgid exists: by then the group carries the run id, so a poll
    // right after the start cannot mistake a job still being exec'd for one that already ended.
    QString env = u"CLUSTERWIZ_RUN_ID="_s + shellQuote(runId);
    if (nodeRank >= 0)
        env += u" CLUSTERWIZ_NODE_RANK="_s + QString::number(nodeRank);
    return runDirLine(project, runId, server) +
           uR"SH(mkdir -p -- "$d" || exit 1
cd -- @DIR@ || exit 1
rm -f -- "$d/@PGID@"
@ENV@ setsid sh -c 'echo "$$" >"$1"; shift; exec bash "$@"' sh "$d/@PGID@" @SCRIPT@ </dev/null >"$d/@LOG@" 2>&1 &
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
    // Lines: "pgid N", "exit RANK CODE EXIT_TIME LOG_TIME" per rank.exit (LOG_TIME: the rank
    // log's last write), "started N" rank logs, "alive N".
    return runDirLine(project, runId, server) + jobPidsFunction(runId) +
           uR"SH(echo "pgid $(cat "$d/@PGID@" 2>/dev/null)"
for f in "$d"/rank*.exit; do
    [ -f "$f" ] || continue
    r=${f##*/rank}; r=${r%.exit}
    echo "exit $r $(cat "$f") $(date -r "$d/rank$r.log" +%s.%N 2>/dev/null || echo 0)"
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
    // ranks here) still gets it. The orted daemons that mpirun started for this run carry no run
    // id and would outlive their ranks (their ssh link dies with mpirun's group), so they are
    // noted as the parents of the run's processes, here and by noteHelpersCommand() on every
    // server before any server is signalled (mpirun, stopped on the master, makes its orteds end
    // the ranks first). Polled every 0.2 s so that a quick exit ends the wait early.
    return runDirLine(project, runId, server) + jobPidsFunction(runId) + ortedFunction() +
           uR"SH(pg=$(cat "$d/@PGID@" 2>/dev/null)
orteds=
for p in $(cat "$d/@HELPERS@" 2>/dev/null) $(job_orteds); do
    case "$p" in ''|*[!0-9]*) continue ;; esac
    # Still an orted: the pid was noted a moment ago and could have been reused since.
    [ "$(cat "/proc/$p/comm" 2>/dev/null)" = orted ] && orteds="$orteds $p"
done
# Alive and not a zombie (a zombie cannot be signalled away; where nothing reaps orphans it
# would stay forever).
pid_alive() {
    [ -r "/proc/$1/status" ] && ! grep -q '^State:[[:space:]]*Z' "/proc/$1/status" 2>/dev/null
}
group_alive() {
    case "$pg" in ''|*[!0-9]*) return 1 ;; esac
    ps -e -o pgid=,stat= | awk -v g="$pg" '$1 == g && $2 !~ /^Z/ { f = 1 } END { exit !f }'
}
left_count() {
    n=$(job_pids | wc -l)
    for p in $orteds; do pid_alive "$p" && n=$((n + 1)); done
    group_alive && n=$((n + 1))
    echo "$n"
}
signal_all() {
    case "$pg" in ''|*[!0-9]*) ;; *) kill -"$1" -- "-$pg" 2>/dev/null ;; esac
    for p in $(job_pids) $orteds; do kill -"$1" "$p" 2>/dev/null; done
}
signal_all TERM
i=0
while [ "$i" -lt @TICKS@ ] && [ "$(left_count)" -gt 0 ]; do
    sleep 0.2
    i=$((i + 1))
done
for round in 1 2 3; do
    [ "$(left_count)" -eq 0 ] && break
    signal_all KILL
    sleep 0.3
done
echo "left $(left_count)"
)SH"_s.replace(u"@PGID@"_s, pgidFileName())
               .replace(u"@HELPERS@"_s, helpersFileName())
               .replace(u"@TICKS@"_s, QString::number(graceSeconds * 5));
}

QString noteHelpersCommand(const Project &project, const QString &runId, const Server &server)
{
    return runDirLine(project, runId, server) + jobPidsFunction(runId) + ortedFunction() +
           uR"SH(o=$(job_orteds)
if [ -n "$o" ] && [ -d "$d" ]; then echo "$o" >>"$d/@HELPERS@"; fi
exit 0
)SH"_s.replace(u"@HELPERS@"_s, helpersFileName());
}

QString tailCommand(const Project &project, const QString &runId, const Server &server, int rank,
                    int lines)
{
    const QString file = rank < 0 ? launchLogName() : rankLogName(rank);
    return runDirLine(project, runId, server) + u"tail -n "_s + QString::number(lines) +
           u" -- \"$d\"/"_s + shellQuote(file) + u" 2>/dev/null"_s;
}

} // namespace cw
