// SPDX-License-Identifier: GPL-3.0-or-later
#include "ExportFolder.h"

#include <QDir>
#include <QFileInfo>
#include <QSettings>
#include <QStandardPaths>

using namespace Qt::StringLiterals;

namespace cw {

namespace {
const QString kKey = u"export/lastFolder"_s;
} // namespace

QString lastExportFolder()
{
    const QString last = QSettings().value(kKey).toString();
    if (!last.isEmpty() && QFileInfo(last).isDir())
        return last;
    const QString documents = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    return QFileInfo(documents).isDir() ? documents : QDir::homePath();
}

void rememberExportFolder(const QString &path)
{
    const QFileInfo info(path);
    QSettings().setValue(kKey, info.isDir() ? info.absoluteFilePath() : info.absolutePath());
}

QString inLastExportFolder(const QString &fileName)
{
    return QDir(lastExportFolder()).filePath(fileName);
}

} // namespace cw
