// SPDX-License-Identifier: GPL-3.0-or-later
#include "checks/CheckReportText.h"
#include "checks/CheckRunner.h"
#include "checks/DeepCheck.h"
#include "cli/Cli.h"
#include "cli/Commands.h"
#include "cli/FleetCliOptions.h"
#include <nlohmann/json.hpp>

using namespace Qt::StringLiterals;

namespace cw::cli {

int runCheck(const QStringList &arguments, QTextStream &out, QTextStream &err)
{
    CommandParser command(
        u"check"_s,
        u"Checks every server of the project for what makes a multi-server job fail: SSH, host\n"
        u"names and addresses, NPUs/GPUs, planned vs actual device IPs and links, python and\n"
        u"torch, mpirun, CANN, paths, sshd, firewall rules for the job's ports, master_port free\n"
        u"on the master and reachable from every server (a short-lived listener and a connect),\n"
        u"and for mpirun password-free SSH and known_hosts from the master. Changes nothing.\n"
        u"--deep also imports launch.framework's packages (torch, torch_npu, mindspore, ...)\n"
        u"with launch.python on every server, once each and all at once, each with its own\n"
        u"time limit; without it nothing is imported (versions come from package metadata).\n"
        u"Failed checks name the fix on offer: see '%1 fix --help'. A project that breaks a rule\n"
        u"is refused first, with the lines '%1 validate' prints; no server is contacted.\n"
        u"Exit codes: 0 nothing failed (warnings allowed), 1 a check failed or the project is\n"
        u"invalid, 2 the project cannot be read."_s.arg(programName()),
        u"[options] PROJECT"_s);
    command.addPositional(u"PROJECT"_s, u"The *.clusterwiz.json file."_s);
    QCommandLineParser &parser = command.parser();
    parser.addOption({u"json"_s, u"Print the report as JSON."_s});
    parser.addOption({u"all"_s, u"List every check, not only failures and warnings."_s});
    parser.addOption({u"deep"_s, u"Also import the framework on every server (framework-import; "
                                 u"%1 s per server)."_s.arg(kDeepCheckTimeoutS)});
    ServerCommandInput input;
    if (const int exit =
            parseServerCommand(command, arguments, out, err, input, ProjectNeed::Valid);
        exit != kContinue)
        return exit;
    auto &[fleet, path, project, valid, file] = input;

    CheckRun run = runChecks(project, fleet);
    if (parser.isSet(u"deep"_s)) {
        for (CheckResult &result : runDeepCheck(project, fleet))
            run.report.results.push_back(std::move(result));
    }
    if (parser.isSet(u"json"_s))
        out << QString::fromStdString(checkReportToJson(run.report).dump(2)) << '\n';
    else
        out << checkReportTable(run.report, parser.isSet(u"all"_s));
    out.flush();
    hintUnknownHostKeys(run.discovery, err);
    hintContainers(project, path, run.discovery, err);
    return run.report.passed() ? ExitOk : ExitInvalid;
}

} // namespace cw::cli
