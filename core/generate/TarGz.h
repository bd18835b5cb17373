// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "generate/Generator.h"

#include <QByteArray>
#include <QString>

#include <vector>

namespace cw {

// The bytes of a reproducible .tar.gz (POSIX ustar inside gzip) holding `files` under one folder
// `topFolder`: entries in the given order after the folder itself, owner and group 0 with no
// names, mtime 0, mode 0755 for executables and the folder, 0644 otherwise (0700 / 0600 for secret
// files); gzip without a file name or time stamp. The same input gives the same bytes. Returns an
// error message (a name that does not fit ustar), empty on success.
QString buildTarGz(const std::vector<GeneratedFile> &files, const QString &topFolder,
                   QByteArray *archive);

} // namespace cw
