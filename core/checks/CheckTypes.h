#pragma once

// The check report: per server, per check, a status, a one-line reason and the fixes on offer.
// Checks are pure functions of discovery and the active probes (checks/CheckCatalogue.h); the
// report is a value the CLI prints and the GUI shows.

#include <QString>
#include <QStringList>

#include <vector>

namespace cw {

enum class CheckStatus { Ok, Warning, Failed, Skipped };

QString checkStatusName(CheckStatus status); // "ok", "warning", "failed", "skipped"

// Stable check ids: tests, the CLI (`fix PROJECT CHECK_ID`) and the GUI key on them.
namespace check {
inline constexpr char kSsh[] = "ssh";                  // reachable, host key, login
inline constexpr char kHostname[] = "hostname";        // distinct hostnames (OpenMPI)
inline constexpr char kHostIp[] = "host-ip";           // host_ip is an address of the server
inline constexpr char kAccelerator[] = "accelerator";  // NPUs/GPUs present and healthy
inline constexpr char kDeviceIps[] = "device-ips";     // planned vs actual (ascend910)
inline constexpr char kDeviceLinks[] = "device-links"; // hccn_tool -link -g UP
inline constexpr char kDeviceNetHealth[] = "device-net-health"; // hccn_tool -net_health -g
inline constexpr char kPython[] = "python-torch";               // launch.python runs, torch imports
inline constexpr char kMpirun[] = "mpirun";                     // mpirun mode: mpirun present
inline constexpr char kCannEnv[] = "cann-env";                  // env_setup files present
inline constexpr char kPaths[] = "paths";                       // workdir and entry exist
inline constexpr char kSshd[] = "sshd";                         // sshd running
inline constexpr char kFirewallPorts[] = "firewall-ports";      // rules let the job's ports in
inline constexpr char kMasterPortFree[] = "master-port-free";   // nothing listens there yet
inline constexpr char kMasterPortReach[] = "master-port-reachable"; // active connect test
inline constexpr char kPeerLogin[] = "peer-login";   // mpirun: master -> server by key
inline constexpr char kKnownHosts[] = "known-hosts"; // mpirun: master knows its key
} // namespace check

// Stable fix ids; a failed check lists the ones that mend it, the preferred first.
namespace fix {
inline constexpr char kSetDeviceIps[] = "set-device-ips";
inline constexpr char kOpenPorts[] = "open-ports";
inline constexpr char kStopFirewall[] = "stop-firewall"; // second choice, only when asked for
inline constexpr char kDeploySshKey[] = "deploy-ssh-key";
inline constexpr char kAddKnownHosts[] = "add-known-hosts";
} // namespace fix

struct CheckResult {
    QString id;           // a check:: id
    int serverIndex = -1; // -1: about the cluster as a whole
    QString server;       // the server's name ("" for the cluster)
    CheckStatus status = CheckStatus::Ok;
    QString reason;    // one line: what was found, naming device, port or rule
    QStringList fixes; // fix:: ids on offer, the preferred one first
};

struct CheckReport {
    std::vector<CheckResult> results; // server order, then catalogue order

    int count(CheckStatus status) const;
    bool passed() const { return count(CheckStatus::Failed) == 0; }
    // Results of one check id, in server order.
    std::vector<const CheckResult *> byId(const QString &id) const;
    const CheckResult *find(const QString &id, int serverIndex) const;
};

} // namespace cw
