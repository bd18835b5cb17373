// SPDX-License-Identifier: GPL-3.0-or-later
#include "generate/JobControlBash.h"

#include "programs/ServerPrograms.h"
#include "shell/ShellQuote.h"

using namespace Qt::StringLiterals;

namespace cw {

QString jobPidsFunction()
{
    // grep -z reads /proc/PID/environ as NUL-separated lines; other users' processes are
    // unreadable and skipped. A network namespace is one nsfs inode, so `-ef` tells the same
    // one without a readlink process per pid (the poll runs every second on every server).
    return programText(program::job_pids_sh);
}

namespace {

// Defines job_orteds: the orted daemons (OpenMPI) that are parents of the run's processes.
QString ortedFunction()
{
    return programText(program::job_orteds_sh);
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
    return jobPidsFunction() + programText(program::job_poll_sh);
}

QString noteHelpersScript()
{
    return jobPidsFunction() + ortedFunction() + programText(program::job_note_helpers_sh);
}

QString stopScript(int graceSeconds)
{
    // TERM goes to the groups and to each process apart: a process that left its group (mpirun's
    // ranks here) still gets it. The orted daemons that mpirun started for this run carry no run
    // id and would outlive their ranks (their ssh link dies with mpirun's group), so they are
    // noted as the parents of the run's processes, here and by noteHelpersScript() on every
    // server before any server is signalled (mpirun, stopped on the master, makes its orteds end
    // the ranks first). Polled every 0.2 s so that a quick exit ends the wait early.
    const QString graceWait = u"i=0\n"
                              "while [ \"$i\" -lt %1 ] && [ \"$(left_count)\" -gt 0 ]; do\n"
                              "    sleep 0.2\n"
                              "    i=$((i + 1))\n"
                              "done\n"_s.arg(graceSeconds * 5);
    return jobPidsFunction() + ortedFunction() + programText(program::job_stop_sh) + graceWait +
           programText(program::job_stop_kill_sh);
}

} // namespace cw
