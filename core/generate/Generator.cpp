// SPDX-License-Identifier: GPL-3.0-or-later
#include "generate/Generator.h"

#include "generate/ContainerScript.h"
#include "generate/HcclDefaults.h"
#include "generate/ScriptFiles.h"
#include "generate/TarGz.h"

#include "model/SafeFile.h"

#include <algorithm>

using namespace Qt::StringLiterals;

namespace cw {
namespace {

FileMode modeOf(const GeneratedFile &file)
{
    if (file.secret)
        return file.executable ? FileMode::PrivateExecutable : FileMode::Private;
    return file.executable ? FileMode::SharedExecutable : FileMode::Shared;
}

} // namespace

std::vector<GeneratedFile> generateScripts(const ValidProject &valid)
{
    // Inside containers, every script that reaches a server reaches its container.
    const ValidProject job = containerJobView(valid);
    const Project &project = job.project();
    std::vector<GeneratedFile> files;
    auto add = [&files](const QString &name, QByteArray content) {
        files.push_back({name, std::move(content), name.endsWith(u".sh"_s)});
    };
    add(u"hostfile"_s, hostfileText(project));
    add(u"env.sh"_s, envScript(project));
    files.back().secret = !project.launch.env.empty(); // the values may be tokens
    add(u"train.sh"_s, trainScript(project));
    add(u"rank.sh"_s, rankScript(project));
    add(u"run.sh"_s, runScript(project));
    add(u"check.sh"_s, checkScript(project));
    if (project.launch.mode == LaunchMode::RankTable)
        add(u"rank_table.json"_s, rankTableJson(project));
    if (isAscend(project.accelerator))
        add(u"setup_device_ips.sh"_s, setupDeviceIpsScript(project));
    if (project.launch.restart.enabled())
        add(u"supervise.py"_s, supervisorScript(project));
    if (writesHcclWhitelist(project))
        add(u"hccl_whitelist.json"_s, hcclWhitelistJson(project));
    if (project.container)
        add(u"containers.sh"_s, containersScript(valid.project()));

    QStringList names{u"README.txt"_s};
    for (const GeneratedFile &file : files)
        names << file.name;
    names.sort(); // byte order, as `ls` in the C locale shows them
    add(u"README.txt"_s, readmeText(project, names));

    std::sort(files.begin(), files.end(),
              [](const GeneratedFile &a, const GeneratedFile &b) { return a.name < b.name; });
    return files;
}

QString writeGeneratedFiles(const std::vector<GeneratedFile> &files, const QString &dir)
{
    const OutputFolder folder(dir);
    if (!folder.isOpen())
        return u"cannot write into "_s + folder.error();
    for (const GeneratedFile &file : files) {
        if (const QString error = folder.write(file.name, file.content, modeOf(file));
            !error.isEmpty())
            return u"cannot write "_s + error;
    }
    return {};
}

QString writeTarGz(const std::vector<GeneratedFile> &files, const QString &topFolder,
                   const QString &archivePath)
{
    QByteArray archive;
    if (QString error = buildTarGz(files, topFolder, &archive); !error.isEmpty())
        return error;
    const bool secret =
        std::any_of(files.begin(), files.end(), [](const GeneratedFile &f) { return f.secret; });
    if (const QString error =
            writeFileReplacing(archivePath, archive, secret ? FileMode::Private : FileMode::Shared);
        !error.isEmpty())
        return u"cannot write "_s + error;
    return {};
}

QString tarGzProblem(const std::vector<GeneratedFile> &files, const QString &topFolder)
{
    QByteArray archive;
    return buildTarGz(files, topFolder, &archive);
}

} // namespace cw
