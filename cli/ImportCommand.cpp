// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/Cli.h"
#include "cli/CommandInputs.h"
#include "cli/Commands.h"
#include "exchange/Import.h"
#include "model/Problem.h"
#include "model/ProjectJson.h"
#include "rules/ProjectValidator.h"

#include <QFileInfo>

using namespace Qt::StringLiterals;

namespace cw::cli {
namespace {

QString kindsHelp()
{
    QString text;
    for (const QString &name : importKindNames())
        text += u"\n  %1  %2"_s.arg(name.leftJustified(18),
                                    importKindDescription(*importKindFromName(name)));
    return text;
}

// The output is written through a new temporary file and a rename (saveProjectFile), never
// through a symlink, and replaces an existing file only when asked to.
int checkOutput(const QString &output, const QString &into, bool force, QTextStream &err)
{
    const QFileInfo info(output);
    QString refusal;
    if (info.isSymLink())
        refusal = u"%1 is a symbolic link; name the file itself"_s.arg(output);
    else if (info.exists() && !info.isFile())
        refusal = u"%1 is not a regular file"_s.arg(output);
    else if (info.exists() && !force &&
             (into.isEmpty() || QFileInfo(into).canonicalFilePath() != info.canonicalFilePath()))
        refusal = u"%1 exists; pass --force to replace it"_s.arg(output);
    if (refusal.isEmpty())
        return kContinue;
    err << programName() << " import: " << refusal << '\n';
    err.flush();
    return ExitUnreadable;
}

} // namespace

int runImport(const QStringList &arguments, QTextStream &out, QTextStream &err)
{
    CommandParser command(
        u"import"_s,
        u"Reads a file another tool wrote into a clusterwiz project and writes the project to\n"
        u"PROJECT. Lists on stderr what the file could not carry and what is still to set; "
        u"nothing\n"
        u"is written when the file has errors (each names the file, line or field). KIND is one of:"_s +
            kindsHelp() +
            u"\nhccn-conf describes one server: name it with --server; with --into, its device "
            u"IPs\n"
            u"go onto that server of an existing project and the rest of that project is kept.\n"
            u"Exit codes: 0 imported, 1 the file has errors, 2 a file cannot be read or written."_s,
        u"[options] KIND FILE -o PROJECT"_s);
    command.addPositional(u"KIND"_s, u"What FILE is: "_s + importKindNames().join(u", "_s) + u'.');
    command.addPositional(u"FILE"_s, u"The file to read (at most 16 MB)."_s);
    const QCommandLineOption outputOption({u"o"_s, u"output"_s},
                                          u"Write the project to <PROJECT>."_s, u"PROJECT"_s);
    const QCommandLineOption nameOption(u"name"_s, u"Project name (default: FILE's base name)."_s,
                                        u"NAME"_s);
    const QCommandLineOption acceleratorOption(
        u"accelerator"_s,
        u"ascend910, ascend910b, nvidia or cpu. Default: nvidia for a hostfile; for the other "
        u"kinds ascend910b when every server's devices share one segment, else ascend910."_s,
        u"NAME"_s);
    const QCommandLineOption serverOption(u"server"_s, u"hccn-conf: the server FILE belongs to."_s,
                                          u"NAME"_s);
    const QCommandLineOption intoOption(
        u"into"_s, u"hccn-conf: add the device IPs to this existing project."_s, u"PROJECT"_s);
    const QCommandLineOption forceOption(u"force"_s, u"Replace PROJECT if it exists."_s);
    for (const QCommandLineOption &option :
         {outputOption, nameOption, acceleratorOption, serverOption, intoOption, forceOption})
        command.parser().addOption(option);
    if (const int exit = command.parse(arguments, out, err); exit != kContinue)
        return exit;
    const QStringList positional = command.parser().positionalArguments();
    const std::optional<ImportKind> kind = importKindFromName(positional[0]);
    if (!kind)
        return command.usageError(
            u"unknown KIND '%1' (%2)"_s.arg(positional[0], importKindNames().join(u", "_s)), err);
    const QString output = command.parser().value(outputOption);
    if (output.isEmpty())
        return command.usageError(u"--output PROJECT is required"_s, err);
    ImportOptions options;
    options.projectName = command.parser().value(nameOption);
    options.serverName = command.parser().value(serverOption);
    const QString into = command.parser().value(intoOption);
    if (command.parser().isSet(acceleratorOption)) {
        const auto accelerator = acceleratorFromName(command.parser().value(acceleratorOption));
        if (!accelerator)
            return command.usageError(u"--accelerator takes ascend910, ascend910b, nvidia or cpu"_s,
                                      err);
        if (*kind != ImportKind::Hostfile && !isAscend(*accelerator))
            return command.usageError(u"--accelerator: a %1 file describes Ascend servers "
                                      u"(ascend910 or ascend910b)"_s.arg(positional[0]),
                                      err);
        options.accelerator = *accelerator;
    }
    if (*kind == ImportKind::HccnConf && options.serverName.isEmpty())
        return command.usageError(u"hccn-conf needs --server NAME"_s, err);
    if (*kind != ImportKind::HccnConf && (!into.isEmpty() || !options.serverName.isEmpty()))
        return command.usageError(u"--server and --into are for hccn-conf only"_s, err);
    if (const int exit = checkOutput(output, into, command.parser().isSet(forceOption), err);
        exit != kContinue)
        return exit;

    Project base;
    if (!into.isEmpty()) {
        if (const int exit = loadForCommand(into, base, err); exit != kContinue)
            return exit;
        options.into = &base;
    }
    QByteArray text;
    if (const QString error = readImportFile(positional[1], &text); !error.isEmpty()) {
        err << escapeControls(error) << '\n';
        err.flush();
        return ExitUnreadable;
    }
    const ImportResult result = importText(*kind, text, positional[1], options);
    for (const QString &note : result.notes)
        err << "note: " << escapeControls(note) << '\n';
    if (!result.ok()) {
        printProblems(result.errors, err);
        err << escapeControls(positional[1]) << ": "
            << counted(static_cast<qsizetype>(result.errors.size()), u"error"_s)
            << ", nothing written\n";
        err.flush();
        return ExitInvalid;
    }
    // Validated before it is written: what the file did not hold is the user's to fill in
    // before `generate`; listed, not fatal.
    const Problems remaining = validateProject(result.project);
    if (!remaining.empty()) {
        err << escapeControls(output) << ": still to set before generating scripts:\n";
        printProblems(remaining, err);
    }
    if (const QString error = saveProjectFile(result.project, output); !error.isEmpty()) {
        err << escapeControls(error) << '\n';
        err.flush();
        return ExitUnreadable;
    }
    err.flush();
    out << "Imported "
        << counted(static_cast<qsizetype>(result.project.servers.size()), u"server"_s) << ", "
        << counted(result.project.totalDevices(), u"device"_s) << " from "
        << escapeControls(positional[1]) << " into " << escapeControls(output) << '\n';
    out.flush();
    return ExitOk;
}

} // namespace cw::cli
