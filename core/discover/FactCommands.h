#pragma once

// The facts the checks read, one row per section of discovery's probe: the section's name, the
// exact command that gathers it, and the parser (discover/ProbeParsers.h) that reads its output.
// discover/ProbeScript runs these commands; check.sh embeds the ones its bash verdicts read, so a
// check reads the output of the same command wherever it runs. A probe section starts with the
// line `@@clusterwiz-probe NAME rc=N@@`.

#include <QString>
#include <QStringList>

#include <vector>

namespace cw::probe {

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
inline constexpr char kCannVersion[] = "cann-version";     // ascend_toolkit_install.info
inline constexpr char kOrted[] = "orted";                  // command -v orted (mpirun, no prefix)
inline constexpr char kMsrun[] = "msrun";                  // msrun on PATH or beside launch.python
inline constexpr char kEnd[] = "end";                      // last: the output is complete

// "hccn-ip.3" for a per-device section.
inline QString deviceSection(const char *base, int device)
{
    return QLatin1String(base) + QLatin1Char('.') + QString::number(device);
}

} // namespace cw::probe

namespace cw {

struct FactCommand {
    const char *section = nullptr; // a probe:: name
    QStringList argv = {}; // the command; empty when it depends on the project (see builtBy)
    // Per device (hccn_tool): the command for device N; null for the other facts.
    QStringList (*deviceArgv)(int device) = nullptr;
    const char *builtBy = nullptr; // where a project-dependent command is built, else null
    const char *parser = nullptr;  // the function of discover/ProbeParsers.h that reads it
};

// Every fact, in the order discovery's probe gathers them (the end marker aside).
const std::vector<FactCommand> &factCommands();
// The row of a section ("hccn-ip.3" finds "hccn-ip"); nullptr when there is none.
const FactCommand *factCommand(const QString &section);
// The fixed argv of a section; empty for a project-dependent or unknown one.
QStringList factArgv(const char *section);

// "Who listens on which TCP/UDP port, and which process": `ss -tulnp`, the port-owners fact.
// Discovery reads it into ServerFacts::listeningPorts, the launch runs it on the master before
// a start (launch/LaunchPlan's portCheckCommand), and check.sh embeds its text; all three read
// its output as discover's parsePortOwners() does.
QStringList portOwnersArgv();
QString portOwnersCommand(); // the same, as one shell command line

} // namespace cw
