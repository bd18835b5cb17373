// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/Problem.h"
#include "model/Project.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <optional>

namespace cw {

// Files teams already have, read into a project. docs/interop.md says what each one carries.
enum class ImportKind {
    Hostfile,  // OpenMPI / DeepSpeed hostfile: `host slots=N`
    HccnConf,  // /etc/hccn.conf of one server: address_N, netmask_N
    RankTable, // HCCL rank table 1.0 (hccl_tools.py, merge_hccl.py, MindCluster's hccl.json)
    DeployerInventory, // ascend-deployer inventory_file, its [hccn] section
};

struct ImportOptions {
    QString projectName; // empty: taken from the file name
    // The project's accelerator. Unset: nvidia for a hostfile (it does not say); for the other
    // kinds ascend910b when every server's devices share one segment (the Atlas A2 layout), else
    // ascend910 (inferAscendGeneration()).
    std::optional<Accelerator> accelerator;
    QString serverName; // hccn-conf: the server the file belongs to (required)
    // hccn-conf only: when set, the file's device IPs go onto `serverName` of this project
    // (which must have it) and everything else of the project is kept.
    const Project *into = nullptr;
};

// What an import gives: `project` holds whatever the file carried (complete or partial), `notes`
// what it could not carry ("could not carry: ..."), `errors` what is wrong with the file, each
// naming the file, the line or JSON path and the field. The project is usable only when ok().
struct ImportResult {
    Project project;
    QStringList notes;
    Problems errors;

    bool ok() const { return errors.empty(); }
};

QString importKindName(ImportKind kind); // "hostfile", "hccn-conf", "ranktable", ...
std::optional<ImportKind> importKindFromName(const QString &name);
QStringList importKindNames();
QString importKindDescription(ImportKind kind); // a few words for menus and help

// Pure: `text` is the file's content, `source` its name as messages should show it.
ImportResult importText(ImportKind kind, const QByteArray &text, const QString &source,
                        const ImportOptions &options);

// Reads an input file for importText: a regular file (symlinks followed) of at most 16 MB.
// Returns an error message naming the file, empty on success.
inline constexpr qint64 kMaxImportFileBytes = 16 * 1024 * 1024;
QString readImportFile(const QString &path, QByteArray *text);

} // namespace cw
