// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/NameTable.h"
#include "model/Problem.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <optional>
#include <utility>
#include <vector>

namespace cw {

inline constexpr int kProjectFormatVersion = 1;
inline constexpr int kMaxServers = 128;
inline constexpr int kDefaultMasterPort = 29501;
// msrun's documented --master_port default; a project in msrun mode without master_port gets it
// (defaultMasterPort()).
inline constexpr int kMsrunDefaultMasterPort = 8118;

// Ascend910 is the Atlas 800 (9000/9010) / Atlas 900 PoD generation (910A); Ascend910b the
// Atlas 800T A2 / Atlas 900 A2 PoD generation (910B); Ascend910_93 the Atlas A3 generation
// (Atlas 900 A3 SuperPoD, Atlas 800T/800I A3), named as HCCL names it (DEV_TYPE_910_93, SoCs
// Ascend910_93xx): two dies per NPU, each die a device (0-15) and a rank. Their device network
// rules differ.
enum class Accelerator { Ascend910, Ascend910b, Ascend910_93, Nvidia, Cpu };
// Msrun: MindSpore's own launcher, one `msrun` per server (MindSpore only).
enum class LaunchMode { Launch, Mpirun, RankTable, NoRankTable, Msrun };
// The training framework decides which launch modes fit and what the checks look up.
enum class Framework { PyTorch, MindSpore, TensorFlow };

// Their names in the project file, each in the order the docs and messages list them.
inline constexpr auto kAcceleratorNames = nameTable<Accelerator>({
    {Accelerator::Ascend910, "ascend910"},
    {Accelerator::Ascend910b, "ascend910b"},
    {Accelerator::Ascend910_93, "ascend910_93"},
    {Accelerator::Nvidia, "nvidia"},
    {Accelerator::Cpu, "cpu"},
});
inline constexpr auto kLaunchModeNames = nameTable<LaunchMode>({
    {LaunchMode::Launch, "launch"},
    {LaunchMode::Mpirun, "mpirun"},
    {LaunchMode::RankTable, "ranktable"},
    {LaunchMode::NoRankTable, "no-ranktable"},
    {LaunchMode::Msrun, "msrun"},
});
inline constexpr auto kFrameworkNames = nameTable<Framework>({
    {Framework::PyTorch, "pytorch"},
    {Framework::MindSpore, "mindspore"},
    {Framework::TensorFlow, "tensorflow"},
});

struct Server {
    QString name;
    QString host; // how this machine reaches it over SSH (address or ~/.ssh/config alias)
    int port = 22;
    QString user;
    QString identityFile; // empty: ssh-agent or the user's default keys
    QString hostIp;       // how the servers reach each other; empty means `host`
    QString nic;          // the NIC holding hostIp, when known (discovery fills it)
    std::vector<int> devices;
    QStringList deviceIps; // deviceIps[k] belongs to devices[k]; empty for nvidia and cpu
    // Atlas A3 only, each empty or one per device (k as above): the die's SDID in its SuperPoD
    // (`npu-smi info -t spod-info`), a decimal string as rank table 1.2 writes it, and the
    // optional ports of rank tables 1.0 / 1.2 (device_port, backup_device_port, host_port).
    QStringList superDeviceIds;
    std::vector<int> devicePorts;
    std::vector<int> backupDevicePorts;
    std::vector<int> hostPorts;

    QString effectiveHostIp() const { return hostIp.isEmpty() ? host : hostIp; }
    bool operator==(const Server &) const = default;
};

// One SuperPoD of an Atlas A3 project (rank table 1.2's super_pod_list): its id, physical
// ("Super Pod ID" of npu-smi) or chosen by the user (logical pods), and its servers by name.
struct SuperPod {
    QString id;
    QStringList servers;
    bool operator==(const SuperPod &) const = default;
};

struct DeviceNetwork {
    QString netmask;      // empty: the planner chooses
    QStringList segments; // network addresses; segments[i % 4] holds device i
    // Routed device networks (ascend-deployer's `gateways` / `detectip`): each device uses the
    // gateway inside its own segment. detectIps[i] is what the devices behind gateways[i]
    // detect; with no gateways, each detect IP serves the segment it lies in. Empty: none set.
    QStringList gateways;
    QStringList detectIps;
    bool operator==(const DeviceNetwork &) const = default;
};

// mpirun mode: one launcher per server (seed 000) or one process per device (seed 003).
enum class MpirunPer { Server, Device };
inline constexpr auto kMpirunPerNames = nameTable<MpirunPer>({
    {MpirunPer::Server, "server"},
    {MpirunPer::Device, "device"},
});

struct MpirunOptions {
    MpirunPer per = MpirunPer::Server;
    QString prefix;        // --prefix of the remote OpenMPI installation
    QStringList extraArgs; // appended verbatim (each one quoted) before the program
    bool operator==(const MpirunOptions &) const = default;
};

struct PortRange {
    int first = 60000;
    int last = 60031; // newer CANN; older uses 60000-60015
    bool operator==(const PortRange &) const = default;
};

// launch.restart: a run that restarts after a failure, supervised from one server
// (docs/launch.md, "Restarts"). max_restarts 0 (the default) is a run without a supervisor.
inline constexpr int kMaxRestarts = 100;
inline constexpr int kMaxBackoffSeconds = 3600;
struct RestartPolicy {
    int maxRestarts = 0;
    bool dropFailedServers = false; // leave out a server that is unreachable or unhealthy
    int minServers = 0;             // fewest servers an attempt may run on; 0: all of them
    int backoffSeconds = 10;        // wait between a failed attempt and the next one
    QString supervisor;             // the server the supervisor runs on; empty: the master

