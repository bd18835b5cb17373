// SPDX-License-Identifier: GPL-3.0-or-later
#include "discover/FactCommands.h"

#include "discover/FactPrograms.h"
#include "discover/FactReaders.h"
#include "model/Project.h"
#include "plan/HccnCommands.h"
#include "programs/ServerPrograms.h"
#include "shell/ShellQuote.h"

using namespace Qt::StringLiterals;

namespace cw {
namespace {

// Who holds an NPU (resources/server/probe-device-holders.sh): every process with /dev/davinciN
// open, one `PID N NAME` line per device it holds (Linux facts only, no vendor format:
// /proc/PID/fd links and /proc/PID/comm). A job that died without closing its devices leaves
// such holders behind.
QString deviceHoldersScript()
{
    return programArgument(program::probe_device_holders_sh);
}

bool ascend(const Project &project)
{
    return isAscend(project.accelerator);
}

bool atlasA3(const Project &project)
{
    return project.accelerator == Accelerator::Ascend910_93;
}

// mpirun starts orted by name over SSH unless --prefix says where it is.
bool mpirunWithoutPrefix(const Project &project)
{
    return project.launch.mode == LaunchMode::Mpirun && project.launch.mpirun.prefix.isEmpty();
}

// RDMA (NCCL over InfiniBand/RoCE, HCCL) pins memory; a CPU job does not.
bool hasAccelerator(const Project &project)
{
    return project.accelerator != Accelerator::Cpu;
}

bool msrunMode(const Project &project)
{
    return project.launch.mode == LaunchMode::Msrun;
}

bool slurmScheduler(const Project &project)
{
    return project.launch.scheduler == Scheduler::Slurm;
}

} // namespace

const std::vector<FactCommand> &factCommands()
{
    using namespace probe;
    using namespace facts;
    using D = FactDevices;
    // argv: the command as written; deviceArgv: per device; projectArgv: what the project
    // decides (discover/FactPrograms.h).
    static const std::vector<FactCommand> table = {
        // First, so that the reading is taken right after the command starts: the clock-skew
        // check compares it with the time it was asked for (Discovery.cpp, check.sh).
        {.section = kClock,
         .argv = {u"date"_s, u"+%s.%N"_s},
         .quick = true,
         .read = &readClock,
         .reads = "the server's clock, seconds since the epoch"},
        {.section = kHostname,
         .argv = {u"hostname"_s},
         .quick = true,
         .read = &readHostname,
         .reads = "the host name"},
        {.section = kHostIps,
         .argv = {u"hostname"_s, u"-I"_s},
         .quick = true,
         .read = &readHostIps,
         .reads = "the addresses, in order"},
        {.section = kIpAddr,
         .argv = {u"ip"_s, u"-o"_s, u"addr"_s},
         .quick = true,
         .read = &readIpAddr,
         .reads = "the NICs and their addresses"},
        {.section = kOsRelease,
         .argv = {u"sh"_s, u"-c"_s,
                  u"cat /etc/os-release 2>/dev/null || cat /usr/lib/os-release"_s},
         .quick = true,
         .read = &readOsRelease,
         .reads = "PRETTY_NAME, ID, VERSION_ID"},
        {.section = kSshConnection,
         .argv = {u"printenv"_s, u"SSH_CONNECTION"_s},
         .quick = true,
         .read = &readSshConnection,
         .reads = "the address and port sshd served this login on"},
        {.section = kSshdProcesses,
         .argv = {u"pgrep"_s, u"-a"_s, u"sshd"_s},
         .read = &readSshdProcesses,
         .reads = "whether sshd runs (pgrep: 1 = none)"},
        {.section = kPortOwners,
         .argv = {u"ss"_s, u"-tulnp"_s},
         .quick = true,
         .read = &readPortOwners,
         .reads = "who listens on which port"},
        {.section = kPaths,
         .projectArgv = &pathsProbeArgv,
         .read = &readPaths,
         .reads = "\"KIND yes|no PATH\" per workdir, entry and sourced file"},
        {.section = kMpirun,
         .projectArgv = &mpirunProbeArgv,
         .quick = true,
         .read = &readMpirun,
         .reads = "the MPI implementation and version"},
        {.section = kUfw,
         .argv = {u"ufw"_s, u"status"_s, u"verbose"_s},
         .read = &readFirewall,
         .reads = "ufw's state, defaults and rules"},
        {.section = kFirewalldState,
         .argv = {u"firewall-cmd"_s, u"--state"_s},
         .read = &readFirewall,
         .reads = "whether firewalld runs (252 = not running)"},
        {.section = kFirewalld,
         .argv = {u"firewall-cmd"_s, u"--list-all"_s},
         .ifPreviousOk = true,
         .read = &readFirewall,
         .reads = "the default zone's target, ports, services and rich rules"},
        {.section = kNft,
         .argv = {u"nft"_s, u"list"_s, u"ruleset"_s},
         .quick = true,
         .read = &readFirewall,
         .reads = "the nftables chains that see incoming packets"},
        {.section = kIptables,
         .argv = {u"iptables"_s, u"-S"_s},
         .quick = true,
         .read = &readFirewall,
         .reads = "the iptables INPUT chain and what it jumps to"},
        {.section = kNpuSmi,
         .argv = {u"npu-smi"_s, u"info"_s},
         .read = &readNpuSmi,
         .reads = "the NPUs, their chip and health"},
        // Atlas A3 (resources/server/probe-super-pod.sh): `npu-smi info -m` (which NPU and chip
        // every die, "Chip Phy-ID", is), then per chip row (at most 64) a line "@@spod NPU CHIP
        // PHY rc=N" and `npu-smi info -t spod-info -i NPU -c CHIP` (SDID, Super Pod ID): the
        // NPU from `npu-smi info -l`, the chip from `-m`, as CANN's HCCL guide says.
        {.section = kSuperPod,
         .argv = {u"sh"_s, u"-c"_s, programArgument(program::probe_super_pod_sh)},
         .wanted = &atlasA3,
         .read = &readSuperPod,
         .reads = "npu-smi info -m, then SDID and Super Pod ID per chip (-t spod-info)"},
        {.section = kNvidiaSmi,
         .argv = {u"nvidia-smi"_s, u"-L"_s},
         .read = &readNvidiaSmi,
         .reads = "the GPUs"},
        // CLUSTERWIZ_HCCN_CONF: the same override setup_device_ips.sh and set-device-ips honour.
        {.section = kHccnConf,
         .argv = {u"sh"_s, u"-c"_s, u"cat \"${CLUSTERWIZ_HCCN_CONF:-/etc/hccn.conf}\""_s},
         .wanted = &ascend,
         .quick = true,
         .read = &readHccnConf,
         .reads = "address_N, netmask_N, netdetect_N, gateway_N"},
        {.section = kHccnIp,
         .deviceArgv = &hccnGetIpCommand,
         .devices = D::Each,
         .wanted = &ascend,
         .read = &readHccnDevice,
         .reads = "ipaddr and netmask"},
        {.section = kHccnLink,
         .deviceArgv = &hccnLinkCommand,
         .devices = D::Each,
         .wanted = &ascend,
         .read = &readHccnDevice,
         .reads = "link status"},
        {.section = kHccnHealth,
         .deviceArgv = &hccnNetHealthCommand,
         .devices = D::Each,
         .wanted = &ascend,
         .read = &readHccnDevice,
         .reads = "net health status"},
        {.section = kHccnTls,
         .deviceArgv = &hccnTlsGetCommand,
         .devices = D::Each,
         .wanted = &ascend,
         .read = &readHccnDevice,
         .reads = "the TLS switch"},
        {.section = kDeviceHolders,
         .argv = {u"sh"_s, u"-c"_s, deviceHoldersScript()},
         .wanted = &ascend,
         .quick = true,
         .read = &readDeviceHolders,
         .reads = "\"PID DEVICE NAME\" per process holding an NPU"},
        {.section = kPython,
         .projectArgv = &pythonProbeArgv,
         .read = &readPython,
         .reads = "the interpreter's version and the framework's packages"},
        {.section = kNpuBoard,
         .deviceArgv = &npuBoardArgv,
         .devices = D::First,
         .wanted = &ascend,
         .read = &readNpuBoard,
         .reads = "Software Version (driver), Firmware Version"},
        {.section = kCannVersion,
         .argv =
             {u"sh"_s, u"-c"_s,
              u"cat /usr/local/Ascend/ascend-toolkit/latest/*-linux/ascend_toolkit_install.info"
              u" 2>/dev/null || cat /usr/local/Ascend/cann/*-linux/ascend_toolkit_install.info"_s},
         .wanted = &ascend,
         .quick = true,
         .read = &readCannVersion,
         .reads = "version="},
        {.section = kOrted,
         .argv = {u"sh"_s, u"-c"_s, u"command -v orted"_s},
         .wanted = &mpirunWithoutPrefix,
         .quick = true,
         .read = &readOrted,
         .reads = "orted's path (1: not on the PATH)"},
        // The ports the kernel keeps out of its automatic choices, and the range it picks from
        // (Linux's ip-sysctl documentation): HCCL's host ports must be reserved there.
        {.section = kReservedPorts,
         .argv = {u"cat"_s, u"/proc/sys/net/ipv4/ip_local_reserved_ports"_s,
                  u"/proc/sys/net/ipv4/ip_local_port_range"_s},
         .wanted = &ascend,
         .quick = true,
         .read = &readReservedPorts,
         .reads = "the reserved ports (a comma separated list of ranges), the ephemeral range"},
        // The field's usual traps: a small /dev/shm (containers: 64 MiB), a locked-memory limit
        // that RDMA cannot work with, a hostname that resolves to loopback (torchrun advertises
        // it to the other servers, pytorch/pytorch#85300).
        // Read by their value rows (checks/ValueChecks.cpp), not here.
        {.section = kShm,
         .argv = {u"df"_s, u"-P"_s, u"-k"_s, u"/dev/shm"_s},
         .quick = true,
         .reads = "/dev/shm's size in KiB (1024-blocks)"},
        {.section = kMemlock,
         .argv = {u"sh"_s, u"-c"_s, u"ulimit -l"_s},
         .wanted = &hasAccelerator,
         .quick = true,
         .reads = "the locked-memory limit of a non-interactive login: unlimited or KiB"},
        {.section = kOpenFiles,
         .argv = {u"sh"_s, u"-c"_s, u"ulimit -n"_s},
         .quick = true,
         .reads = "the open-files limit of a non-interactive login: unlimited or a number"},
        // A Slurm project's node as Slurm sees it (munge(1), unmunge(1), scontrol(1)): the node
        // is the server's short hostname, as slurmd names itself by default.
        {.section = kMunge,
         .argv = {u"sh"_s, u"-c"_s, u"munge -n | unmunge"_s},
         .wanted = &slurmScheduler,
         .reads = "unmunge's STATUS line: Success (0), or munge's error"},
        {.section = kSlurmNode,
         .argv = {u"sh"_s, u"-c"_s, u"scontrol -o show node \"$(hostname -s)\""_s},
         .wanted = &slurmScheduler,
         .reads = "the node's one line, its State= word (IDLE, MIXED, DOWN*, IDLE+DRAIN...)"},
        {.section = kHostResolves,
         .argv = {u"sh"_s, u"-c"_s, u"getent ahostsv4 \"$(hostname)\""_s},
         .read = &readHostResolves,
         .reads = "the IPv4 addresses the hostname resolves to, the first one first (2: none)"},
        {.section = kMsrun,
         .projectArgv = &msrunProbeArgv,
         .wanted = &msrunMode,
         .quick = true,
         .read = &readMsrun,
         .reads = "msrun's path (1: in neither place)"},
    };
    return table;
}

const FactCommand *factCommand(const QString &section)
{
    const QString base = section.section(u'.', 0, 0);
    for (const FactCommand &fact : factCommands()) {
        if (base == QLatin1StringView(fact.section))
            return &fact;
    }
    return nullptr;
}

QStringList factArgv(const char *section)
{
    const FactCommand *fact = factCommand(QLatin1StringView(section));
    return fact ? fact->argv : QStringList();
}

bool factWanted(const FactCommand &fact, const Project &project)
{
    return !fact.wanted || fact.wanted(project);
}

std::vector<int> probedAscendDevices(const Server &server)
{
    std::vector<int> devices;
    for (int device : server.devices) {
        if (device >= 0 && device < 64)
            devices.push_back(device);
    }
    if (devices.empty()) {
        for (int device = 0; device < 8; ++device)
            devices.push_back(device);
    }
    return devices;
}

std::vector<FactInvocation> factInvocations(const FactCommand &fact, const Project &project,
                                            const Server &server)
{
    const QString name = QLatin1String(fact.section);
    switch (fact.devices) {
    case FactDevices::None:
        return {{name, fact.projectArgv ? fact.projectArgv(project) : fact.argv}};
    case FactDevices::First:
        return {{name, fact.deviceArgv(probedAscendDevices(server).front())}};
    case FactDevices::Each: {
        std::vector<FactInvocation> invocations;
        for (int device : probedAscendDevices(server))
            invocations.push_back(
                {probe::deviceSection(fact.section, device), fact.deviceArgv(device)});
        return invocations;
    }
    }
    return {};
}

QStringList portOwnersArgv()
{
    return factArgv(probe::kPortOwners);
}

QString portOwnersCommand()
{
    return shellJoin(portOwnersArgv());
}

} // namespace cw
