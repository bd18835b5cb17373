// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/Cli.h"
#include "cli/CommandInputs.h"
#include "cli/Commands.h"
#include "model/Problem.h"

using namespace Qt::StringLiterals;

namespace cw::cli {

int runValidate(const QStringList &arguments, QTextStream &out, QTextStream &err)
{
    CommandParser command(
        u"validate"_s,
        u"Checks a project file against every rule clusterwiz enforces: field values, servers,\n"
        u"device subsets and, for ascend910, the device network. Prints one line per problem\n"
        u"(JSON path: message) on stderr, and 'warning: JSON path: message' for settings that\n"
        u"are allowed but likely wrong on real servers (those do not change the exit code).\n"
        u"Exit codes: 0 valid, 1 invalid, 2 the file cannot be read or is not a project."_s,
        u"[options] PROJECT"_s);
    command.addPositional(u"PROJECT"_s, u"The *.clusterwiz.json file to check."_s);
    if (const int exit = command.parse(arguments, out, err); exit != kContinue)
        return exit;
    const QString path = command.parser().positionalArguments().constFirst();

    std::optional<ValidProject> valid;
    if (const int exit = loadValidProject(path, valid, err); exit != kContinue)
        return exit;
    const Project &project = valid->project();
    printWarnings(project, err);
    out << escapeControls(path) << ": valid ("
        << counted(static_cast<qsizetype>(project.servers.size()), u"server"_s) << ", "
        << counted(project.totalDevices(), u"device"_s) << ", mode "
        << launchModeName(project.launch.mode) << ")\n";
    out.flush();
    return ExitOk;
}

} // namespace cw::cli
