// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "discover/FirewallFacts.h"
#include "net/PortSpan.h"

#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace cw {

// What discovery learned about one server, parsed from the output of probeScript(). Every field
// keeps its default when its probe was not run, its tool was missing or its output unreadable;
// the reason is then in `issues` (unreadable output) or in the part's `error` (the tool failed).

// Output a parser could not read: message is "unrecognised output: <first line of it>".
struct ProbeIssue {
    QString probe; // section name, e.g. "npu-smi" or "hccn-ip.3"
    QString message;
    bool operator==(const ProbeIssue &) const = default;
};

// One section of the probe output as received: `@@clusterwiz-probe NAME rc=N@@` and its text.
struct ProbeSection {
    QString name;
    int rc = 0;     // 127: the command was not found; 124: it timed out
    QString output; // stdout and stderr together, trailing newlines removed
};

struct NicAddress {
    QString family; // inet or inet6
    QString address;
    int prefix = 0;
    QString scope; // global, host, link
};

struct Nic {
    int index = 0;
    QString name;
    std::vector<NicAddress> addresses;
};

struct OsFacts {
    QString prettyName; // PRETTY_NAME, e.g. "Debian GNU/Linux 12 (bookworm)"
    QString id;         // ID, e.g. debian, ubuntu, openEuler
    QString versionId;  // VERSION_ID
};

struct NpuDevice {
    int id = -1;
    QString name;   // chip name as npu-smi shows it, e.g. 910B1
    QString health; // OK, Warning, Alarm, Critical, ...
    QString busId;
    bool healthy() const { return health.compare(QLatin1String("OK"), Qt::CaseInsensitive) == 0; }
};

// One chip of an Atlas A3 table ("Chip  Phy-ID" in the header): a die, the device a rank opens
// (/dev/davinciN, N = phyId), with the health of its NPU's row.
struct NpuDie {
    int npu = -1;
    int chip = -1;  // 0 or 1 inside the NPU
    int phyId = -1; // the die, 0-15
    QString health;
    QString busId;
    bool healthy() const { return health.compare(QLatin1String("OK"), Qt::CaseInsensitive) == 0; }
};

struct NpuFacts {
    bool toolFound = false; // npu-smi ran
    bool present = false;   // it listed at least one NPU
    int count = 0;
    QString chipName; // name of the first NPU
    QString smiVersion;
    std::vector<NpuDevice> devices;
    std::vector<NpuDie> dies; // Atlas A3 tables only, in table order
    QString error;            // first line of a failed `npu-smi info`
};

// A row of `npu-smi info -m`: which NPU and chip a die (Chip Phy-ID) is.
struct NpuChipMapping {
    int npu = -1;
    int chip = -1;
    int logicId = -1;
    int phyId = -1;
    QString name;
};

// `npu-smi info -t spod-info -i NPU -c CHIP` of one Atlas A3 die: its SDID and its SuperPoD.
struct DieSuperPod {
    int die = -1; // Chip Phy-ID
    int npu = -1;
    int chip = -1;
    QString sdid;       // "SDID", a decimal
    QString superPodId; // "Super Pod ID"
    QString superPodSize;
    QString serverIndex;
    QString error; // first line of a failed query
};

enum class LinkState { Unknown, Up, Down };

// The values of `hccn_tool -i N -net_health -g`, as the vendor documents them.
enum class NetHealth {
    Unknown,
    Success,
    SocketFail,
    ReceiveTimeout,
    Unreachable,
    TimeExceeded,
    Fault,
    Init,
    ThreadError,
    DetectIpSet
};

QString linkStateName(LinkState state);  // "UP", "DOWN", "unknown"
QString netHealthName(NetHealth health); // the tool's words: "Success", "Receive timeout"
std::optional<NetHealth> netHealthFromText(const QString &text); // case and spaces tolerated

// One Ascend device as hccn_tool reports it.
struct AscendDeviceFacts {
    int device = -1;
    QString address; // `-ip -g`; empty when unset or unread
    QString netmask;
    QString ipError; // first line of the tool's message when `-ip -g` failed
    LinkState link = LinkState::Unknown;
    QString linkError;
    NetHealth netHealth = NetHealth::Unknown;
    QString netHealthError;
    std::optional<bool> tls; // `-tls -g`'s switch: on (1) or off (0); nullopt when unread
    QString tlsError;
};

// A process that has /dev/davinciN open (the device-holders probe): a job still running, or one
// an earlier job left behind.
struct DeviceHolder {
    int pid = 0;
    int device = -1;
    QString name; // /proc/PID/comm
};

// /etc/hccn.conf: the device network the driver restores at boot.
struct HccnConfEntry {
    int device = -1;
    QString address;
    QString netmask;
    QString netdetect;
    QString gateway; // gateway_N: what `hccn_tool -i N -gateway -s gateway G` set
};

struct HccnConfFacts {
    bool present = false;
    std::vector<HccnConfEntry> devices; // ascending device ids
    const HccnConfEntry *device(int id) const;
};

struct GpuFacts {
    int index = -1;
    QString name; // e.g. "NVIDIA H100 80GB HBM3"
    QString uuid;
    QStringList migDevices; // MIG UUIDs under this GPU
};

// A python package as its installed metadata names it (no import): version empty when absent.
struct PackageVersion {
    QString name; // as the project asks for it: torch, torch_npu, mindspore, npu_bridge
    QString version;
    bool operator==(const PackageVersion &) const = default;
};

