// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/Cli.h"

#include "cli/Commands.h"
#include "rules/ProjectWarnings.h"

#include <array>

using namespace Qt::StringLiterals;

namespace cw {
namespace cli {

CommandParser::CommandParser(const QString &command, const QString &description,
                             const QString &usage)
    : m_command(command), m_usage(usage)
{
    m_parser.setApplicationDescription(description);
    m_parser.addHelpOption();
}

void CommandParser::addPositional(const QString &name, const QString &description)
{
    m_parser.addPositionalArgument(name, description);
    m_positionals.append(name);
}

void CommandParser::addOptionalPositional(const QString &name, const QString &description)
{
    m_parser.addPositionalArgument(name, description, u"["_s + name + u']');
    m_optional = name;
}

int CommandParser::parse(const QStringList &arguments, QTextStream &out, QTextStream &err)
{
    // QCommandLineParser skips the first word as the program name.
    if (!m_parser.parse(QStringList{programName()} + arguments)) {
        QString message = m_parser.errorText();
        if (message.endsWith(u'.'))
            message.chop(1);
        return usageError(message, err);
    }
    if (m_parser.isSet(u"help"_s) || m_parser.isSet(u"help-all"_s)) {
        out << helpText();
        out.flush();
        return ExitOk;
    }
    const QStringList positional = m_parser.positionalArguments();
    if (positional.size() < m_positionals.size())
        return usageError(m_positionals.at(positional.size()) + u" is missing"_s, err);
    const qsizetype most = m_positionals.size() + (m_optional.isEmpty() ? 0 : 1);
    if (positional.size() > most)
        return usageError(u"unexpected argument '%1'"_s.arg(positional.at(most)), err);
    return kContinue;
}

int CommandParser::usageError(const QString &message, QTextStream &err) const
{
    err << programName() << ' ' << m_command << ": " << message << " (usage: " << programName()
        << ' ' << m_command << ' ' << m_usage << "; see '" << programName() << ' ' << m_command
        << " --help')\n";
    err.flush();
    return ExitUsage;
}

QString CommandParser::helpText() const
{
    // Qt's first line names the executable by its full path and lists positionals generically;
    // the usage line users copy should read exactly like the command they type.
    QString text = m_parser.helpText();
    const qsizetype firstBreak = text.indexOf(u'\n');
    const QString usageLine = u"Usage: %1 %2 %3"_s.arg(programName(), m_command, m_usage);
    return firstBreak < 0 ? usageLine + u'\n' : usageLine + text.mid(firstBreak);
}

QString counted(qsizetype count, const QString &noun)
{
    return u"%1 %2%3"_s.arg(count).arg(noun, count == 1 ? QString() : u"s"_s);
}

QString escapeEachLine(const QString &text)
{
    QStringList lines = text.split(u'\n');
    for (QString &line : lines)
        line = escapeControls(line);
    return lines.join(u'\n');
}

void printProblems(const Problems &problems, QTextStream &err)
{
    for (const Problem &problem : problems)
        err << problem.toString() << '\n';
    err.flush();
}

void printWarnings(const Project &project, QTextStream &err)
{
    for (const Problem &warning : projectWarnings(project))
        err << "warning: " << warning.toString() << '\n';
    err.flush();
}

namespace {

struct Command {
    const char *name;
    const char *summary;
    int (*run)(const QStringList &, QTextStream &, QTextStream &);
};

const std::array<Command, 17> kCommands = {{
    {"validate", "check a project file against every rule; exit 0 valid, 1 invalid, 2 unreadable",
     &runValidate},
    {"plan", "fill or repair the Ascend device network (device IPs, netmask, segments)", &runPlan},
    {"generate", "write the launch scripts for a project into a folder (and a .tar.gz)",
     &runGenerate},
    {"container",
     "create, check or remove the training containers on every server (up|status|down)",
     &runContainer},
    {"discover", "ask every server over SSH what it has (hostname, IPs, devices, software)",
     &runDiscover},
    {"check", "check every server for what makes a multi-server job fail; exit 1 if any fails",
     &runCheck},
    {"fix", "preview (--dry-run) or apply the fix of a failed check, keeping what it replaces",
     &runFix},
    {"undo", "put back what the last applied fix changed", &runUndo},
    {"launch", "upload the scripts, start the job on every server (--follow streams its logs)",
     &runLaunch},
    {"status", "say whether a run is running, finished, failed (which rank first) or stopped",
     &runStatus},
    {"stop", "stop a run on every server and check that nothing of it is left", &runStop},
    {"logs", "print a run's rank logs as [server/rank] line (--follow streams them live)",
     &runLogs},
    {"top", "show a run's devices, rank speeds and what is wrong, refreshed until it is over",
     &runTop},
    {"diagnose", "say why a run failed (first failure, class, evidence) or where it hangs",
     &runDiagnose},
    {"doctor", "test device links, the job's ports and every pair's bandwidth end to end",
     &runDoctor},
    {"import", "read a hostfile, hccn.conf, rank table or ascend-deployer inventory into a project",
     &runImport},
    {"export", "write a project for Slurm (sbatch), a Kubeflow PyTorchJob or a Volcano job",
     &runExport},
}};

void printOverview(QTextStream &out)
{
    out << u"Usage: "_s << programName() << " COMMAND [options] [arguments]\n\n"
        << u"Sets up and launches multi-server PyTorch/MindSpore training on Ascend 910 NPUs,\n"
           u"NVIDIA GPUs or CPU; this is the headless part of clusterwiz.\n\n"
           u"Commands:\n"_s;
    for (const Command &command : kCommands)
        out << u"  "_s << QString::fromLatin1(command.name).leftJustified(10) << ' '
            << QString::fromLatin1(command.summary) << '\n';
    out << u"\nOptions:\n"
           u"  -h, --help     show this help; COMMAND --help shows a command's own help\n"
           u"  -v, --version  show the version\n\n"
           u"Exit codes: 0 success, 1 invalid project, no plan or a server that failed, 2 a file\n"
           u"cannot be read or written, 64 wrong usage.\n"_s;
    out.flush();
}

const Command *findCommand(const QString &name)
{
    for (const Command &command : kCommands) {
        if (name == QLatin1StringView(command.name))
            return &command;
    }
    return nullptr;
}

} // namespace
} // namespace cli

int runCli(const QStringList &arguments, QTextStream &out, QTextStream &err)
{
    using namespace cli;
    const QString hint = u"run '%1 --help' for the list of commands"_s.arg(programName());
    if (arguments.isEmpty()) {
        err << programName() << ": no command given; " << hint << '\n';
        err.flush();
        return ExitUsage;
    }
    const QString &first = arguments.constFirst();
    if (first == u"-h" || first == u"--help" || first == u"help") {
        // `help COMMAND` is the same as `COMMAND --help`.
        if (first == u"help" && arguments.size() > 1) {
            if (const Command *command = findCommand(arguments.at(1)))
                return command->run({u"--help"_s}, out, err);
            err << programName() << ": unknown command '" << arguments.at(1) << "'; " << hint
                << '\n';
            err.flush();
            return ExitUsage;
        }
        printOverview(out);
        return ExitOk;
    }
    if (first == u"-v" || first == u"--version") {
        out << programName() << ' ' << QStringLiteral(CLUSTERWIZ_VERSION) << '\n';
        out.flush();
        return ExitOk;
    }
    if (const Command *command = findCommand(first))
        return command->run(arguments.mid(1), out, err);
    if (first.startsWith(u'-'))
        err << programName() << ": unknown option '" << first << "'; " << hint << '\n';
    else
        err << programName() << ": unknown command '" << first << "'; " << hint << '\n';
    err.flush();
    return ExitUsage;
}

} // namespace cw
