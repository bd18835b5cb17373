// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/Cli.h"
#include "cli/CommandInputs.h"
#include "cli/Commands.h"
#include "generate/Generator.h"
#include "model/Problem.h"

#include <QDir>
#include <QFileInfo>

using namespace Qt::StringLiterals;

namespace cw::cli {
namespace {

// The archive's top folder: the output folder's own name, so that unpacking the archive next to
// the folder gives the same tree; the project name when the folder has none ("/").
QString archiveTopFolder(const QString &absoluteDir, const Project &project)
{
    const QString name = QFileInfo(absoluteDir).fileName();
    return name.isEmpty() ? project.name : name;
}

} // namespace

int runGenerate(const QStringList &arguments, QTextStream &out, QTextStream &err)
{
    CommandParser command(
        u"generate"_s,
        u"Validates a project, then writes its scripts (hostfile, env.sh, train.sh, rank.sh,\n"
        u"run.sh, check.sh, README.txt and, where the project needs them, rank_table.json and\n"
        u"setup_device_ips.sh) into DIR, and optionally a reproducible .tar.gz of that folder.\n"
        u"Nothing is written when the project is invalid. The same project gives the same bytes.\n"
        u"Exit codes: 0 written, 1 invalid project, 2 a file cannot be read or written."_s,
        u"[options] PROJECT -o DIR [--tar FILE.tar.gz]"_s);
    command.addPositional(u"PROJECT"_s, u"The *.clusterwiz.json file to generate from."_s);
    const QCommandLineOption outputOption({u"o"_s, u"output"_s},
                                          u"Folder to write the scripts into (created if needed; "
                                          u"other files in it are left alone)."_s,
                                          u"DIR"_s);
    const QCommandLineOption tarOption(u"tar"_s, u"Also write the folder as <FILE.tar.gz>."_s,
                                       u"FILE.tar.gz"_s);
    command.parser().addOption(outputOption);
    command.parser().addOption(tarOption);
    if (const int exit = command.parse(arguments, out, err); exit != kContinue)
        return exit;
    const QString path = command.parser().positionalArguments().constFirst();
    const QString dir = command.parser().value(outputOption);
    const QString archive = command.parser().value(tarOption);
    if (dir.isEmpty())
        return command.usageError(u"--output DIR is required"_s, err);
    if (command.parser().isSet(tarOption) && archive.isEmpty())
        return command.usageError(u"--tar needs a file name"_s, err);

    Project read;
    if (const int exit = loadForCommand(path, read, err); exit != kContinue)
        return exit;
    const ProjectValidation rules = validated(std::move(read));
    if (!rules.ok()) {
        printProblems(rules.problems, err);
        err << escapeControls(path) << ": invalid ("
            << counted(static_cast<qsizetype>(rules.problems.size()), u"problem"_s)
            << "), nothing written\n";
        err.flush();
        return ExitInvalid;
    }
    const Project &project = rules.valid->project();
    const std::vector<GeneratedFile> files = generateScripts(*rules.valid);
    printWarnings(project, err);

    const QString absoluteDir = QDir::cleanPath(QDir(dir).absolutePath());
    // An archive that cannot be built is refused before the folder is written.
    if (!archive.isEmpty()) {
        if (const QString error = tarGzProblem(files, archiveTopFolder(absoluteDir, project));
            !error.isEmpty()) {
            err << escapeControls(error) << ", nothing written\n";
            err.flush();
            return ExitUnreadable;
        }
    }
    if (const QString error = writeGeneratedFiles(files, absoluteDir); !error.isEmpty()) {
        err << escapeControls(error) << '\n';
        err.flush();
        return ExitUnreadable;
    }
    for (const GeneratedFile &file : files)
        out << escapeControls(absoluteDir) << '/' << file.name << '\n';
    if (!archive.isEmpty()) {
        const QString absoluteArchive = QFileInfo(archive).absoluteFilePath();
        const QString error =
            writeTarGz(files, archiveTopFolder(absoluteDir, project), absoluteArchive);
        if (!error.isEmpty()) {
            out.flush();
            err << escapeControls(error) << '\n';
            err.flush();
            return ExitUnreadable;
        }
        out << escapeControls(absoluteArchive) << '\n';
    }
    out << "Generated " << counted(static_cast<qsizetype>(files.size()), u"file"_s) << " in "
        << escapeControls(absoluteDir) << '\n';
    out.flush();
    return ExitOk;
}

} // namespace cw::cli
