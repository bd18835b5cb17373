// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/Problem.h"
#include "model/Project.h"

#include <QCommandLineParser>
#include <QString>
#include <QStringList>
#include <QTextStream>

namespace cw::cli {

// One subcommand of clusterwiz-cli: `arguments` excludes the program and the command name.
int runValidate(const QStringList &arguments, QTextStream &out, QTextStream &err);
int runPlan(const QStringList &arguments, QTextStream &out, QTextStream &err);
int runGenerate(const QStringList &arguments, QTextStream &out, QTextStream &err);
int runDiscover(const QStringList &arguments, QTextStream &out, QTextStream &err);
int runCheck(const QStringList &arguments, QTextStream &out, QTextStream &err);
int runFix(const QStringList &arguments, QTextStream &out, QTextStream &err);
int runUndo(const QStringList &arguments, QTextStream &out, QTextStream &err);
int runLaunch(const QStringList &arguments, QTextStream &out, QTextStream &err);
int runStatus(const QStringList &arguments, QTextStream &out, QTextStream &err);
int runStop(const QStringList &arguments, QTextStream &out, QTextStream &err);
int runContainer(const QStringList &arguments, QTextStream &out, QTextStream &err);
int runLogs(const QStringList &arguments, QTextStream &out, QTextStream &err);
int runTop(const QStringList &arguments, QTextStream &out, QTextStream &err);
int runImport(const QStringList &arguments, QTextStream &out, QTextStream &err);
int runExport(const QStringList &arguments, QTextStream &out, QTextStream &err);
int runDoctor(const QStringList &arguments, QTextStream &out, QTextStream &err);
int runDiagnose(const QStringList &arguments, QTextStream &out, QTextStream &err);

// A QCommandLineParser for one subcommand with --help already added, so every command parses,
// prints its help and reports usage errors the same way.
class CommandParser {
public:
    CommandParser(const QString &command, const QString &description, const QString &usage);

    QCommandLineParser &parser() { return m_parser; }

    // A required positional argument; parse() names the first missing one.
    void addPositional(const QString &name, const QString &description);
    // One more positional argument after the required ones, which may be left out.
    void addOptionalPositional(const QString &name, const QString &description);

    // Parses `arguments` and expects exactly the positional arguments added. Returns
    // kContinue when the command should run, else the exit code to return right away (ExitOk
    // after printing --help to `out`, ExitUsage after a one-line hint on `err`).
    int parse(const QStringList &arguments, QTextStream &out, QTextStream &err);

    // One line on `err`: "clusterwiz-cli CMD: MESSAGE" and where to look; returns ExitUsage.
    int usageError(const QString &message, QTextStream &err) const;

    QString helpText() const;

private:
    QCommandLineParser m_parser;
    QString m_command;
    QString m_usage;
    QStringList m_positionals;
    QString m_optional;
};

inline constexpr int kContinue = -1;

// The CLI's name as users type it, in every message.
inline QString programName()
{
    return QStringLiteral("clusterwiz-cli");
}

// "1 server", "16 servers".
QString counted(qsizetype count, const QString &noun);

// A text of several lines from the core (a launch plan) with each line's user values made safe
// for the terminal by escapeControls(): the line breaks stay, nothing else controls it.
QString escapeEachLine(const QString &text);

// Writes one `path: message` line per problem to `err`.
void printProblems(const Problems &problems, QTextStream &err);

// Writes one `warning: path: message` line per projectWarnings() entry to `err`; the command's
// exit code does not change.
void printWarnings(const Project &project, QTextStream &err);

} // namespace cw::cli
