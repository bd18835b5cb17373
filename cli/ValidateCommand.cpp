#include "cli/Cli.h"
#include "cli/Commands.h"
#include "model/ProjectJson.h"
#include "rules/ProjectValidator.h"

#include <algorithm>

using namespace Qt::StringLiterals;

namespace cw::cli {
namespace {

// True when `path` is `reported` or lies inside it ("servers[1].port" inside "servers[1]").
bool isInside(const QString &path, const QString &reported)
{
    if (!path.startsWith(reported))
        return false;
    if (path.size() == reported.size())
        return true;
    const QChar next = path.at(reported.size());
    return next == u'.' || next == u'[';
}

// The loader's problems first (wrong types, missing members), then the rules. A member the
// loader could not read holds a default in the project, so a rule about that same member would
// only repeat the loader's complaint in vaguer words: those are left out.
Problems allProblems(const ProjectLoad &load)
{
    Problems problems = load.problems;
    for (const Problem &problem : validateProject(load.project)) {
        const bool repeated =
            std::any_of(load.problems.begin(), load.problems.end(), [&](const Problem &reported) {
                return !reported.path.isEmpty() && isInside(problem.path, reported.path);
            });
        if (!repeated)
            problems.push_back(problem);
    }
    return problems;
}

} // namespace

int runValidate(const QStringList &arguments, QTextStream &out, QTextStream &err)
{
    CommandParser command(
        u"validate"_s,
        u"Checks a project file against every rule clusterwiz enforces: field values, servers,\n"
        u"device subsets and, for ascend910, the device network. Prints one line per problem\n"
        u"(JSON path: message) on stderr.\n"
        u"Exit codes: 0 valid, 1 invalid, 2 the file cannot be read or is not a project."_s,
        u"[options] PROJECT"_s);
    command.addPositional(u"PROJECT"_s, u"The *.clusterwiz.json file to check."_s);
    if (const int exit = command.parse(arguments, out, err); exit != kContinue)
        return exit;
    const QString path = command.parser().positionalArguments().constFirst();

    const ProjectLoad load = loadProjectFile(path);
    if (!load.fatal.isEmpty()) {
        err << load.fatal << '\n';
        err.flush();
        return ExitUnreadable;
    }
    const Problems problems = allProblems(load);
    if (!problems.empty()) {
        printProblems(problems, err);
        err << path << ": invalid ("
            << counted(static_cast<qsizetype>(problems.size()), u"problem"_s) << ")\n";
        err.flush();
        return ExitInvalid;
    }
    const Project &project = load.project;
    out << path << ": valid ("
        << counted(static_cast<qsizetype>(project.servers.size()), u"server"_s) << ", "
        << counted(project.totalDevices(), u"device"_s) << ", mode "
        << launchModeName(project.launch.mode) << ")\n";
    out.flush();
    return ExitOk;
}

} // namespace cw::cli
