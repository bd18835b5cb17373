// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The commands of the facts whose words depend on the project (discover/FactCommands.h): the
// paths to test, launch.python with the program that reads its packages' versions, where msrun
// is, and the first device's board. Discovery's probe and check.sh run exactly these words.

#include "model/Project.h"

#include <QString>
#include <QStringList>

#include <string_view>

namespace cw {

// `sh -c PROGRAM sh workdir:W writable:W entry:E setenv:F...`: prints "KIND yes|no PATH" per
// argument. A leading ~/, $HOME/ or ${HOME}/ is the remote user's home; nothing else expands.
QStringList pathsProbeArgv(const Project &project);

// launch.python (or python3) running a small program that prints its version, its executable
// and each of launch.framework's packages' versions from their installed metadata (no import).
QStringList pythonProbeArgv(const Project &project);

// `mpirun --version` of the mpirun run.sh starts: launch.mpirun.prefix's when it is there, else
// the one on the PATH.
QStringList mpirunProbeArgv(const Project &project);

// msrun on the PATH, or beside launch.python (where pip installs it with MindSpore).
QStringList msrunProbeArgv(const Project &project);

// `npu-smi info -t board -i N`: the driver and firmware versions of one NPU.
QStringList npuBoardArgv(int device);

// The files env_setup lines source (`source X`, `. X`; quotes around X removed; `~/`, `$HOME/`
// and `${HOME}/` kept as written and expanded on the server). Lines whose file is not a plain
// word (other variables, command substitution) are skipped. On Ascend, when no line sources
// CANN's set_env.sh, its default places (cannSetEnvPaths()) are added, to find the one there.
QStringList probedSetEnvFiles(const Project &project);

// A server program (programs/ServerPrograms.h) given as one argument, `sh -c PROGRAM` or
// `python -c PROGRAM`: its text less the file's last newline.
QString programArgument(std::string_view program);

// The interpreter the probe asks: launch.python, or python3 when it is empty.
QString probedPython(const Project &project);

} // namespace cw
