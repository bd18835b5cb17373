// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/Cli.h"
#include "cli/CommandInputs.h"
#include "cli/Commands.h"
#include "model/Problem.h"
#include "model/ProjectJson.h"
#include "plan/Planner.h"
#include "plan/RoutedPlan.h"
#include "rules/ProjectValidator.h"

#include <QFileInfo>

using namespace Qt::StringLiterals;

namespace cw::cli {
namespace {

bool sameFile(const QString &a, const QString &b)
{
    const QFileInfo first(a);
    const QFileInfo second(b);
    const QString firstPath = first.exists() ? first.canonicalFilePath() : first.absoluteFilePath();
    const QString secondPath =
        second.exists() ? second.canonicalFilePath() : second.absoluteFilePath();
    return firstPath == secondPath;
}

} // namespace

int runPlan(const QStringList &arguments, QTextStream &out, QTextStream &err)
{
    CommandParser command(
        u"plan"_s,
        u"Fills or repairs the Ascend 910 device network of a project: keeps the netmask, the\n"
        u"segments and every device IP that already satisfy the rules, assigns the rest. A\n"
        u"netmask too small for the cluster (a /24 for 128 servers) is widened to the smallest\n"
        u"that fits, and its change line says why. Writes the whole project (to OUT,\n"
        u"atomically, or to stdout) and lists every change on stderr.\n"
        u"OUT may be PROJECT itself. nvidia and cpu projects are written unchanged.\n"
        u"Exit codes: 0 planned, 1 no plan exists (the reason is printed) or the project is\n"
        u"malformed, 2 a file cannot be read or written."_s,
        u"[options] PROJECT"_s);
    command.addPositional(u"PROJECT"_s, u"The *.clusterwiz.json file to plan."_s);
    const QCommandLineOption outputOption(
        {u"o"_s, u"output"_s}, u"Write the planned project to <OUT> instead of stdout."_s,
        u"OUT"_s);
    const QCommandLineOption gatewaysOption(
        u"fill-gateways"_s,
        u"ascend910b: when the servers' devices end up in several segments, give each segment "
        u"without a gateway its highest free address as gateway (write your routers' real "
        u"addresses into device_network.gateways when they differ)."_s);
    command.parser().addOption(outputOption);
    command.parser().addOption(gatewaysOption);
    if (const int exit = command.parse(arguments, out, err); exit != kContinue)
        return exit;
    const QString path = command.parser().positionalArguments().constFirst();
    const QString output = command.parser().value(outputOption);
    if (command.parser().isSet(outputOption) && output.isEmpty())
        return command.usageError(u"--output needs a file name"_s, err);

    Project project;
    if (const int exit = loadForCommand(path, project, err); exit != kContinue)
        return exit;
    const PlanResult plan = command.parser().isSet(gatewaysOption)
                                ? planDeviceNetworkFillingGateways(project)
                                : planDeviceNetwork(project);
    if (!plan.ok) {
        err << escapeControls(path) << ": no device network plan: " << escapeControls(plan.reason)
            << '\n';
        err.flush();
        return ExitInvalid;
    }
    for (const QString &change : plan.changes)
        err << escapeControls(change) << '\n';

    // The planner only owns the device network; anything else still wrong is the user's to fix
    // before `generate`, so it is reported here rather than discovered later.
    const Problems remaining = validateProject(plan.project);
    if (!remaining.empty()) {
        err << escapeControls(path) << ": still to fix before generating scripts:\n";
        printProblems(remaining, err);
    }

    if (output.isEmpty() || output == u"-") {
        out << QString::fromUtf8(projectToJsonText(plan.project));
        out.flush();
        err << escapeControls(path) << ": " << counted(plan.changes.size(), u"change"_s) << '\n';
        err.flush();
        return ExitOk;
    }
    // An in-place run that changes nothing leaves the user's file (and its layout) untouched.
    if (plan.changes.isEmpty() && sameFile(path, output)) {
        err << escapeControls(path) << ": nothing to change\n";
        err.flush();
        return ExitOk;
    }
    if (const QString error = saveProjectFile(plan.project, output); !error.isEmpty()) {
        err << escapeControls(error) << '\n';
        err.flush();
        return ExitUnreadable;
    }
    err << escapeControls(path) << ": " << counted(plan.changes.size(), u"change"_s)
        << ", written to " << escapeControls(output) << '\n';
    err.flush();
    return ExitOk;
}

} // namespace cw::cli
