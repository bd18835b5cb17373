// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "exchange/Export.h"

#include <utility>
#include <vector>

namespace cw {

// Pieces the exporters share (not part of the public export API; see Export.h for that).

// How one node of a scheduler's job learns its place: shell expressions the exporter writes
// itself (never a value from the project), e.g. "$SLURM_NODEID".
struct NodePlace {
    QString nodes;      // number of nodes
    QString nodeRank;   // this node's index, 0 on the master
    QString masterAddr; // where rank 0 listens
    QString masterPort;
};

// The bash lines every node runs: enter the workdir, the project's env_setup lines (a failing one
// ends the node with exit 2), env.sh's HCCL defaults and env, then `exec PYTHON -m
// torch.distributed.run ...` with one process per device. Every project value is quoted with
// shellQuote() (env values with shellEnvValue()). `before` goes right before the launcher line (a
// target's own exports).
QString nodeScript(const Project &project, const NodePlace &place, const QString &before = {});

// env.sh's HCCL defaults (generate/HcclDefaults.h) for a scheduler's node: without
// HCCL_WHITELIST_FILE, since a scheduler's nodes are not known ahead. nodeScript() exports them.
std::vector<std::pair<QString, QString>> schedulerHcclDefaults(const Project &project);

// Whether launch.env sets `name` itself (then a target leaves its own value out).
bool projectSetsEnv(const Project &project, const QString &name);

// "ascend910 project \"NAME\", mode launch": for the comment at the top of each file.
QString projectSummary(const Project &project);

// A Kubernetes object name from the project name: a DNS-1035 label (lower case letters, digits
// and '-', starting with a letter: "job-" goes before a leading digit), at most 40 characters
// (pod names add "-trainer-N" and must stay a 63-character DNS label).
QString kubernetesName(const QString &projectName);
// What the user is told when the name had to change.
QString kubernetesNameNote(const QString &projectName, const QString &name);

// The project settings no scheduler export carries (launch mode, NIC pinning, log folder, ...).
QStringList commonNotCarried(const Project &project);

// Every exporter's files; `result` already holds the validated project's problems when any.
void exportSlurm(const Project &project, ExportResult &result);
void exportPyTorchJob(const Project &project, ExportResult &result);
void exportVolcano(const Project &project, ExportResult &result);
// What MindCluster's Volcano cannot schedule of an Atlas A3 project (dies per node, super pods
// of unequal size); empty for other accelerators.
Problems volcanoA3Problems(const Project &project);

} // namespace cw
