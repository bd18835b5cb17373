// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/Problem.h"
#include "model/Project.h"

#include <QString>

#include <nlohmann/json_fwd.hpp>

namespace cw {

// Reading a project: `fatal` is set when the file cannot be read or is not JSON at all (the CLI's
// exit code 2); `problems` lists every member of the wrong type or shape, each with its JSON path.
// `project` holds whatever could be read, so a GUI can still show and fix a half-broken file.
struct ProjectLoad {
    Project project;
    QString fatal;
    Problems problems;

    bool ok() const { return fatal.isEmpty() && problems.empty(); }
};

ProjectLoad projectFromJson(const nlohmann::ordered_json &document);
ProjectLoad projectFromJsonText(const QByteArray &text);
ProjectLoad loadProjectFile(const QString &path);

nlohmann::ordered_json projectToJson(const Project &project);
QByteArray projectToJsonText(const Project &project); // 2-space indent, trailing newline

// Writes through a temporary file in the same folder and renames it over `path`, so a crash or a
// full disk leaves the old file intact. Returns an error message, empty on success.
// A file kept beside the project: "dir/NAME.clusterwiz-KIND.json" for "dir/NAME.clusterwiz.json",
// else PATH + ".KIND.json" (the undo journal, the container journal).
QString fileBesideProject(const QString &projectPath, const QString &kind);

QString saveProjectFile(const Project &project, const QString &path);

// Brings an older document up to kProjectFormatVersion in place; returns an error (a newer
// format, a missing version) or an empty string.
QString migrateProjectJson(nlohmann::ordered_json &document);

} // namespace cw
