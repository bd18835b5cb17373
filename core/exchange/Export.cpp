// SPDX-License-Identifier: GPL-3.0-or-later
#include "exchange/Export.h"

#include "exchange/ExportNodeScript.h"
#include "model/NameTable.h"

using namespace Qt::StringLiterals;

namespace cw {
namespace {

constexpr auto kTargetNames = nameTable<ExportTarget>({
    {ExportTarget::Slurm, "slurm"},
    {ExportTarget::PyTorchJob, "pytorchjob"},
    {ExportTarget::Volcano, "volcano"},
});

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
    return kTargetNames.name(target);
}

std::optional<ExportTarget> exportTargetFromName(const QString &name)
{
    return kTargetNames.fromName(name);
}

QStringList exportTargetNames()
{
    return kTargetNames.names();
}

ExportResult exportProject(const ValidProject &valid, ExportTarget target)
{
    const Project &project = valid.project();
    ExportResult result;
    checkUniformDevices(project, result.problems);
    if (target == ExportTarget::Volcano && !isAscend(project.accelerator)) {
        result.problems.push_back(
            {u"export-volcano-ascend"_s, projectPlace(u"accelerator"_s),
             u"the Volcano export is for ascend910, ascend910b and ascend910_93 projects "
             u"(MindCluster); "
             u"use --to pytorchjob for %1"_s.arg(acceleratorName(project.accelerator))});
    }
    if (target == ExportTarget::Volcano) {
        for (Problem &problem : volcanoA3Problems(project))
            result.problems.push_back(std::move(problem));
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
