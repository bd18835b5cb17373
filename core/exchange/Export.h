// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "generate/Generator.h"
#include "model/Problem.h"
#include "model/Project.h"
#include "rules/ProjectValidator.h"

#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace cw {

// Where a project can be taken besides its own scripts. docs/interop.md describes each file.
enum class ExportTarget {
    Slurm,      // an sbatch script: one srun task per node, torchrun on each
    PyTorchJob, // a Kubeflow PyTorchJob manifest
    Volcano,    // a Volcano Job for Ascend 910 / 910B with MindCluster's rank-table ConfigMap
};

struct ExportResult {
    std::vector<GeneratedFile> files; // empty when problems is not
    QStringList userSets;             // what the user still has to set before submitting
    QStringList notCarried;           // project settings the target has no place for
    Problems problems;                // why nothing was exported

    bool ok() const { return problems.empty(); }
};

QString exportTargetName(ExportTarget target); // "slurm", "pytorchjob", "volcano"
std::optional<ExportTarget> exportTargetFromName(const QString &name);
QStringList exportTargetNames();

// Pure: the same project gives the same bytes. A project the rules accepted, which must also
// meet the target's own conditions (every server the same devices; volcano: ascend910 or
// ascend910b; a PyTorch job).
ExportResult exportProject(const ValidProject &valid, ExportTarget target);

} // namespace cw
