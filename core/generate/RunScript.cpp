// SPDX-License-Identifier: GPL-3.0-or-later
#include "generate/ScriptFiles.h"

#include "generate/LaunchScriptBash.h"
#include "generate/NodePlanBash.h"
#include "programs/ServerPrograms.h"
#include "shell/ShellQuote.h"

#include <set>

using namespace Qt::StringLiterals;

namespace cw {
namespace {

QString runIdSetup()
{
    return u'\n' + programText(program::run_id_sh) + runIdCheck();
}

// The SSH port mpirun's ssh uses for the other servers: one port for all of them (mpirun has
// no per-host port; ~/.ssh/config can give one). Empty when it is 22 or they differ.
QString commonWorkerSshPort(const Project &project, bool *mixed)
{
    std::set<int> ports;
    const int master = project.masterIndex();
    for (int i = 0; i < static_cast<int>(project.servers.size()); ++i) {
        if (i != master)
            ports.insert(project.servers[i].port);
    }
    *mixed = ports.size() > 1;
    if (ports.size() != 1 || *ports.begin() == 22)
        return {};
    return QString::number(*ports.begin());
}

QString mpirunScript(const Project &project)
{
    const MpirunOptions &mpi = project.launch.mpirun;
    const bool perDevice = mpi.per == MpirunPer::Device;

    QString text = u'\n' + programText(program::run_mpirun_subnet_sh) + u'\n';
    // From the plan arrays, which an attempt of a restarting run narrows: -H lists the servers
    // in plan order, so that mpirun's ranks follow the plan's global ranks.
    text += programText(perDevice ? program::run_mpirun_per_device_sh
                                  : program::run_mpirun_per_server_sh);
    text += programText(program::run_mpirun_sh);
    if (!mpi.prefix.isEmpty()) {
        text += u"MPI_PREFIX="_s + shellQuote(mpi.prefix) + u'\n';
        text += programText(program::run_mpirun_prefix_sh);
    }
    bool mixedPorts = false;
    const QString port = commonWorkerSshPort(project, &mixedPorts);
    if (!port.isEmpty())
        text += QStringLiteral("MPI_ARGS+=(--mca plm_rsh_args '-p %1')\n").arg(port);
    if (mixedPorts) {
        text += QStringLiteral("# The servers use different SSH ports and mpirun passes one to "
                               "ssh: give each its Port in ~/.ssh/config.\n");
    }
    text += programText(program::run_mpirun_export_sh);
    if (!mpi.extraArgs.isEmpty())
        text += u"MPI_ARGS+=("_s + shellJoin(mpi.extraArgs) + u")\n"_s;
    text += u'\n' + programText(program::run_mpirun_exec_sh);
    return text;
}

QString sshScript(const Project &project)
{
    QStringList users, ports;
    for (int index : project.launchOrder()) {
        users << shellQuote(project.servers[index].user);
        ports << QString::number(project.servers[index].port);
    }
    QString text = bashArray(u"NODE_USERS"_s, users, BashWords::AsIs);
    text += bashArray(u"NODE_SSH_PORTS"_s, ports, BashWords::AsIs);
    text += attemptPlanFunction({u"NODE_USERS"_s, u"NODE_SSH_PORTS"_s});
    text += QStringLiteral("clusterwiz_attempt_plan || exit 2\n");
    text += u"LOG_ROOT="_s + shellQuote(logRootPath(project)) + u'\n';
    text += QStringLiteral("STOP_GRACE=20  # seconds from TERM to KILL when stopping\n"
                           "WHERE=run.sh\n");
    text += waitFunctions();
    text += u'\n' + programText(program::run_ssh_sh);
    return text;
}

} // namespace

QByteArray runScript(const Project &project)
{
    const bool mpirun = project.launch.mode == LaunchMode::Mpirun;
    QString text = scriptHeader(
        project, mpirun ? QStringLiteral("Run on the master: starts the whole job through mpirun "
                                         "(password-free SSH between the servers).")
                        : QStringLiteral("Run on the master: starts train.sh here and, through "
                                         "ssh, on every other server; waits for all."));
    text += hereLine();
    text += u'\n' + planTable(project);
    text += runIdSetup();
    if (mpirun)
        text += attemptPlanFunction() + QStringLiteral("clusterwiz_attempt_plan || exit 2\n");
    text += mpirun ? mpirunScript(project) : sshScript(project);
    return text.toUtf8();
}

} // namespace cw
