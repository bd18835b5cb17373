#include "cli/Cli.h"
#include "cli/Commands.h"
#include "cli/FleetCliOptions.h"
#include "cli/RunReports.h"
#include "diagnose/DiagnoseRun.h"

using namespace Qt::StringLiterals;

namespace cw::cli {
namespace {

constexpr int kMaxHangAfterS = 7 * 24 * 3600;

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
        u"Exit codes: 0 running or finished, 1 failed or hung, 2 no such run or project, 3\n"
        u"stopped, 64 usage."_s,
        u"[options] PROJECT"_s);
    command.addPositional(u"PROJECT"_s, u"The *.clusterwiz.json file."_s);
    QCommandLineParser &parser = command.parser();
    parser.addOption({u"json"_s, u"Print the diagnosis as JSON."_s});
    parser.addOption({u"hang-after"_s,
                      u"Seconds every rank must have been silent for a hang (default %1)."_s.arg(
                          kDefaultHangAfterS),
                      u"S"_s});
    parser.addOption({u"no-archive"_s, u"Do not write the .diagnosis.tar.gz archive."_s});
    RunCommandInput input;
    if (const int exit =
            parseRunCommand(command, arguments, out, err, input, RunMatch::ProjectDescribesRun);
        exit != kContinue)
        return exit;
    auto &[fleet, path, project, record] = input;
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
    const DiagnoseResult result = cw::runDiagnose(project, record, fleet, options);
    if (!result.error.isEmpty())
        err << programName() << " diagnose: the archive was not written: " << result.error << '\n';
    if (parser.isSet(u"json"_s))
        out << QString::fromStdString(diagnosisToJson(result.diagnosis).dump(2)) << '\n';
    else
        out << diagnosisText(result.diagnosis);
    out.flush();
    err.flush();
    switch (result.diagnosis.state) {
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

} // namespace cw::cli
