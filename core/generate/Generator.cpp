#include "generate/Generator.h"

#include "generate/ScriptFiles.h"
#include "generate/TarGz.h"
#include "rules/ProjectValidator.h"

#include <QDir>
#include <QFile>
#include <QSaveFile>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace cw {
namespace {

constexpr QFileDevice::Permissions kExecutable =
    QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner |
    QFileDevice::ReadGroup | QFileDevice::ExeGroup | QFileDevice::ReadOther | QFileDevice::ExeOther;
constexpr QFileDevice::Permissions kRegular = QFileDevice::ReadOwner | QFileDevice::WriteOwner |
                                              QFileDevice::ReadGroup | QFileDevice::ReadOther;

} // namespace

GenerateResult generateScripts(const Project &project)
{
    GenerateResult result;
    result.problems = validateProject(project);
    if (!result.problems.empty())
        return result;

    std::vector<GeneratedFile> &files = result.files;
    auto add = [&files](const QString &name, QByteArray content) {
        files.push_back({name, std::move(content), name.endsWith(u".sh"_s)});
    };
    add(u"hostfile"_s, hostfileText(project));
    add(u"env.sh"_s, envScript(project));
    add(u"train.sh"_s, trainScript(project));
    add(u"rank.sh"_s, rankScript(project));
    add(u"run.sh"_s, runScript(project));
    add(u"check.sh"_s, checkScript(project));
    if (project.launch.mode == LaunchMode::RankTable)
        add(u"rank_table.json"_s, rankTableJson(project));
    if (isAscend(project.accelerator))
        add(u"setup_device_ips.sh"_s, setupDeviceIpsScript(project));

    QStringList names{u"README.txt"_s};
    for (const GeneratedFile &file : files)
        names << file.name;
    names.sort(); // byte order, as `ls` in the C locale shows them
    add(u"README.txt"_s, readmeText(project, names));

    std::sort(files.begin(), files.end(),
              [](const GeneratedFile &a, const GeneratedFile &b) { return a.name < b.name; });
    return result;
}

QString writeGeneratedFiles(const std::vector<GeneratedFile> &files, const QString &dir)
{
    if (!QDir().mkpath(dir))
        return QStringLiteral("cannot create the folder %1").arg(dir);
    const QDir target(dir);
    for (const GeneratedFile &file : files) {
        const QString path = target.filePath(file.name);
        QSaveFile out(path);
        if (!out.open(QIODevice::WriteOnly))
            return QStringLiteral("cannot write %1: %2").arg(path, out.errorString());
        if (out.write(file.content) != file.content.size()) {
            const QString error = out.errorString();
            out.cancelWriting();
            return QStringLiteral("cannot write %1: %2").arg(path, error);
        }
        if (!out.commit())
            return QStringLiteral("cannot write %1: %2").arg(path, out.errorString());
        // Exact modes, whatever the umask or an earlier file there had.
        if (!QFile::setPermissions(path, file.executable ? kExecutable : kRegular))
            return QStringLiteral("cannot set the permissions of %1").arg(path);
    }
    return {};
}

QString writeTarGz(const std::vector<GeneratedFile> &files, const QString &topFolder,
                   const QString &archivePath)
{
    QByteArray archive;
    if (QString error = buildTarGz(files, topFolder, &archive); !error.isEmpty())
        return error;
    QSaveFile out(archivePath);
    if (!out.open(QIODevice::WriteOnly))
        return QStringLiteral("cannot write %1: %2").arg(archivePath, out.errorString());
    if (out.write(archive) != archive.size()) {
        const QString error = out.errorString();
        out.cancelWriting();
        return QStringLiteral("cannot write %1: %2").arg(archivePath, error);
    }
    if (!out.commit())
        return QStringLiteral("cannot write %1: %2").arg(archivePath, out.errorString());
    if (!QFile::setPermissions(archivePath, kRegular))
        return QStringLiteral("cannot set the permissions of %1").arg(archivePath);
    return {};
}

} // namespace cw
