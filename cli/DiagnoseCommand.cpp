// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/Cli.h"
#include "cli/CommandInputs.h"
#include "cli/Commands.h"
#include "cli/FleetCliOptions.h"
#include "cli/RunReports.h"
#include "diagnose/DiagnoseLogs.h"
#include "diagnose/DiagnoseRun.h"

#include <QFileInfo>

#include <nlohmann/json.hpp>

using namespace Qt::StringLiterals;

namespace cw::cli {
namespace {

constexpr int kMaxHangAfterS = 7 * 24 * 3600;

int exitCodeOf(DiagnosisState state)
{
    switch (state) {
    case DiagnosisState::Failed:
    case DiagnosisState::Hung:
        return ExitInvalid;
    case DiagnosisState::Stopped:
        return kExitStopped;
    case DiagnosisState::Running:
    case DiagnosisState::Finished:
        break;
    }
    return ExitOk;
}

void print(const Diagnosis &diagnosis, bool json, QTextStream &out)
{
    if (json)
        out << QString::fromStdString(diagnosisToJson(diagnosis).dump(2)) << '\n';
    else
        out << diagnosisText(diagnosis); // its log lines are cleaned (cleanLogLine)
    out.flush();
}

// --logs DIR: the run from a folder of its logs; its record when the project has one.
int diagnoseFolder(CommandParser &command, const QString &projectPath, const Project &project,
                   const QString &dir, int hangAfterS, QTextStream &out, QTextStream &err)
{
    QCommandLineParser &parser = command.parser();
    QString runId = parser.value(u"run"_s);
    if (parser.isSet(u"run"_s) && !isValidRunId(runId))
        return command.usageError(u"--run: '%1' is not a run id"_s.arg(runId), err);
    if (runId.isEmpty())
        runId = runIdOfLogFolder(dir);
    std::optional<RunRecord> record;
    if (!runId.isEmpty() && QFileInfo::exists(runRecordPath(projectPath, runId)))
        record = loadRunRecord(projectPath, runId, nullptr);
    const LogFolderDiagnosis result =
        diagnoseLogFolder(project, dir, record, runId.isEmpty() ? u"unknown"_s : runId, hangAfterS);
    if (!result.error.isEmpty()) {
        err << programName() << " diagnose: " << escapeControls(result.error) << '\n';
        err.flush();
        return ExitUnreadable;
    }
    print(result.diagnosis, parser.isSet(u"json"_s), out);
    return exitCodeOf(result.diagnosis.state);
}

} // namespace

int runDiagnose(const QStringList &arguments, QTextStream &out, QTextStream &err)
{
    CommandParser command(
        u"diagnose"_s,
        u"Says why a run failed or where it is stuck. Failed: every rank's first error (a\n"
        u"traceback's last line, HCCL/NCCL errors and codes, connection refused or reset, timed\n"
        u"out, Killed / out of memory) on one timeline, each server's time corrected by its clock\n"
        u"offset measured over SSH, and the first failure with its class (import error,\n"
        u"killed/out of memory, device error, collective timeout, connection lost, user\n"
        u"exception) and evidence; on Ascend also each server's plog lines of the failure window.\n"
        u"Hung (no rank exited and every rank silent for --hang-after seconds): the ranks behind,\n"
        u"from each rank's last step line and last output, with py-spy's stack dump where\n"
        u"py-spy is installed. Everything also goes into <project>.runs/<run "
        u"id>.diagnosis.tar.gz.\n"
        u"The latest run unless --run. Changes nothing on the servers.\n"
        u"--logs DIR reads a run's logs from a folder instead of the servers: laid out as\n"
        u"train.sh writes them (DIR/SERVER/rank<N>.log, rank<N>.exit, launch.log;\n"
        u"DIR/SERVER/attempt-K/ after restarts), copied off the cluster or an unpacked\n"
        u"diagnosis archive; the same report, clock offsets unknown.\n"
        u"Exit codes: 0 running or finished, 1 failed or hung, 2 no such run or project, 3\n"
        u"stopped, 64 usage."_s,
        u"[options] PROJECT [--logs DIR]"_s);
    command.addPositional(u"PROJECT"_s, u"The *.clusterwiz.json file."_s);
    QCommandLineParser &parser = command.parser();
    parser.addOption({u"json"_s, u"Print the diagnosis as JSON."_s});
    parser.addOption({u"hang-after"_s,
                      u"Seconds every rank must have been silent for a hang (default %1)."_s.arg(
                          kDefaultHangAfterS),
                      u"S"_s});
    parser.addOption({u"no-archive"_s, u"Do not write the .diagnosis.tar.gz archive."_s});
    parser.addOption({u"logs"_s,
                      u"Read the run's logs from this folder (as train.sh writes one run's logs) "
                      u"instead of the servers."_s,
                      u"DIR"_s});
    parser.addOption({u"run"_s,
                      u"The run id (default: the latest run; with --logs, the "
                      u"folder's name)."_s,
                      u"ID"_s});
    ServerCommandInput input;
    if (const int exit =
            parseServerCommand(command, arguments, out, err, input, ProjectNeed::Readable);
        exit != kContinue)
        return exit;
    FleetOptions &fleet = input.fleet;
    const QString &path = input.path;
    Project &project = input.project; // readable is enough: diagnose reads a run, it starts none
    DiagnoseOptions options;
    options.archive = !parser.isSet(u"no-archive"_s);
    if (parser.isSet(u"hang-after"_s)) {
        bool ok = false;
        options.hangAfterS = parser.value(u"hang-after"_s).toInt(&ok);
        if (!ok || options.hangAfterS < 1 || options.hangAfterS > kMaxHangAfterS)
            return command.usageError(u"--hang-after must be whole seconds from 1 to %1, not "
                                      u"'%2'"_s.arg(kMaxHangAfterS)
                                          .arg(parser.value(u"hang-after"_s)),
                                      err);
    }
    if (parser.isSet(u"logs"_s))
        return diagnoseFolder(command, path, project, parser.value(u"logs"_s), options.hangAfterS,
                              out, err);
    std::optional<RunRecord> record;
    if (const int exit = loadRunForCommand(command, path, record, err, &project); exit != kContinue)
        return exit;
    const DiagnoseResult result = cw::runDiagnose(project, *record, fleet, options);
    if (!result.error.isEmpty())
        err << programName() << " diagnose: the archive was not written: " << result.error << '\n';
    err.flush();
    print(result.diagnosis, parser.isSet(u"json"_s), out);
    return exitCodeOf(result.diagnosis.state);
}

} // namespace cw::cli
