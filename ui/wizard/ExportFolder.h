// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace cw {

// The folder the file dialogs of exports and Save As start in: the one the user last chose
// (QSettings "export/lastFolder"), or the documents folder (the home folder without one) before the
// first choice.
QString lastExportFolder();
// `path` a file (its folder is kept) or a folder.
void rememberExportFolder(const QString &path);
// `fileName` inside lastExportFolder(), for a dialog's suggestion.
QString inLastExportFolder(const QString &fileName);

} // namespace cw
