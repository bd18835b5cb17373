#include "generate/JobControlBash.h"

#include "shell/ShellQuote.h"

using namespace Qt::StringLiterals;

namespace cw {

QString jobPidsFunction()
{
    // grep -z reads /proc/PID/environ as NUL-separated lines; other users' processes are
    // unreadable and skipped. A network namespace is one nsfs inode, so `-ef` tells the same
    // one without a readlink process per pid (the poll runs every second on every server).
    return uR"SH(job_pids() {
    for f in $(grep -lzxF -e "CLUSTERWIZ_RUN_ID=$cw_run" /proc/[0-9]*/environ 2>/dev/null); do
        p=${f#/proc/}; p=${p%/environ}
        [ "$p" = "$$" ] && continue
        [ "/proc/$p/ns/net" -ef "/proc/$$/ns/net" ] && echo "$p"
    done
}
)SH"_s;
}

namespace {

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

} // namespace

QString startScriptHead(const QString &scriptsDir, bool refuseAfterStop)
{
    const QString refuse =
        refuseAfterStop
            ? u"if [ -e \"$d/../%1\" ]; then echo \"the run was stopped\" >&2; exit 3; fi\n"_s.arg(
                  stoppedMarkerName())
            : QString();
    return uR"SH(mkdir -p -- "$d" || exit 1
cd -- @DIR@ || exit 1
rm -f -- "$d/@PGID@"
)SH"_s.replace(u"@DIR@"_s, shellQuote(scriptsDir))
               .replace(u"@PGID@"_s, pgidFileName()) +
           refuse;
}

QString startScriptTail(const QString &script)
{
    // The inner sh writes its own pid, which setsid made the group id, then becomes the script.
    // The command returns once job.pgid exists: by then the group carries the run id, so a poll
    // right after the start cannot mistake a job still being exec'd for one that already ended.
    return uR"SH( setsid sh -c 'echo "$$" >"$1"; shift; exec bash "$@"' sh "$d/@PGID@" @SCRIPT@ </dev/null >"$d/@LOG@" 2>&1 &
)SH"_s.replace(u"@PGID@"_s, pgidFileName())
               .replace(u"@LOG@"_s, launchLogName())
               .replace(u"@SCRIPT@"_s, shellQuote(u"./"_s + script)) +
           waitForGroupScript(pgidFileName(), u"the job"_s);
}

QString waitForGroupScript(const QString &pgidFile, const QString &what)
{
    return uR"SH(i=0
while [ ! -s "$d/@PGID@" ]; do
    if [ "$i" -ge 200 ]; then echo "@WHAT@ did not start within 10 s" >&2; exit 1; fi
    sleep 0.05
    i=$((i + 1))
done
)SH"_s.replace(u"@PGID@"_s, pgidFile)
        .replace(u"@WHAT@"_s, what);
}

QString startScript(const QString &scriptsDir, const QString &script, const QString &environment,
                    bool refuseAfterStop)
{
    return startScriptHead(scriptsDir, refuseAfterStop) + environment + startScriptTail(script);
}

QString pollScript()
{
    // LOG_TIME: the rank log's last write. Files are read with `read`, not cat, and the pids
    // counted in the shell: a process fewer per line, on every server, every second.
    return jobPidsFunction() + uR"SH(cw_pgid=
read -r cw_pgid 2>/dev/null <"$d/@PGID@"
echo "pgid $cw_pgid"
for f in "$r"/rank*.exit; do
    [ -f "$f" ] || continue
    n=${f##*/rank}; n=${n%.exit}
    cw_code=
    read -r cw_code 2>/dev/null <"$f"
    echo "exit $n $cw_code $(date -r "$r/rank$n.log" +%s.%N 2>/dev/null || echo 0)"
done
n=0
for f in "$r"/rank*.log; do [ -f "$f" ] && n=$((n + 1)); done
echo "started $n"
cw_alive=0
for p in $(job_pids); do cw_alive=$((cw_alive + 1)); done
echo "alive $cw_alive"
)SH"_s.replace(u"@PGID@"_s, pgidFileName());
}

QString noteHelpersScript()
{
    return jobPidsFunction() + ortedFunction() + uR"SH(o=$(job_orteds)
if [ -n "$o" ] && [ -d "$d" ]; then echo "$o" >>"$d/@HELPERS@"; fi
exit 0
)SH"_s.replace(u"@HELPERS@"_s, helpersFileName());
}

QString stopScript(int graceSeconds)
{
    // TERM goes to the groups and to each process apart: a process that left its group (mpirun's
    // ranks here) still gets it. The orted daemons that mpirun started for this run carry no run
    // id and would outlive their ranks (their ssh link dies with mpirun's group), so they are
    // noted as the parents of the run's processes, here and by noteHelpersScript() on every
    // server before any server is signalled (mpirun, stopped on the master, makes its orteds end
    // the ranks first). Polled every 0.2 s so that a quick exit ends the wait early.
    return jobPidsFunction() + ortedFunction() +
           uR"SH(pgs=
for p in $(cat "$d/@PGID@" "$d"/attempt-*/@PGID@ 2>/dev/null); do
    case "$p" in ''|*[!0-9]*) ;; *) pgs="$pgs $p" ;; esac
done
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
groups_alive() {
    [ -n "$pgs" ] || return 1
    ps -e -o pgid=,stat= | awk -v g="$pgs" 'BEGIN { n = split(g, a, " "); for (i = 1; i <= n; i++) want[a[i]] = 1 }
        ($1 in want) && $2 !~ /^Z/ { f = 1 } END { exit !f }'
}
left_count() {
    n=$(job_pids | wc -l)
    for p in $orteds; do pid_alive "$p" && n=$((n + 1)); done
    groups_alive && n=$((n + 1))
    echo "$n"
}
signal_all() {
    # No `--` before the group: dash's kill (sh on Debian) refuses it; `kill -SIG -PGID` is
    # read alike by bash and dash.
    for g in $pgs; do kill -"$1" "-$g" 2>/dev/null; done
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

} // namespace cw
