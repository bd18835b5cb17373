#include "exchange/Export.h"

#include "exchange/ExportNodeScript.h"

#include <array>

using namespace Qt::StringLiterals;

namespace cw {
namespace {

struct TargetInfo {
    ExportTarget target;
    const char16_t *name;
};

constexpr std::array<TargetInfo, 3> kTargets = {{
    {ExportTarget::Slurm, u"slurm"},
    {ExportTarget::PyTorchJob, u"pytorchjob"},
    {ExportTarget::Volcano, u"volcano"},
}};

// A scheduler starts the same container or task on every node, with one device count.
void checkUniformDevices(const Project &project, Problems &problems)
{
    const Server &first = project.servers.front();
    for (size_t i = 1; i < project.servers.size(); ++i) {
        const Server &server = project.servers[i];
        if (server.devices != first.devices) {
            problems.push_back(
                {u"export-uniform-devices"_s, serverFieldPlace(int(i), "devices"),
                 u"%1 uses %2 devices, %3 uses %4: a scheduler job gives every node the same "
                 u"devices"_s.arg(server.name)
                     .arg(server.devices.size())
                     .arg(first.name)
                     .arg(first.devices.size())});
        }
    }
}

} // namespace

QString exportTargetName(ExportTarget target)
{
    for (const TargetInfo &info : kTargets) {
        if (info.target == target)
            return QString::fromUtf16(info.name);
    }
    return {};
}

std::optional<ExportTarget> exportTargetFromName(const QString &name)
{
    for (const TargetInfo &info : kTargets) {
        if (name == QStringView(info.name))
            return info.target;
    }
    return std::nullopt;
}

QStringList exportTargetNames()
{
    QStringList names;
    for (const TargetInfo &info : kTargets)
        names << QString::fromUtf16(info.name);
    return names;
}

ExportResult exportProject(const ValidProject &valid, ExportTarget target)
{
    const Project &project = valid.project();
    ExportResult result;
    checkUniformDevices(project, result.problems);
    if (target == ExportTarget::Volcano && !isAscend(project.accelerator)) {
        result.problems.push_back(
            {u"export-volcano-ascend"_s, projectPlace(u"accelerator"_s),
             u"the Volcano export is for ascend910 and ascend910b projects (MindCluster); "
             u"use --to pytorchjob for %1"_s.arg(acceleratorName(project.accelerator))});
    }
    // Every target starts torchrun on each node, which only a PyTorch job can use.
    if (project.launch.mode == LaunchMode::Msrun ||
        project.launch.framework != Framework::PyTorch) {
        result.problems.push_back(
            {u"export-framework"_s, projectPlace(u"launch.framework"_s),
             u"the %1 export starts torchrun on every node; a %2 job in mode %3 cannot be "
             u"exported, use the generated scripts (train.sh on every server)"_s.arg(
                 exportTargetName(target), frameworkName(project.launch.framework),
                 launchModeName(project.launch.mode))});
    }
    if (!result.ok())
        return result;
    result.notCarried = commonNotCarried(project);
    switch (target) {
    case ExportTarget::Slurm:
        exportSlurm(project, result);
        break;
    case ExportTarget::PyTorchJob:
        exportPyTorchJob(project, result);
        break;
    case ExportTarget::Volcano:
        exportVolcano(project, result);
        break;
    }
    return result;
}

} // namespace cw
