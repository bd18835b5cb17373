// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Checks that reading rules cannot settle, asked of the servers themselves:
// - master_port's reachability: a short-lived listener on the master's master_port and a
//   connect to it from every other server, as the job's ranks will connect (a firewall that
//   drops it shows here even when its rules are beyond what the rule reader understands);
// - for mpirun: from the master, a key-only `ssh` to every other server exactly as mpirun does it
//   (BatchMode, strict host keys), and whether the master's known_hosts holds each server's key.
// This file holds the commands and the parsers of their output (pure); checks/CheckRunner.h
// runs them.

#include "model/Project.h"

#include <QString>
#include <QStringList>

#include <map>
#include <optional>
#include <vector>

namespace cw {

inline constexpr int kPortConnectTimeoutSeconds = 3;
inline constexpr char kReachabilityProbeMarker[] = "clusterwiz-port-probe";

struct PortReach {
    enum class Outcome { Connected, Refused, TimedOut, Failed };
    Outcome outcome = Outcome::Failed;
    QString detail; // the error as the connecting side saw it
};

struct PeerTrust {
    enum class Login { Ok, Denied, HostKeyFailed, Unreachable, Failed, NotTried };
    enum class Known { Matches, Missing, Differs, OtherType, NotTried };
    Login login = Login::NotTried;
    QString loginDetail; // first line of ssh's message
    Known known = Known::NotTried;
    QString knownDetail; // the key type found (Matches) or held another of (Differs)
};

struct ActiveProbes {
    bool portProbeRan = false;
    QString portProbeProblem;       // why the port probe did not run or failed to listen
    std::map<int, PortReach> reach; // by server index: every reached server but the master
    bool peerProbeRan = false;
    QString peerProbeProblem;
    std::map<int, PeerTrust> peers; // by server index (mpirun mode)
    QStringList masterPublicKeys;   // lines of the master's ~/.ssh/id_{ed25519,ecdsa,rsa}.pub
};

// ---- master port reachability (master-port-reachable) ------------------------------------------

// Binds master_port on all addresses, prints `bound PORT PORT` and `listening PID` and detaches
// (own session, stdio on /dev/null) so the SSH command returns at once; the listener accepts
// `expected` connections or gives up after `seconds`. `busy PORT MESSAGE` and `error ...` when
// the port cannot be bound. The doctor's listener (doctor/PortTest.h) on one port.
QString reachabilityListenerCommand(const Project &project, int expected, int seconds);
// `listening PID` -> PID; else nullopt with why the port could not be bound in *problem.
std::optional<int> parseReachabilityListener(const QString &output, QString *problem);
// Ends the listener early, only when that pid is still our listener (its argv holds the marker),
// and returns once it is gone (at most 3 s, then it is killed), so master_port is free for a
// launch right after.
QString reachabilityListenerStopCommand(int pid);

// One connect from a server to the master's host_ip:master_port within
// kPortConnectTimeoutSeconds: prints `connected`, `refused`, `timeout` or `error MESSAGE`.
QString reachabilityConnectCommand(const Project &project);
PortReach parseReachabilityConnect(const QString &output, int exitStatus);

// ---- password-free SSH from the master (mpirun) ----------------------------------------------

struct PeerTarget {
    int serverIndex = -1;
    QString user;
    QString hostIp;
    int port = 22;
    QString keyType; // the host key this client verified for that server
    QString keyBase64;
};

// One sh script for the master: per target, the known_hosts lines `ssh-keygen -F` finds for the
// name mpirun uses, then `ssh -n -o BatchMode=yes -o StrictHostKeyChecking=yes true` against a
// temporary known_hosts holding only the verified key (so login is tested apart from the
// master's own known_hosts); last, the master's public keys.
QString peerProbeScript(const std::vector<PeerTarget> &targets);
// Fills `probes.peers` for the targets and `probes.masterPublicKeys`.
void parsePeerProbe(const QString &output, const std::vector<PeerTarget> &targets,
                    ActiveProbes &probes);

} // namespace cw
