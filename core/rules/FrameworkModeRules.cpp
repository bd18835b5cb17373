// SPDX-License-Identifier: GPL-3.0-or-later
#include "rules/FrameworkModeRules.h"
#include "rules/SectionValidators.h"

#include <QSet>
#include <QStringList>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace cw {

std::vector<LaunchMode> launchModesFor(Framework framework)
{
    switch (framework) {
    case Framework::PyTorch:
        return {LaunchMode::Launch, LaunchMode::Mpirun, LaunchMode::RankTable,
                LaunchMode::NoRankTable};
    case Framework::MindSpore:
        return {LaunchMode::Msrun, LaunchMode::Mpirun, LaunchMode::RankTable};
    case Framework::TensorFlow:
        return {LaunchMode::RankTable, LaunchMode::NoRankTable};
    }
    return {};
}

namespace {

// The modes that can start the framework's processes, for the messages.
QString modesFor(Framework framework)
{
    QString text = launchModeNames(launchModesFor(framework), u" or "_s);
    if (framework != Framework::PyTorch)
        text.replace(u"mpirun"_s, u"mpirun (per device)"_s);
    return text;
}

// msrun numbers a worker node_rank * local_worker_num + index, assuming every server runs as many
// workers as this one ("We assume that each node has same process number": MindSpore
// parallel/cluster/process_entity/_api.py, _get_node_id_and_log_path); its tutorial says not to
// give --node_rank when servers differ. train.sh gives it, so unequal counts are refused.
void checkMsrunDeviceCounts(const Project &project, ProblemList &out)
{
    if (project.launch.mode != LaunchMode::Msrun || project.servers.size() < 2)
        return;
    const std::vector<int> order = project.launchOrder();
    const int master = order.front();
    const size_t count = project.servers[size_t(master)].devices.size();
    for (size_t r = 1; r < order.size(); ++r) {
        const Server &server = project.servers[size_t(order[r])];
        if (server.devices.size() == count || server.devices.empty())
            continue;
        out.add(
            u"msrun-device-count"_s, serverFieldPlace(order[r], "devices"),
            trText("cw::Validation",
                   "%1: uses %2 devices and %3 (the master) %4; msrun numbers a worker node_rank x "
                   "local_worker_num + index, which only works when every server runs the same "
                   "number of workers (ranks would collide): use as many devices on every server, "
                   "or mode ranktable")
                .arg(serverLabel(project, order[r]))
                .arg(server.devices.size())
                .arg(serverLabel(project, master))
                .arg(count));
    }
}

// A MindSpore rank table: "the order of rank_id must be consistent with the dictionary order of
// server_id" (MindSpore's rank table tutorial, tutorials/source_en/parallel/rank_table.md).
// clusterwiz numbers ranks in launch order (master first), so that order must sort as strings.
void checkMindSporeRankOrder(const Project &project, ProblemList &out)
{
    if (project.launch.framework != Framework::MindSpore ||
        project.launch.mode != LaunchMode::RankTable || project.servers.size() < 2)
        return;
    const std::vector<int> order = project.launchOrder();
    for (size_t r = 1; r < order.size(); ++r) {
        const QString before = project.servers[size_t(order[r - 1])].effectiveHostIp();
        const QString after = project.servers[size_t(order[r])].effectiveHostIp();
        if (!(after < before)) // byte order of ASCII addresses: the dictionary order
            continue;
        std::vector<int> sorted = order;
        std::stable_sort(sorted.begin(), sorted.end(), [&](int a, int b) {
            return project.servers[size_t(a)].effectiveHostIp() <
                   project.servers[size_t(b)].effectiveHostIp();
        });
        QStringList names;
        for (int s : sorted)
            names << u"%1 (%2)"_s.arg(serverLabel(project, s),
                                      project.servers[size_t(s)].effectiveHostIp());
        out.add(
            u"mindspore-rank-order"_s, projectPlace(u"servers"_s),
            trText(
                "cw::Validation",
                "MindSpore needs the rank ids in the dictionary order of server_id, but the rank "
                "table would number %1 (%2) before %3 (%4); order the servers as %5 (the first "
                "is the master unless launch.master names another)")
                .arg(serverLabel(project, order[r - 1]), before, serverLabel(project, order[r]),
                     after, names.join(u", "_s)));
        return;
    }
}

// The Rec SDK guide's start line for this project (seed 002, run.sh: `horovodrun --mpi-args
// "${mpi_args}" -p 12345 --mpi -H {host_1_ip}:8,{host_2_ip}:8`): one process per device, the
// servers in launch order, -p only where every server's sshd listens on one port other than 22.
QString horovodrunCommand(const Project &project)
{
    QStringList hosts;
    size_t devices = 0;
    QSet<int> ports;
    for (int index : project.launchOrder()) {
        const Server &server = project.servers[size_t(index)];
        hosts << u"%1:%2"_s.arg(server.effectiveHostIp()).arg(server.devices.size());
        devices += server.devices.size();
        ports.insert(server.port);
    }
    QString command = u"horovodrun -np %1 -H %2"_s.arg(devices).arg(hosts.join(u','));
    if (ports.size() == 1 && *ports.begin() != 22)
        command += u" -p %1"_s.arg(*ports.begin());
    return command +
           u" --mpi-args \"...\" --mpi %1 %2"_s.arg(project.launch.python, project.launch.entry);
}

} // namespace

