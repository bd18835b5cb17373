// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "discover/ServerFacts.h"

#include <QByteArray>
#include <QString>

#include <optional>
#include <vector>

namespace cw {

// Parsers for the output of each probe, pure text in, values out. They read by prefix and
// column, tolerate extra spaces, CRLF and unknown lines, and never throw or crash: when the
// output is not what the tool prints, they return what they could read and set *problem to
// "unrecognised output: <first line>" (problem may be null). Exit statuses are interpreted by
// parseProbeOutput(), which calls these only for output worth reading.

// ---- system ----------------------------------------------------------------------------------
QString parseHostname(const QString &text, QString *problem = nullptr);
QStringList parseHostIps(const QString &text, QString *problem = nullptr); // hostname -I
OsFacts parseOsRelease(const QString &text, QString *problem = nullptr);
PythonFacts parsePythonProbe(const QString &text, QString *problem = nullptr); // found = true
MpiFacts parseMpirunVersion(const QString &text, QString *problem = nullptr);  // found = true
std::vector<GpuFacts> parseNvidiaSmiList(const QString &text, QString *problem = nullptr);
PathFacts parsePathsProbe(const QString &text, QString *problem = nullptr);
QStringList parseSshdProcesses(const QString &text, QString *problem = nullptr); // pgrep -a
// "$SSH_CONNECTION": client address, client port, server address, server port.
void parseSshConnection(const QString &text, SshdFacts &sshd, QString *problem = nullptr);

// ---- network ---------------------------------------------------------------------------------
std::vector<Nic> parseIpAddr(const QString &text, QString *problem = nullptr); // ip -o addr
// The output of portOwnersCommand() (`ss -tulnp`, discover/FactCommands.h): who listens on which
// port. Discovery, the launch's master-port precondition and the checks all read it with this.
std::vector<ListeningPort> parsePortOwners(const QString &text, QString *problem = nullptr);

// `cat ip_local_reserved_ports ip_local_port_range`: "8080,60000-60031" (may be empty), then
// "32768<TAB>60999"; read = true unless the second line is missing.
ReservedPortsFacts parseReservedPorts(const QString &text, QString *problem = nullptr);

// ---- Ascend ----------------------------------------------------------------------------------
// An Atlas A3 table ("Chip  Phy-ID" header) also fills `dies`: every chip row with its Phy-ID.
NpuFacts parseNpuSmiInfo(const QString &text, QString *problem = nullptr); // toolFound = true
// `npu-smi info -m`: the header "NPU ID  Chip ID  Chip Logic ID  [Chip Phy-ID]  Chip Name", then
// a row per chip; Mcu and other rows with "-" ids are skipped.
std::vector<NpuChipMapping> parseNpuSmiMapping(const QString &text, QString *problem = nullptr);
// `npu-smi info -t spod-info -i N -c C`: "SDID : 16777216", "Super Pod Size : 384", "Super Pod
// ID : 0", "Server Index : 4" (die, npu and chip are left for the caller).
DieSuperPod parseNpuSpodInfo(const QString &text, QString *problem = nullptr);
// The super-pod probe (resources/server/probe-super-pod.sh): `npu-smi info -m`, then per chip a
// line "@@spod NPU CHIP PHY rc=N" and that chip's spod-info output.
std::vector<DieSuperPod> parseSuperPodProbe(const QString &text, QString *problem = nullptr);
// `npu-smi info -t board -i N`: "Software Version : 23.0.rc3" (driver), "Firmware Version : ...".
NpuBoardFacts parseNpuBoard(const QString &text, QString *problem = nullptr);
// ascend_toolkit_install.info: key=value lines; the value of version=.
QString parseCannInstallInfo(const QString &text, QString *problem = nullptr);

struct HccnIp {
    QString address;
    QString netmask;
};
// `ipaddr:A` and `netmask:M`; nullopt (and a problem) when either is missing or not IPv4.
std::optional<HccnIp> parseHccnIp(const QString &text, QString *problem = nullptr);
LinkState parseHccnLink(const QString &text, QString *problem = nullptr);
NetHealth parseHccnNetHealth(const QString &text, QString *problem = nullptr);
HccnConfFacts parseHccnConf(const QString &text, QString *problem = nullptr); // present = true
// `-tls -g`: the line `dev_id:N, tls switch[S](0:disable, 1:enable), ...`; S true for 1, false
// for 0; nullopt (and a problem) when no such line is there.
std::optional<bool> parseHccnTls(const QString &text, QString *problem = nullptr);
// The device-holders probe: `PID DEVICE NAME` lines (NAME may be empty or hold spaces).
std::vector<DeviceHolder> parseDeviceHolders(const QString &text, QString *problem = nullptr);

// ---- firewall --------------------------------------------------------------------------------
UfwFacts parseUfwStatus(const QString &text, QString *problem = nullptr); // readable = true
FirewalldFacts parseFirewalldListAll(const QString &text, QString *problem = nullptr);
PacketFilterFacts parseNftRuleset(const QString &text, QString *problem = nullptr);
PacketFilterFacts parseIptablesRules(const QString &text, QString *problem = nullptr);

// ---- the whole probe output ------------------------------------------------------------------

// The sections of a probe output in order; text before the first marker (login banners, shell
// start-up noise) is dropped. A marker line is `@@clusterwiz-probe NAME rc=N@@`.
std::vector<ProbeSection> splitProbeSections(const QString &text);

// Everything discovery learned from one server's probe output. Sections with rc=127 mean the
// tool is missing (no issue); rc=124 adds the issue "timed out"; output that a parser cannot
// read adds a ProbeIssue naming the section; a missing end marker adds the issue
// {"end", "incomplete output: ..."}. Unknown sections are kept in `sections` and ignored.
ServerFacts parseProbeOutput(const QString &text);
ServerFacts parseProbeOutput(const QByteArray &utf8);

} // namespace cw
