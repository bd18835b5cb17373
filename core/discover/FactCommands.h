// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The facts the checks read, one row per section of discovery's probe: the section's name, the
// exact command that gathers it, when a project asks for it, and the reader that puts its output
// into ServerFacts. discover/ProbeScript runs these rows in order and discover's
// parseProbeOutput() hands every section to its row's reader; check.sh (generate/CheckScript)
// runs the same commands through `clusterwiz_fact SECTION`, so a check reads the output of the
// same command wherever it runs. A probe section starts with the line `@@clusterwiz-probe NAME
// rc=N@@`.

#include <QString>
#include <QStringList>

#include <vector>

namespace cw {

struct Project;
struct Server;
struct ServerFacts;
struct ProbeSection;

namespace probe {

inline constexpr char kMarker[] = "@@clusterwiz-probe";

inline constexpr char kHostname[] = "hostname";            // hostname
inline constexpr char kHostIps[] = "hostname-i";           // hostname -I
inline constexpr char kIpAddr[] = "ip-addr";               // ip -o addr
inline constexpr char kOsRelease[] = "os-release";         // /etc/os-release
inline constexpr char kNpuSmi[] = "npu-smi";               // npu-smi info
inline constexpr char kHccnConf[] = "hccn-conf";           // /etc/hccn.conf
inline constexpr char kHccnIp[] = "hccn-ip";               // hccn_tool -i N -ip -g       (+ ".N")
inline constexpr char kHccnLink[] = "hccn-link";           // hccn_tool -i N -link -g     (+ ".N")
inline constexpr char kHccnHealth[] = "hccn-health";       // hccn_tool -i N -net_health -g (+ ".N")
inline constexpr char kHccnTls[] = "hccn-tls";             // hccn_tool -i N -tls -g      (+ ".N")
inline constexpr char kDeviceHolders[] = "device-holders"; // processes with /dev/davinciN open
inline constexpr char kNvidiaSmi[] = "nvidia-smi";         // nvidia-smi -L
inline constexpr char kPython[] = "python";                // launch.python with a small program
inline constexpr char kMpirun[] = "mpirun";                // mpirun --version
inline constexpr char kUfw[] = "ufw";                      // ufw status verbose
inline constexpr char kFirewalldState[] = "firewalld-state"; // firewall-cmd --state
inline constexpr char kFirewalld[] = "firewalld";          // firewall-cmd --list-all (when running)
inline constexpr char kNft[] = "nft";                      // nft list ruleset
inline constexpr char kIptables[] = "iptables";            // iptables -S
inline constexpr char kSshdProcesses[] = "sshd-processes"; // pgrep -a sshd
inline constexpr char kSshConnection[] = "ssh-connection"; // $SSH_CONNECTION
inline constexpr char kPortOwners[] = "ss";                // ss -tulnp: who listens where
inline constexpr char kPaths[] = "paths";                  // workdir, entry, set_env files
inline constexpr char kNpuBoard[] = "npu-board";           // npu-smi info -t board -i N
inline constexpr char kSuperPod[] = "super-pod";       // A3: npu-smi info -m, -t spod-info per chip
inline constexpr char kCannVersion[] = "cann-version"; // ascend_toolkit_install.info
inline constexpr char kOrted[] = "orted";              // command -v orted (mpirun, no prefix)
inline constexpr char kMsrun[] = "msrun";              // msrun on PATH or beside launch.python
inline constexpr char kReservedPorts[] = "reserved-ports"; // ip_local_reserved_ports, port_range
inline constexpr char kClock[] = "clock";                  // date +%s.%N (asked first)
inline constexpr char kShm[] = "shm";                      // df -P -k /dev/shm
inline constexpr char kMemlock[] = "memlock";              // ulimit -l
inline constexpr char kOpenFiles[] = "open-files";         // ulimit -n
inline constexpr char kMunge[] = "munge";                  // munge -n | unmunge
inline constexpr char kSlurmNode[] = "slurm-node";         // scontrol -o show node HOSTNAME
inline constexpr char kHostResolves[] = "host-resolves";   // getent ahostsv4 "$(hostname)"
inline constexpr char kEnd[] = "end";                      // last: the output is complete

// "hccn-ip.3" for a per-device section.
inline QString deviceSection(const char *base, int device)
{
    return QLatin1String(base) + QLatin1Char('.') + QString::number(device);
}

} // namespace probe

// Puts one section's output into the facts. `device` is the device of a per-device section
// (FactDevices::Each, First), else -1. The reader reads the exit status the way its tool uses it
// (pgrep 1 = none, firewall-cmd 252 = not running, 127 = missing) and sets *problem (never null
// here) to "unrecognised output: ..." for output it cannot read.
using FactReader = void (*)(ServerFacts &facts, const ProbeSection &section, int device,
                            QString *problem);

// Which devices a fact is about: none (one section), each probed device ("hccn-ip.3"), or the
// server's first probed device only (one section under the plain name).
enum class FactDevices { None, Each, First };

struct FactCommand {
    const char *section = nullptr; // a probe:: name
    QStringList argv = {};         // the command, when it is the same for every project
    // The command for device N (FactDevices Each and First).
    QStringList (*deviceArgv)(int device) = nullptr;
    // The command when the project decides it (launch.python, paths, packages).
    QStringList (*projectArgv)(const Project &project) = nullptr;
    FactDevices devices = FactDevices::None;
    // Whether a project asks for the fact at all; null: every project.
    bool (*wanted)(const Project &project) = nullptr;
    // Asked only when the section just before it exited 0 (firewall-cmd --list-all needs a
    // running firewalld).
    bool ifPreviousOk = false;
    // Never waits on anything that may not answer (it reads a file, /proc or the kernel's
    // tables): run without `timeout`, one process less. Every other fact talks to a driver,
    // D-Bus, a name service, a file system that may hang or other processes' memory, and runs
    // under the probe's time limit.
    bool quick = false;
    FactReader read = nullptr;
    const char *reads = nullptr; // what the reader takes from it, for people and check.sh
};

// Every fact, in the order discovery's probe gathers them (the end marker aside).
const std::vector<FactCommand> &factCommands();
// The row of a section ("hccn-ip.3" finds "hccn-ip"); nullptr when there is none.
const FactCommand *factCommand(const QString &section);
// The fixed argv of a section; empty for a project-dependent or unknown one.
QStringList factArgv(const char *section);

// Whether the project asks for the fact (its `wanted`).
bool factWanted(const FactCommand &fact, const Project &project);

// The sections the fact has on `server` and the command of each, in probe order: one for a
// plain fact, "NAME.N" per device for FactDevices::Each.
struct FactInvocation {
    QString section;
    QStringList argv;
};
std::vector<FactInvocation> factInvocations(const FactCommand &fact, const Project &project,
                                            const Server &server);

// Devices hccn_tool is asked about: the server's devices, or 0-7 when it lists none yet.
std::vector<int> probedAscendDevices(const Server &server);

// "Who listens on which TCP/UDP port, and which process": `ss -tulnp`, the port-owners fact.
// Discovery reads it into ServerFacts::listeningPorts, the launch runs it on the master before
// a start (launch/LaunchPlan's portCheckCommand), and check.sh embeds its text; all three read
// its output as discover's parsePortOwners() does.
QStringList portOwnersArgv();
QString portOwnersCommand(); // the same, as one shell command line

} // namespace cw
