#pragma once

// The catalogue's pieces, shared by CheckCatalogue.cpp (the server's own state) and
// CheckNetwork.cpp (ports, firewall, SSH between servers). Internal to core/checks.

#include "checks/ActiveProbes.h"
#include "checks/CheckTypes.h"
#include "discover/ServerFacts.h"
#include "model/Project.h"

#include <QStringList>

namespace cw::checks {

struct CheckContext {
    const Project &project;
    int index;
    const Server &server;
    const ServerFacts &facts;
    const ActiveProbes &probes;
    // Hostnames of the other reached servers, by server index (for the hostname check).
    const std::vector<QString> &hostnames;

    bool isMaster() const { return index == project.masterIndex(); }
};

// A check id constant (check::k*) as the QString results carry.
inline QString id(const char *name)
{
    return QLatin1StringView(name);
}

CheckResult result(const QString &id, const CheckContext &context, CheckStatus status,
                   const QString &reason, const QStringList &fixes = {});

// "a; b; c and 2 more": keeps a reason to one readable line.
QString joinReasons(const QStringList &parts, int shown = 3);

// One function per check id; each returns exactly one result for the server.
CheckResult checkHostname(const CheckContext &context);
CheckResult checkHostIp(const CheckContext &context);
CheckResult checkAccelerator(const CheckContext &context);
CheckResult checkDeviceIps(const CheckContext &context);
CheckResult checkDeviceLinks(const CheckContext &context);
CheckResult checkDeviceNetHealth(const CheckContext &context);
CheckResult checkPython(const CheckContext &context);
CheckResult checkMpirun(const CheckContext &context);
CheckResult checkCannEnv(const CheckContext &context);
CheckResult checkPaths(const CheckContext &context);
CheckResult checkSshd(const CheckContext &context);
CheckResult checkFirewallPorts(const CheckContext &context);
CheckResult checkMasterPortFree(const CheckContext &context);
CheckResult checkMasterPortReach(const CheckContext &context);
CheckResult checkPeerLogin(const CheckContext &context);
CheckResult checkKnownHosts(const CheckContext &context);

} // namespace cw::checks