struct PythonFacts {
    bool found = false;   // the interpreter of launch.python ran
    QString executable;   // sys.executable
    QString version;      // e.g. 3.11.2
    QString torchVersion; // torch's metadata version; empty when not installed
    QString torchError;   // why torch is missing, e.g. "no package metadata for torch"
    QString error;        // first line when the interpreter itself failed
    std::vector<PackageVersion> packages; // launch.framework's packages, in asked order
    const PackageVersion *package(const QString &name) const;
};

// `npu-smi info -t board -i N`: driver (Software Version) and firmware of the first NPU.
struct NpuBoardFacts {
    QString driverVersion;   // "Software Version"
    QString firmwareVersion; // "Firmware Version"
    QString error;           // first line of a failed command
};

struct MpiFacts {
    bool found = false;
    QString implementation; // "Open MPI", "MPICH", "Intel MPI"
    QString version;        // e.g. 4.1.4
    QString error;
};

struct ListeningPort {
    QString proto;     // tcp or udp
    QString address;   // 0.0.0.0, ::, 127.0.0.1, * ...
    QString interface; // "%lo" scope of the address, without the %
    int port = 0;
    QStringList processes; // from users:(("sshd",...)) when the user may see them
};

// The first listener on a port of that protocol ("tcp") among parsePortOwners()'s, or nullptr:
// the port is free.
const ListeningPort *findPortOwner(const std::vector<ListeningPort> &owners, int port,
                                   const QString &proto = QStringLiteral("tcp"));

// Two of the field's usual traps, read as the job's login sees them: what the hostname resolves
// to, and the clock (with the moment it was asked for, on the
// asking side's clock, so that two servers' clocks compare across the asking).
struct HostLimitFacts {
    int resolveStatus = -1;  // getent's exit status (2: the name is unknown); -1: not asked
    QString resolvedAddress; // the first IPv4 address
    QString resolveError;
    std::optional<double> clock; // the server's clock, epoch seconds
    double clockAskedAt = 0;     // when it was asked, the asking side's clock (0: unknown)
};

// The kernel's port choices (/proc/sys/net/ipv4): ip_local_reserved_ports, which it never picks
// for an outgoing connection or bind(0), and ip_local_port_range, the range it picks from.
struct ReservedPortsFacts {
    bool read = false;
    std::vector<PortSpan> reserved;
    PortSpan ephemeral;
    QString error; // why they were not read
};

struct SshdFacts {
    std::optional<bool> running; // from pgrep -a sshd; nullopt when pgrep was missing
    QStringList processes;       // "PID command line"
    std::vector<int> ports;      // ports ss shows held by sshd (needs enough privileges)
    // $SSH_CONNECTION of the probe's own session: the port and address sshd served it on.
    QString sessionServerAddress;
    int sessionServerPort = 0;
    QString sessionClientAddress;
};

struct PathCheck {
    QString path; // as the project wrote it (~ not expanded)
    bool present = false;
};

struct PathFacts {
    std::optional<PathCheck> workdir; // an existing directory
    std::optional<bool> workdirWritable;
    std::optional<PathCheck> entry; // entry under workdir, or entry when absolute
    std::vector<PathCheck> setEnv;  // every file env_setup sources, readable
};

struct ServerFacts {
    QString hostname;
    QStringList hostIps;   // `hostname -I`, in its order
    std::vector<Nic> nics; // `ip -o addr`
    OsFacts os;
    NpuFacts npu;
    NpuBoardFacts npuBoard;
    QString cannVersion; // version= of ascend_toolkit_install.info; empty when not read
    std::vector<AscendDeviceFacts> ascendDevices; // in probe order
    std::vector<DieSuperPod> superPod;            // Atlas A3: per die, from -m and spod-info
    HccnConfFacts hccnConf;
    std::vector<DeviceHolder> deviceHolders; // empty when none or not probed
    bool nvidiaSmiFound = false;
    QString nvidiaSmiError;
    std::vector<GpuFacts> gpus;
    PythonFacts python;
    MpiFacts mpirun;
    std::optional<QString>
        orted; // `command -v orted`: the path, empty when not found; unset: not asked
    std::optional<QString> msrun; // msrun's path (PATH or beside launch.python), as orted
    FirewallFacts firewall;
    SshdFacts sshd;
    std::vector<ListeningPort> listeningPorts; // portOwnersCommand(): `ss -tulnp`
    ReservedPortsFacts reservedPorts;          // Ascend: for HCCL's host ports
    HostLimitFacts limits;                     // shm, memlock, name lookup, clock
    PathFacts paths;

    std::vector<ProbeSection> sections; // raw output, for details views and snapshots
    bool complete = false;              // the end marker arrived
    std::vector<ProbeIssue> issues;

    const AscendDeviceFacts *ascendDevice(int device) const;
    const DieSuperPod *dieSuperPod(int die) const;
    const ProbeSection *section(const QString &name) const;
    // The NIC holding an IPv4 address, or nullptr (for HCCL_SOCKET_IFNAME and friends).
    const Nic *nicWithAddress(const QString &address) const;
    // findPortOwner() of listeningPorts.
    const ListeningPort *listenerOn(int port, const QString &proto = QStringLiteral("tcp")) const;
};

} // namespace cw
