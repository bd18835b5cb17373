// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The one list of checks. A check is one row: its id, when it applies (accelerator, launch mode,
// several servers, the servers it is about), the facts it reads (fact table rows,
// discover/FactCommands.h), its C++ verdict, whether a failure blocks a launch, the fixes it
// offers, the ports it looks at, and the bash function of check.sh that decides it on a server.
// Everything else walks these rows: discovery's probe asks for the facts, the catalogue
// (checks/CheckCatalogue) runs the verdicts, the launch preflight (launch/LaunchPreflight) asks
// `blocksLaunch`, `fix --all` follows `fixes` (fix/FixTable), and the generated check.sh
// (generate/CheckScript) lists the checks and gathers the same facts. tst_checkDifferential feeds
// the same facts to the C++ verdicts and to check.sh and fails on any status that differs.

#include "checks/CheckIds.h"
#include "checks/CheckTypes.h"
#include "model/Project.h"
#include "rules/RequiredPorts.h"

#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace cw {

namespace checks {
struct CheckContext;
}

// Which servers a check is about. As a row role: the servers the C++ catalogue checks (the
// others get "skipped"). As a script role: where check.sh decides it (the master tests its
// logins to the others, for instance).
// PeerHub / PeerTargets: the server that logs in to the others by key (Project::peerLoginIndex:
// the master for mpirun, the supervisor's server for a restarting run) and the others.
enum class CheckRole { EveryServer, Master, OtherServers, PeerHub, PeerTargets };

// The ports a check looks at on one server (checkPorts()).
enum class CheckPorts { None, Required, MasterPort, HcclPorts };

// A check's verdict on one server: exactly one result (checks/CheckContext.h builds them).
using CheckVerdict = CheckResult (*)(const checks::CheckContext &context);

struct CheckSpec {
    const char *id = nullptr;      // a check:: id
    const char *summary = nullptr; // what it makes sure of, one line (check.sh shows it)
    // When it applies; nullopt: whatever the project's accelerator or mode.
    std::optional<Accelerator> accelerator = std::nullopt;
    std::optional<LaunchMode> mode = std::nullopt;
    std::optional<Scheduler> scheduler = std::nullopt; // launch.scheduler
    bool severalServers = false;                       // only for 2 servers or more
    bool needsAccelerator = false;                     // not for a cpu project
    bool peerLogin = false; // only where a server logs in to the others (needsPeerLogin)
    CheckRole row = CheckRole::EveryServer;
    CheckRole scriptRole = CheckRole::EveryServer;
    bool contactsOthers = false; // check.sh connects to other servers for it (not with --no-reach)
    CheckPorts ports = CheckPorts::None;
    // The fact sections it reads; none: the SSH session or an active probe tells
    // (checks/ActiveProbes.h).
    std::vector<const char *> facts = {};
    CheckVerdict verdict = nullptr;
    // The verdict runs for a server that was not reached too (the ssh check: its result is the
    // connection); every other check of such a server is skipped.
    bool judgesUnreached = false;
    // Whether a failure of it stops a launch (launch/LaunchPreflight); null: never.
    bool (*blocksLaunch)(const Project &project) = nullptr;
    // The fixes (fix:: ids, fix/FixTable) a failed result offers, the preferred first.
    std::vector<const char *> fixes = {};
    const char *scriptFunction = nullptr; // check.sh's bash function that decides it
};

// Every check, in report order: the server itself, its devices, its software, then the network
// between servers.
const std::vector<CheckSpec> &checkTable();
// The check of that id, or nullptr.
const CheckSpec *checkSpec(const QString &id);

bool checkApplies(const CheckSpec &spec, const Project &project);
// The checks that apply to this project (accelerator, mode, number of servers), in report order.
std::vector<const CheckSpec *> applicableCheckSpecs(const Project &project);
QStringList applicableCheckIds(const Project &project);

// Whether a failed result of that check stops a launch of this project.
bool checkBlocksLaunch(const Project &project, const QString &id);

// Whether servers[serverIndex] has that role in the project.
bool hasCheckRole(CheckRole role, const Project &project, int serverIndex);
// Why a server without the role is skipped: "not the master", "the master itself".
TrText checkRoleSkipReason(CheckRole role, const Project &project);
// The server that logs in to the others (Project::peerLoginIndex), as the checks and fixes name
// it: "the master", or "the supervisor's server NAME" for a restarting run supervised elsewhere.
TrText peerHubName(const Project &project);

// The ports `spec` looks at on servers[serverIndex]: the required ports (requiredPorts()),
// master_port on the master, or the HCCL range; empty for None or an index out of range.
std::vector<RequiredPort> checkPorts(const CheckSpec &spec, const Project &project,
                                     int serverIndex);

} // namespace cw
