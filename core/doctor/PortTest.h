// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The ports part: for every ordered pair of servers (A, B), a TCP connect from A to B's host_ip
// on each port the job needs from B, against a temporary listener clusterwiz starts on B (a
// port already held by a process, as sshd holds the SSH port, is connected to as it is). A
// connect that gets no answer (a firewall's DROP) is "timed out", one that is turned away (REJECT,
// or nothing listening) "refused". The listeners are stopped whatever happened, even after a
// cancel, and each server then says whether its listener is gone.

#include "doctor/DoctorReport.h"
#include "fleet/FleetRunner.h"

#include <QString>

#include <atomic>
#include <functional>
#include <map>
#include <optional>
#include <vector>

namespace cw {

inline constexpr int kPortConnectSeconds = 3;

// A port the job needs to reach on one server. `port` 0: one the kernel picks from the
// ephemeral range (where gloo and NCCL listen), as a sample of that range.
struct PortTarget {
    int port = 0;
    QString why;
    bool listen = true; // false: connect to what already listens there (sshd)
};

// What server `serverIndex` must let in from the others, one target per requiredPorts() entry
// in its order and with its why: master_port itself, a range by one sample (the HCCL range's
// first port, an ephemeral port the kernel picks), and the SSH port as sshd holds it.
std::vector<PortTarget> portTargets(const Project &project, int serverIndex);

// ---- the listener on B -----------------------------------------------------------------------
// Binds each port (0: a free one), prints `bound REQUESTED ACTUAL` or `busy REQUESTED MESSAGE`
// per port, then `listening PID` and detaches; the listener accepts `expected` connections or
// gives up after `seconds`. Its argv holds `token`, so that the stop command ends only it.
QString portListenerCommand(const QString &python, const QString &token,
                            const std::vector<int> &ports, int expected, int seconds);

struct ListenerStart {
    std::optional<int> pid;
    std::map<int, int> bound;    // requested port -> the port listening
    std::map<int, QString> busy; // requested port -> why it could not be bound
    QString problem;             // when no listener runs
};
ListenerStart parsePortListener(const QString &output);

// Ends the listener `pid` if it is still ours (its argv holds `token`), waits for it, and prints
// `gone` or `left PID`.
QString portListenerStopCommand(int pid, const QString &token);
bool listenerGone(const QString &output);

// ---- the connects from A ---------------------------------------------------------------------
struct ConnectTarget {
    QString host;
    int port = 0;
};
// Connects to every target at once, each within kPortConnectSeconds; one line per target:
// `HOST:PORT connected|refused|timeout|error MESSAGE`.
QString portConnectCommand(const QString &python, const std::vector<ConnectTarget> &targets);
// One outcome per target, in order: "" connected, else "timed out", "refused" or the error.
std::vector<QString> parsePortConnect(const QString &output,
                                      const std::vector<ConnectTarget> &targets);

using PortProgress = std::function<void(const QString &step)>;

// A server not reached (no login) tests nothing and is connected to by nobody: its pairs are
// not tested (HostPort::notReached), it is a line in `problems` and an entry in `notReached`.
// A server in `notReached` already (an earlier part of the doctor) is not contacted: its pairs
// are not tested for the reason recorded there.
std::vector<HostPort> runPortTest(const Project &project, const FleetOptions &options,
                                  QStringList &problems, std::vector<ServerNotReached> &notReached,
                                  const PortProgress &progress = {},
                                  const std::atomic<bool> *cancel = nullptr);

// The cells of runPortTest that `notReached` decides before anyone is contacted: every pair with
// a server an earlier part could not log in to, as runPortTest reports them (the wizard shows
// them at once).
std::vector<HostPort> portsNotReached(const Project &project,
                                      const std::vector<ServerNotReached> &notReached);

} // namespace cw
