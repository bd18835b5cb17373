// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/Cli.h"
#include "cli/CommandInputs.h"
#include "cli/Commands.h"
#include "exchange/Export.h"
#include "model/Problem.h"

#include <QDir>

using namespace Qt::StringLiterals;

namespace cw::cli {

int runExport(const QStringList &arguments, QTextStream &out, QTextStream &err)
{
    CommandParser command(
        u"export"_s,
        u"Validates a project, then writes it for a scheduler into DIR:\n"
        u"  slurm       train.sbatch: one srun task per node, torchrun on each\n"
        u"  pytorchjob  pytorchjob.yaml: a Kubeflow PyTorchJob\n"
        u"  volcano     volcano-job.yaml: a Volcano Job with MindCluster's rank-table ConfigMap\n"
        u"              (ascend910 and ascend910b projects)\n"
        u"Every server must use the same devices. Lists on stderr what you still set (image,\n"
        u"partition, namespace, ...) and what the target has no place for.\n"
        u"Exit codes: 0 written, 1 invalid project, 2 a file cannot be read or written."_s,
        u"[options] PROJECT --to TARGET -o DIR"_s);
    command.addPositional(u"PROJECT"_s, u"The *.clusterwiz.json file to export."_s);
    const QCommandLineOption toOption(u"to"_s, u"slurm, pytorchjob or volcano."_s, u"TARGET"_s);
    const QCommandLineOption outputOption({u"o"_s, u"output"_s},
                                          u"Folder to write into (created if needed)."_s, u"DIR"_s);
    command.parser().addOption(toOption);
    command.parser().addOption(outputOption);
    if (const int exit = command.parse(arguments, out, err); exit != kContinue)
        return exit;
    const QString path = command.parser().positionalArguments().constFirst();
    const std::optional<ExportTarget> target =
        exportTargetFromName(command.parser().value(toOption));
    if (!target)
        return command.usageError(u"--to takes %1"_s.arg(exportTargetNames().join(u", "_s)), err);
    const QString dir = command.parser().value(outputOption);
    if (dir.isEmpty())
        return command.usageError(u"--output DIR is required"_s, err);

    Project project;
    if (const int exit = loadForCommand(path, project, err); exit != kContinue)
        return exit;
    const ProjectValidation rules = validated(std::move(project));
    ExportResult result;
    if (rules.ok())
        result = exportProject(*rules.valid, *target);
    else
        result.problems = rules.problems;
    if (!result.ok()) {
        printProblems(result.problems, err);
        err << escapeControls(path) << ": cannot export ("
            << counted(static_cast<qsizetype>(result.problems.size()), u"problem"_s)
            << "), nothing written\n";
        err.flush();
        return ExitInvalid;
    }
    const QString absoluteDir = QDir::cleanPath(QDir(dir).absolutePath());
    if (const QString error = writeGeneratedFiles(result.files, absoluteDir); !error.isEmpty()) {
        err << escapeControls(error) << '\n';
        err.flush();
        return ExitUnreadable;
    }
    for (const QString &item : result.userSets)
        err << "set: " << escapeControls(item) << '\n';
    for (const QString &item : result.notCarried)
        err << "not carried: " << escapeControls(item) << '\n';
    err.flush();
    for (const GeneratedFile &file : result.files)
        out << escapeControls(absoluteDir) << '/' << file.name << '\n';
    out.flush();
    return ExitOk;
}

} // namespace cw::cli