    bool enabled() const { return maxRestarts > 0; }
    bool operator==(const RestartPolicy &) const = default;
};

// launch.scheduler: how the job's processes are started. Ssh: clusterwiz starts train.sh on every
// server over SSH (the default). Slurm: it submits train.sbatch with sbatch from the login node,
// and Slurm starts one task per server (docs/slurm.md).
enum class Scheduler { Ssh, Slurm };
inline constexpr auto kSchedulerNames = nameTable<Scheduler>({
    {Scheduler::Ssh, "ssh"},
    {Scheduler::Slurm, "slurm"},
});

// launch.slurm: what a Slurm site sets for a job (sbatch(1)); empty values are left to the site's
// defaults. Read also with the ssh scheduler (export --to slurm writes them into train.sbatch).
struct SlurmOptions {
    QString partition;      // --partition
    QString account;        // --account
    QString time;           // --time: minutes, [D-]HH:MM[:SS] and the other forms of sbatch(1)
    QString qos;            // --qos
    QString gres;           // --gres: "gpu:8", "npu:16", the site's names
    QStringList sbatchArgs; // extra options for sbatch, each word quoted on its command line
    // The node clusterwiz runs sbatch, squeue and scancel on: a server's name, or a host (an
    // address or ~/.ssh/config alias) reached with the first server's user and key. Empty: the
    // master server.
    QString login;
    bool operator==(const SlurmOptions &) const = default;
};

struct LaunchConfig {
    LaunchMode mode = LaunchMode::Launch;
    Framework framework = Framework::PyTorch;
    QString workdir;
    QString entry;
    QStringList args;
    QString python = QStringLiteral("python3");
    int masterPort = kDefaultMasterPort;
    QString master;                            // server name; empty means servers[0]
    QString launcher = QStringLiteral("auto"); // auto | torchrun | torch.distributed.launch
    QStringList envSetup; // shell lines the user wrote, run verbatim before the job
    std::vector<std::pair<QString, QString>> env; // in the user's order
    QString logDir = QStringLiteral("logs");
    PortRange hcclPorts;
    MpirunOptions mpirun;
    QStringList upload; // local files copied into workdir before launch
    // HCCL's trust list on more than one Ascend server: off (HCCL_WHITELIST_DISABLE=1, as the
    // vendor guides do) or only the servers' host IPs (hccl_whitelist.json, the safer choice).
    bool hcclWhitelistHostIps = false;
    // "", "--local_rank" or "--local-rank": each rank gets `ARG=N` (its local rank) before the
    // user's args, for scripts that read it with argparse (seed 000's main.py).
    QString localRankArg;
    RestartPolicy restart;
    Scheduler scheduler = Scheduler::Ssh;
    SlurmOptions slurm;
    bool operator==(const LaunchConfig &) const = default;
};

// The container section: the job runs inside one training container per server, created by
// `clusterwiz-cli container up` (docs/containers.md). The servers' host, port and user still
// reach the physical servers; the job's commands reach the containers at host:ssh_port as root.
enum class ContainerEngine { Docker, Podman };
inline constexpr auto kContainerEngineNames = nameTable<ContainerEngine>({
    {ContainerEngine::Docker, "docker"},
    {ContainerEngine::Podman, "podman"},
});
inline constexpr int kDefaultContainerSshPort = 12345; // the Rec SDK guide's port (seed 002)

struct ContainerConfig {
    ContainerEngine engine = ContainerEngine::Docker;
    QString image;
    QString name = QStringLiteral("clusterwiz");
    int sshPort = kDefaultContainerSshPort; // sshd inside, on the host's network
    QString shmSize;                        // "16g"; empty: the host's IPC namespace (--ipc host)
    QStringList mounts;                     // "HOST:CONTAINER" or "HOST:CONTAINER:ro"
    QStringList envSetup;    // shell lines every SSH session into the container runs first
    QStringList runArgs;     // extra words for `run`
    bool privileged = false; // --privileged, only when the user asks for it here
    bool operator==(const ContainerConfig &) const = default;
};

// A member of the project file that this version does not know: a newer tool's, or a misspelling.
// Top-level ones are written back on save, so a save never drops a newer tool's data; every one
// is named by a warning (rules/ProjectWarnings). Plain text here, so that the project's header
// does not bring a JSON library into every file that includes it.
struct UnknownField {
    QString key;        // the member's name
    ProblemPlace place; // where it is: "restrat", "launch.restrat", "servers[1].hots"
    QByteArray json;    // its value as compact JSON text
    QString nearest;    // a known member within two edits of `key` ("restart"), or empty

