#pragma once

#include <QString>

namespace cw::probe {

// The section names that probeScript() prints and parseProbeOutput() reads, one place for both.
// A section starts with the line `@@clusterwiz-probe NAME rc=N@@`.

inline constexpr char kMarker[] = "@@clusterwiz-probe";

inline constexpr char kHostname[] = "hostname";      // hostname
inline constexpr char kHostIps[] = "hostname-i";     // hostname -I
inline constexpr char kIpAddr[] = "ip-addr";         // ip -o addr
inline constexpr char kOsRelease[] = "os-release";   // /etc/os-release
inline constexpr char kNpuSmi[] = "npu-smi";         // npu-smi info
inline constexpr char kHccnConf[] = "hccn-conf";     // /etc/hccn.conf
inline constexpr char kHccnIp[] = "hccn-ip";         // hccn_tool -i N -ip -g       (+ ".N")
inline constexpr char kHccnLink[] = "hccn-link";     // hccn_tool -i N -link -g     (+ ".N")
inline constexpr char kHccnHealth[] = "hccn-health"; // hccn_tool -i N -net_health -g (+ ".N")
inline constexpr char kNvidiaSmi[] = "nvidia-smi";   // nvidia-smi -L
inline constexpr char kPython[] = "python";          // launch.python with a small program
inline constexpr char kMpirun[] = "mpirun";          // mpirun --version
inline constexpr char kUfw[] = "ufw";                // ufw status verbose
inline constexpr char kFirewalldState[] = "firewalld-state"; // firewall-cmd --state
inline constexpr char kFirewalld[] = "firewalld";          // firewall-cmd --list-all (when running)
inline constexpr char kNft[] = "nft";                      // nft list ruleset
inline constexpr char kIptables[] = "iptables";            // iptables -S
inline constexpr char kSshdProcesses[] = "sshd-processes"; // pgrep -a sshd
inline constexpr char kSshConnection[] = "ssh-connection"; // $SSH_CONNECTION
inline constexpr char kListening[] = "ss";                 // ss -tulnp
inline constexpr char kPaths[] = "paths";                  // workdir, entry, set_env files
inline constexpr char kEnd[] = "end";                      // last: the output is complete

// "hccn-ip.3" for a per-device section.
inline QString deviceSection(const char *base, int device)
{
    return QLatin1String(base) + QLatin1Char('.') + QString::number(device);
}

} // namespace cw::probe
