// SPDX-License-Identifier: GPL-3.0-or-later
#include "launch/RemoteCommands.h"

#include "generate/LaunchScriptBash.h"
#include "programs/ServerPrograms.h"
#include "shell/ShellQuote.h"

using namespace Qt::StringLiterals;

namespace cw {
namespace {

// The variables the pieces of generate/JobControlBash.h read: the run folder and the run id.
QString runLines(const Project &project, const QString &runId, const Server &server)
{
    return u"d="_s + shellQuote(remoteRunDir(project, runId, server)) + u"\ncw_run="_s +
           shellQuote(runId) + u'\n';
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
    QString env = u"CLUSTERWIZ_RUN_ID="_s + shellQuote(runId);
    if (nodeRank >= 0)
        env += u" CLUSTERWIZ_NODE_RANK="_s + QString::number(nodeRank);
    return runLines(project, runId, server) +
           startScript(remoteScriptsDir(project), script, env, false);
}

QString startSupervisorCommand(const Project &project, const QString &runId, const Server &server)
{
    // Its own group, like a job, but with its own file names: the job's stop finds a run's
    // processes by CLUSTERWIZ_RUN_ID, which the supervisor does not carry.
    const QString python = shellQuote(project.launch.python);
    return runLines(project, runId, server) +
           uR"SH(mkdir -p -- "$d" || exit 1
cd -- @DIR@ || exit 1
rm -f -- "$d/@PGID@" "$d/@STATE@"
CLUSTERWIZ_SUPERVISOR_RUN="$cw_run" setsid sh -c 'echo "$$" >"$1"; shift; exec "$@"' sh "$d/@PGID@" @PYTHON@ ./supervise.py </dev/null >"$d/@LOG@" 2>&1 &
)SH"_s.replace(u"@DIR@"_s, shellQuote(remoteScriptsDir(project)))
               .replace(u"@PGID@"_s, supervisorPgidName())
               .replace(u"@STATE@"_s, supervisorStateName())
               .replace(u"@LOG@"_s, supervisorLogName())
               .replace(u"@PYTHON@"_s, python) +
           waitForGroupScript(supervisorPgidName(), u"the supervisor"_s);
}

namespace {

// The device sample the poll takes every kSampleSeconds (job-poll-devices.sh).
constexpr int kSampleSeconds = 5;

QString sampleLines(const Project &project)
{
    const char *tool = project.accelerator == Accelerator::Nvidia ? "nvidia"
                       : isAscend(project.accelerator)            ? "npu"
                                                                  : "cpu";
    return u"cw_sample=%1\ncw_sample_every=%2\n"_s.arg(QLatin1StringView(tool))
               .arg(kSampleSeconds) +
           programText(program::job_poll_devices_sh);
}

} // namespace

QString pollCommand(const Project &project, const QString &runId, const Server &server)
{
    return runLines(project, runId, server) + u"r=$d\n"_s + pollScript() + sampleLines(project);
}

QString pollCommand(const Project &project, const RunRecord &record, const Server &server)
{
    if (!record.supervisor)
        return pollCommand(project, record.runId, server);
    // The newest attempt's folder: the supervisor starts one attempt at a time.
    QString text = runLines(project, record.runId, server) +
                   programText(program::poll_newest_attempt_sh) + pollScript() +
                   sampleLines(project);
    // At most 1 MiB of state, on one line (the supervisor writes compact JSON). The program
    // names supervisorPgidName() and supervisorStateName() as they are (tst_supervisorRun polls a
    // real supervisor with it).
    if (server.name == record.supervisor->server)
        text += programText(program::poll_supervisor_state_sh);
    return text;
}

QString stopCommand(const Project &project, const QString &runId, const Server &server,
                    int graceSeconds)
{
    return runLines(project, runId, server) + stopScript(graceSeconds);
}

QString stopSupervisedCommand(const Project &project, const QString &runId, const Server &server,
                              int graceSeconds)
{
    return runLines(project, runId, server) +
           u"mkdir -p -- \"$d\" && : >\"$d/%1\"\n"_s.arg(stoppedMarkerName()) +
           stopScript(graceSeconds);
}

QString stopSupervisorCommand(const Project &project, const QString &runId, const Server &server,
                              int graceSeconds)
{
    return runLines(project, runId, server) +
           uR"SH(g=$(cat "$d/@PGID@" 2>/dev/null)
case "$g" in ''|*[!0-9]*) echo "left 0"; exit 0 ;; esac
alive() {
    ps -e -o pgid=,stat= | awk -v g="$g" '$1 == g && $2 !~ /^Z/ { f = 1 } END { exit !f }'
}
kill -TERM "-$g" 2>/dev/null
i=0
while [ "$i" -lt @TICKS@ ] && alive; do
    sleep 0.2
    i=$((i + 1))
done
alive && kill -KILL "-$g" 2>/dev/null && sleep 0.3
if alive; then echo "left 1"; else echo "left 0"; fi
)SH"_s.replace(u"@PGID@"_s, supervisorPgidName())
               .replace(u"@TICKS@"_s, QString::number(graceSeconds * 5));
}

QString noteHelpersCommand(const Project &project, const QString &runId, const Server &server)
{
    return runLines(project, runId, server) + noteHelpersScript();
}

QString tailCommand(const Project &project, const QString &runId, const Server &server, int rank,
                    int lines)
{
    return tailCommand(project, runId, server, 0, rank, lines);
}

QString tailCommand(const Project &project, const QString &runId, const Server &server, int attempt,
                    int rank, int lines)
{
    const QString file = rank < 0 ? launchLogName() : rankLogName(rank);
    const QString folder = attempt > 0 ? u"\"$d\"/"_s + attemptDirName(attempt) : u"\"$d\""_s;
    return runLines(project, runId, server) + u"tail -n "_s + QString::number(lines) + u" -- "_s +
           folder + u'/' + shellQuote(file) + u" 2>/dev/null"_s;
}

} // namespace cw
