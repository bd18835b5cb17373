#pragma once

#include "model/Project.h"

#include <QString>
#include <QStringList>

#include <vector>

namespace cw {

// Discovery asks each server everything in one SSH round trip: one POSIX sh script that runs
// every probe and prints, per probe, `@@clusterwiz-probe NAME rc=N@@` and the probe's output
// (stdout and stderr together). A missing tool gives its section rc=127 and the script goes on;
// a probe that hangs is stopped after kProbeTimeoutSeconds (rc=124) where `timeout` exists. The
// script only reads: it changes nothing on the server. Every project value in it is validated
// or quoted with shellQuote(); env_setup lines are not run, only the files they source checked.
//
// Probes: hostname, `hostname -I`, `ip -o addr`, /etc/os-release, `npu-smi info`,
// `nvidia-smi -L`, launch.python (version, sys.executable, and launch.framework's packages'
// versions from their metadata, no import), for Ascend `npu-smi info -t board` and the CANN
// install record, `command -v orted` (mpirun mode without a prefix),
// `mpirun --version`, `ufw status verbose`, `firewall-cmd --state` and `--list-all`,
// `nft list ruleset`, `iptables -S`, `pgrep -a sshd`, $SSH_CONNECTION, `ss -tulnp`, the paths
// (workdir, entry, sourced set_env files), and for ascend910 `/etc/hccn.conf` and, per device,
// `hccn_tool -i N -ip -g`, `-link -g`, `-net_health -g`. The sections, their commands and parsers
// are the fact table, checklist/FactCommands.h; the script runs them in its order.

inline constexpr int kProbeTimeoutSeconds = 20;
inline constexpr int kProbeTimedOut = 124; // a section's rc when `timeout` stopped it

// The script text (multi-line POSIX sh) for servers[serverIndex]; empty for a bad index.
QString probeScript(const Project &project, int serverIndex);

// The one command line to send over SSH: `sh -c '<script>'`, so that it runs under sh whatever
// the user's login shell is.
QString probeCommand(const Project &project, int serverIndex);

// Devices hccn_tool is asked about: the server's devices, or 0-7 when it lists none yet.
std::vector<int> probedAscendDevices(const Server &server);

// The files env_setup lines source (`source X`, `. X`; quotes around X removed; `~/`, `$HOME/`
// and `${HOME}/` kept as written and expanded on the server). Lines whose file is not a plain
// word (other variables, command substitution) are skipped. On Ascend, when no line sources
// CANN's set_env.sh, its default places (cannSetEnvPaths()) are added, to find the one there.
QStringList probedSetEnvFiles(const Project &project);

// The interpreter the probe asks: launch.python, or python3 when it is empty.
QString probedPython(const Project &project);

} // namespace cw
