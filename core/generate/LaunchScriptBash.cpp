// SPDX-License-Identifier: GPL-3.0-or-later
#include "generate/LaunchScriptBash.h"

#include "programs/ServerPrograms.h"

using namespace Qt::StringLiterals;

namespace cw {

QString logRootPath(const Project &project)
{
    const QString &logDir = project.launch.logDir;
    if (logDir.startsWith(u'/'))
        return logDir;
    QString workdir = project.launch.workdir;
    while (workdir.size() > 1 && workdir.endsWith(u'/'))
        workdir.chop(1);
    if (workdir == u"/")
        return u'/' + logDir;
    return workdir + u'/' + logDir;
}

QStringList deviceIdStrings(const Server &server)
{
    QStringList ids;
    for (int device : server.devices)
        ids << QString::number(device);
    return ids;
}

bool usesRankLoop(const Project &project)
{
    return project.launch.mode == LaunchMode::RankTable ||
           project.launch.mode == LaunchMode::NoRankTable;
}

QString hereLine()
{
    return QStringLiteral(
        "HERE=$(unset CDPATH; cd -- \"$(dirname -- \"${BASH_SOURCE[0]}\")\" && pwd) || exit 2\n");
}

QString isNumberFunction()
{
    return u'\n' + programText(program::launch_is_number_sh);
}

QString runIdCheck()
{
    return programText(program::launch_run_id_check_sh);
}

QString waitFunctions()
{
    // Polls with `kill -0` instead of `wait -n`: bash 4.2 (still on some training servers) has no
    // `wait -n`, and bash reaps exited children itself, so `wait PID` afterwards returns the code.
    return u'\n' + programText(program::launch_wait_sh);
}

} // namespace cw