void validateFrameworkMode(const Project &project, ProblemList &out)
{
    const LaunchConfig &launch = project.launch;
    const QString framework = frameworkName(launch.framework);
    checkMsrunDeviceCounts(project, out);
    checkMindSporeRankOrder(project, out);
    const std::vector<LaunchMode> fitting = launchModesFor(launch.framework);
    const bool fits = std::find(fitting.begin(), fitting.end(), launch.mode) != fitting.end();
    if (!fits && launch.mode == LaunchMode::Msrun) {
        out.add(u"mode-framework"_s, projectPlace(u"launch.mode"_s),
                trText("cw::Validation",
                       "launch: mode msrun is MindSpore's launcher and starts no %1 job; with "
                       "framework %1 use %2")
                    .arg(framework, modesFor(launch.framework)));
    }
    if (launch.framework == Framework::PyTorch)
        return;
    if (!fits && launch.mode == LaunchMode::Launch) {
        out.add(u"mode-framework"_s, projectPlace(u"launch.mode"_s),
                trText("cw::Validation",
                       "launch: mode launch starts a torch launcher (torchrun), which %1 does not "
                       "have; with framework %1 use %2")
                    .arg(framework, modesFor(launch.framework)));
    }
    if (launch.mode == LaunchMode::NoRankTable && launch.framework == Framework::MindSpore) {
        // CANN: "环境变量配置资源信息的方式仅适用于TensorFlow框架" (hicann/hccl
        // X
        // init() wants RANK_ID with a rank table, or msrun's or mpirun's own variables.
        out.add(u"mode-framework"_s, projectPlace(u"launch.mode"_s),
                trText("cw::Validation",
                       "launch: mode no-ranktable gives the ranks only the CM_* variables, which "
                       "CANN reads for TensorFlow alone; a mindspore job would get neither a rank "
                       "table nor msrun's variables. With framework mindspore use %1")
                    .arg(modesFor(launch.framework)));
    }
    if (launch.mode == LaunchMode::Mpirun && launch.framework == Framework::TensorFlow) {
        // TensorFlow on Ascend forms its HCCL group from a rank table or the CM_* variables (the
        // Rec SDK multi-server guide, seed 002); mpirun's ranks get neither, and a Horovod script
        // is started by horovodrun (the guide's run.sh: horovodrun --mpi-args ... -p PORT --mpi
        // -H ip:8,ip:8), which clusterwiz does not generate.
        out.add(u"mode-framework"_s, projectPlace(u"launch.mode"_s),
                trText("cw::Validation",
                       "launch: mode mpirun gives a tensorflow job's ranks neither a rank table "
                       "nor the CM_* variables that HCCL needs to form the job; use %1, or start "
                       "a Horovod script (the Rec SDK's) with horovodrun as its guide does: %2")
                    .arg(modesFor(launch.framework), horovodrunCommand(project)));
    } else if (launch.mode == LaunchMode::Mpirun && launch.mpirun.per == MpirunPer::Server) {
        out.add(
            u"mode-framework"_s, projectPlace(u"launch.mpirun.per"_s),
            trText("cw::Validation",
                   "launch: mpirun.per server starts one torch launcher per server, but a %1 job "
                   "runs one process per device; set launch.mpirun.per to device")
                .arg(framework));
    }
    if (launch.mode == LaunchMode::Msrun && !launch.localRankArg.isEmpty()) {
        out.add(
            u"local-rank-arg"_s, projectPlace(u"launch.local_rank_arg"_s),
            trText("cw::Validation",
                   "launch: local_rank_arg %1 cannot be passed in mode msrun: msrun starts every "
                   "worker with the same arguments; read the rank in the script "
                   "(mindspore.communication.get_rank / get_local_rank)")
                .arg(launch.localRankArg));
    }
}

} // namespace cw
