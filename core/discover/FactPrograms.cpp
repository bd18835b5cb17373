// SPDX-License-Identifier: GPL-3.0-or-later
#include "discover/FactPrograms.h"

#include "programs/ServerPrograms.h"
#include "rules/FrameworkPackages.h"
#include "rules/ProjectWarnings.h"
#include "rules/ValueRules.h"

using namespace Qt::StringLiterals;

namespace cw {
namespace {

// resources/server/probe-paths.sh: checks paths given as "kind:path" arguments and prints
// "kind yes|no path". A leading ~/, $HOME/ or ${HOME}/ is the remote user's home; nothing else in
// a path is expanded.
QString pathsProgram()
{
    return programArgument(program::probe_paths_sh);
}

// resources/server/probe-python.py: prints the interpreter's version and path, then each
// package's version from its installed metadata, never importing it (an import of torch costs
// seconds of CPU; 128 servers wait on the slowest). An argument "a|b" names one package installed
// under either distribution name. It reads the *.dist-info / *.egg-info folders on sys.path
// itself, in the order importlib.metadata would, and asks importlib.metadata (3.8 and later) only
// for what that misses (a zipped egg, an egg-info file): importing it costs more than the rest of
// the probe.
QString pythonProgram()
{
    return programArgument(program::probe_python_py);
}

QString stripQuotes(const QString &word)
{
    if (word.size() >= 2 && (word.front() == u'"' || word.front() == u'\'') &&
        word.back() == word.front()) {
        const QString inner = word.mid(1, word.size() - 2);
        return inner.contains(word.front()) ? QString() : inner;
    }
    return word;
}

// A sourced file the probe can test without expanding anything the user wrote.
bool isPlainPath(const QString &path)
{
    if (!pathProblem(path).isEmpty())
        return false;
    QString rest = path;
    for (const QString &home : {u"~/"_s, u"$HOME/"_s, u"${HOME}/"_s}) {
        if (rest.startsWith(home)) {
            rest = rest.mid(home.size());
            break;
        }
    }
    for (QChar c : rest) {
        if (c == u'$' || c == u'`' || c == u'"' || c == u'\'' || c == u'\\' || c == u';' ||
            c == u'|' || c == u'&' || c == u'<' || c == u'>' || c.isSpace())
            return false;
    }
    return !rest.isEmpty();
}

} // namespace

QStringList pathsProbeArgv(const Project &project)
{
    const LaunchConfig &launch = project.launch;
    QStringList argv{u"sh"_s, u"-c"_s, pathsProgram(), u"sh"_s};
    if (!launch.workdir.isEmpty() && pathProblem(launch.workdir).isEmpty()) {
        argv << u"workdir:"_s + launch.workdir << u"writable:"_s + launch.workdir;
    }
    if (!launch.entry.isEmpty() && pathProblem(launch.entry).isEmpty()) {
        QString entry = launch.entry;
        if (!entry.startsWith(u'/') && !launch.workdir.isEmpty() &&
            pathProblem(launch.workdir).isEmpty()) {
            QString dir = launch.workdir;
            while (dir.size() > 1 && dir.endsWith(u'/'))
                dir.chop(1);
            entry = dir == u"/"_s ? dir + entry : dir + u'/' + entry;
        }
        argv << u"entry:"_s + entry;
    }
    for (const QString &file : probedSetEnvFiles(project))
        argv << u"setenv:"_s + file;
    return argv;
}

QStringList pythonProbeArgv(const Project &project)
{
    QStringList argv{probedPython(project), u"-c"_s, pythonProgram()};
    for (const QString &package : frameworkPackages(project))
        argv << packageDistributions(package).join(u'|');
    return argv;
}

// run.sh takes PREFIX/bin/mpirun when it is there, else the mpirun on the PATH.
QStringList mpirunProbeArgv(const Project &project)
{
    const QString prefix = project.launch.mpirun.prefix;
    if (prefix.isEmpty())
        return {u"mpirun"_s, u"--version"_s};
    return {u"sh"_s, u"-c"_s,
            u"if [ -x \"$1/bin/mpirun\" ]; then exec \"$1/bin/mpirun\" --version; fi; "
            u"exec mpirun --version"_s,
            u"sh"_s, prefix};
}

// pip installs msrun with MindSpore, beside the interpreter that has it; train.sh looks in the
// same two places. The interpreter is the last argument.
QStringList msrunProbeArgv(const Project &project)
{
    return {u"sh"_s, u"-c"_s,
            u"command -v msrun || { p=$(command -v \"$1\") && [ -x \"${p%/*}/msrun\" ] && "
            u"echo \"${p%/*}/msrun\"; }"_s,
            u"sh"_s, probedPython(project)};
}

QStringList npuBoardArgv(int device)
{
    return {u"npu-smi"_s, u"info"_s, u"-t"_s, u"board"_s, u"-i"_s, QString::number(device)};
}

QStringList probedSetEnvFiles(const Project &project)
{
    QStringList files;
    for (const QString &line : project.launch.envSetup) {
        const QStringList words = line.simplified().split(u' ', Qt::SkipEmptyParts);
        if (words.size() < 2 || (words[0] != u"source"_s && words[0] != u"."_s))
            continue;
        const QString file = stripQuotes(words[1]);
        if (isPlainPath(file) && !files.contains(file))
            files << file;
    }
    // Where CANN may be, for the check and for discovery to fill env_setup with the one found.
    if (isAscend(project.accelerator) && !sourcesCannSetEnv(project.launch)) {
        for (const QString &candidate : cannSetEnvPaths()) {
            if (!files.contains(candidate))
                files << candidate;
        }
    }
    return files;
}

QString programArgument(std::string_view program)
{
    QString text = programText(program);
    if (text.endsWith(u'\n'))
        text.chop(1);
    return text;
}

QString probedPython(const Project &project)
{
    return project.launch.python.isEmpty() ? u"python3"_s : project.launch.python;
}

} // namespace cw
