// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/Project.h"

#include <QByteArray>
#include <QStringList>

namespace cw {

// One function per generated file; generateScripts() decides which of them a project gets.
// Each takes a project that validateProject() accepted. docs/generated-files.md describes them.

QByteArray hostfileText(const Project &project);
QByteArray envScript(const Project &project);
QByteArray trainScript(const Project &project);
QByteArray rankScript(const Project &project);
QByteArray runScript(const Project &project);
QByteArray rankTableJson(const Project &project);        // ranktable mode
QByteArray setupDeviceIpsScript(const Project &project); // ascend910
QByteArray checkScript(const Project &project);
QByteArray supervisorScript(const Project &project); // launch.restart (supervise.py)
QByteArray readmeText(const Project &project, const QStringList &fileNames);

} // namespace cw