    bool topLevel() const { return place.path() == key; }
    bool operator==(const UnknownField &) const = default;
};

struct Project {
    int formatVersion = kProjectFormatVersion;
    QString name;
    Accelerator accelerator = Accelerator::Cpu;
    std::vector<Server> servers;
    DeviceNetwork deviceNetwork;
    // Atlas A3 SuperPoD networking (rank table 1.2); empty: typical networking (1.0).
    std::vector<SuperPod> superPods;
    LaunchConfig launch;
    std::optional<ContainerConfig> container; // none: the job runs on the servers themselves
    std::vector<UnknownField> unknownFields;  // in file order

    int masterIndex() const; // index of launch.master, or 0
    // The server the supervisor of a restarting run runs on: launch.restart.supervisor, or the
    // master.
    int supervisorIndex() const;
    // The server that logs in to the others by key: the supervisor's when the run restarts, else
    // the master (mpirun). The peer-login and known-hosts checks and fixes are about it.
    int peerLoginIndex() const;
    // Whether a server logs in to the others (mpirun, or a restarting run on several servers).
    bool needsPeerLogin() const;
    std::vector<int> launchOrder() const; // server indices, master first, then project order
    int totalDevices() const;
    int rankOffset(int serverIndex) const; // global rank of that server's first device
    std::optional<int> serverIndex(const QString &name) const;
    bool operator==(const Project &) const = default;
};

// Every Ascend generation: device IPs, hccn_tool, HCCL.
inline bool isAscend(Accelerator accelerator)
{
    return accelerator == Accelerator::Ascend910 || accelerator == Accelerator::Ascend910b ||
           accelerator == Accelerator::Ascend910_93;
}

// Devices per server: 16 dies on an Atlas A3 server, 8 NPUs on the others.
inline int ascendDeviceCount(Accelerator accelerator)
{
    return accelerator == Accelerator::Ascend910_93 ? 16 : 8;
}

QString acceleratorName(Accelerator accelerator);
std::optional<Accelerator> acceleratorFromName(const QString &name);
QString launchModeName(LaunchMode mode);
std::optional<LaunchMode> launchModeFromName(const QString &name);
std::vector<LaunchMode> launchModes(); // every mode, in the order messages list them
// "launch, mpirun, ranktable" (with `lastSeparator` before the last name, ", " by default).
QString launchModeNames(const std::vector<LaunchMode> &modes = launchModes(),
                        const QString &lastSeparator = QStringLiteral(", "));
QString frameworkName(Framework framework);
std::optional<Framework> frameworkFromName(const QString &name);

// The project as the job's commands see it: with a container section, every server is reached at
// its host on container.ssh_port as root, inside the training container `container up` made;
// without one, the project itself. Only `container up|status|down` reach the hosts themselves.
Project containerJobProject(const Project &project);
// Whether `server` of such a view is a container (its port is the container's sshd).
bool reachesContainer(const Project &project, const Server &server);

// The master port of a project in `mode` whose file names none: each launcher's own default
// (kMsrunDefaultMasterPort for msrun, kDefaultMasterPort for the others).
int defaultMasterPort(LaunchMode mode);
// The master port after a change of mode to `mode`: a port that is a mode's default becomes the
// new mode's default, a port the user chose stays.
int masterPortForMode(int port, LaunchMode mode);

} // namespace cw
