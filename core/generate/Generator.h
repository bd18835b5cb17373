// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/Project.h"
#include "rules/ProjectValidator.h"

#include <QByteArray>
#include <QString>

#include <vector>

namespace cw {

struct GeneratedFile {
    QString name; // relative to the output folder, e.g. "train.sh"
    QByteArray content;
    bool executable = false;
    bool secret = false; // holds launch.env values: owner-only (0600/0700) wherever it is written
};

// Every file of a project the rules accepted, sorted by name. Pure: the same project gives the
// same bytes. See docs/generated-files.md for every file.
std::vector<GeneratedFile> generateScripts(const ValidProject &valid);

// Writes the files into `dir` (created if needed; files not generated are left alone), each
// through a new temporary file and a rename (writeFileReplacing): a symbolic link planted in
// `dir` is replaced, never written through or chmod-ed, and `dir` itself must not be a symbolic
// link (OutputFolder). Modes: 0644 / 0755 less the umask,
// 0600 / 0700 for secret files. Returns an error message, empty on success.
QString writeGeneratedFiles(const std::vector<GeneratedFile> &files, const QString &dir);

// A reproducible .tar.gz of the files under one top folder named `topFolder` (sorted, owner 0,
// mtime 0, gzip without a name or time stamp). Written like writeGeneratedFiles(), owner-only when
// a file in it is secret. Returns an error message.
QString writeTarGz(const std::vector<GeneratedFile> &files, const QString &topFolder,
                   const QString &archivePath);

// Why writeTarGz() would refuse these files under `topFolder` (a name too long for ustar), or an
// empty string: asked before the folder is written, so a refused archive leaves nothing behind.
QString tarGzProblem(const std::vector<GeneratedFile> &files, const QString &topFolder);

} // namespace cw
