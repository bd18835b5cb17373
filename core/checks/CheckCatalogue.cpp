#include "checks/CheckCatalogue.h"

#include "checks/CheckDevices.h"
#include "checks/CheckNetwork.h"
#include "checks/CheckServer.h"
#include "checks/DeviceProcesses.h"
#include "checks/DeviceTls.h"
#include "checks/VersionConsistency.h"

using namespace Qt::StringLiterals;

namespace cw {
namespace {

using checks::CheckContext;
using checks::CheckFunction;

// The C++ verdict of every check of the table but ssh, whose result is the connection itself.
CheckFunction functionFor(const QString &id)
{
    static const std::pair<const char *, CheckFunction> functions[] = {
        {check::kHostname, &checks::checkHostname},
        {check::kHostIp, &checks::checkHostIp},
        {check::kAccelerator, &checks::checkAccelerator},
        {check::kDeviceIps, &checks::checkDeviceIps},
        {check::kDeviceLinks, &checks::checkDeviceLinks},
        {check::kDeviceNetHealth, &checks::checkDeviceNetHealth},
        {check::kDeviceTls, &checks::checkDeviceTls},
        {check::kDeviceProcesses, &checks::checkDeviceProcesses},
        {check::kPython, &checks::checkPython},
        {check::kMpirun, &checks::checkMpirun},
        {check::kMsrun, &checks::checkMsrun},
        {check::kCannEnv, &checks::checkCannEnv},
        {check::kPaths, &checks::checkPaths},
        {check::kSshd, &checks::checkSshd},
        {check::kFirewallPorts, &checks::checkFirewallPorts},
        {check::kMasterPortFree, &checks::checkMasterPortFree},
        {check::kHcclPortsFree, &checks::checkHcclPortsFree},
        {check::kMasterPortReach, &checks::checkMasterPortReach},
        {check::kPeerLogin, &checks::checkPeerLogin},
        {check::kKnownHosts, &checks::checkKnownHosts},
        {check::kVersions, &checks::checkVersions},
    };
    for (const auto &[name, function] : functions) {
        if (id == QLatin1StringView(name))
            return function;
    }
    return nullptr;
}

CheckResult skipped(const CheckSpec &spec, const Server &server, int index, const QString &reason)
{
    CheckResult result;
    result.id = QLatin1StringView(spec.id);
    result.serverIndex = index;
    result.server = server.name;
    result.status = CheckStatus::Skipped;
    result.reason = reason;
    return result;
}

CheckResult sshResult(const Server &server, int index, const FleetResult &connection)
{
    CheckResult result;
    result.id = QLatin1StringView(check::kSsh);
    result.serverIndex = index;
    result.server = server.name;
    if (connection.ok()) {
        result.status = CheckStatus::Ok;
        result.reason = u"%1: host key %2 known, logged in (%3)"_s.arg(
            connection.endpoint, connection.hostKey.fingerprint,
            sshAuthMethodName(connection.authMethod));
    } else {
        result.status = CheckStatus::Failed;
        result.reason = connection.error.message;
        if (connection.error.kind == SshError::Kind::Unreachable ||
            connection.error.kind == SshError::Kind::Timeout)
            result.reason = u"unreachable: "_s + connection.error.message;
    }
    return result;
}

} // namespace

QStringList applicableChecks(const Project &project)
{
    return applicableCheckIds(project);
}

bool catalogueDecides(const QString &id)
{
    return id == QLatin1StringView(check::kSsh) || functionFor(id) != nullptr;
}

CheckReport evaluateChecks(const Project &project, const std::vector<ServerDiscovery> &discovery,
                           const ActiveProbes &probes)
{
    const size_t count = project.servers.size();
    std::vector<const ServerDiscovery *> byServer(count, nullptr);
    std::vector<QString> hostnames(count);
    std::vector<const ServerFacts *> allFacts(count, nullptr);
    for (const ServerDiscovery &entry : discovery) {
        const int index = entry.connection.serverIndex;
        if (index < 0 || size_t(index) >= count)
            continue;
        byServer[size_t(index)] = &entry;
        if (entry.ok()) {
            hostnames[size_t(index)] = entry.facts->hostname;
            allFacts[size_t(index)] = &*entry.facts;
        }
    }

    CheckReport report;
    const std::vector<const CheckSpec *> specs = applicableCheckSpecs(project);
    for (size_t i = 0; i < count; ++i) {
        const Server &server = project.servers[i];
        const int index = int(i);
        const ServerDiscovery *found = byServer[i];
        const bool reached = found && found->ok();
        for (const CheckSpec *spec : specs) {
            const QString id = QLatin1StringView(spec->id);
            if (id == QLatin1StringView(check::kSsh)) {
                FleetResult missing;
                missing.error = SshError::make(SshError::Kind::Unreachable, u"not asked"_s);
                report.results.push_back(
                    sshResult(server, index, found ? found->connection : missing));
            } else if (!reached) {
                report.results.push_back(
                    skipped(*spec, server, index, u"not checked: the server was not reached"_s));
            } else if (!hasCheckRole(spec->row, project, index)) {
                report.results.push_back(
                    skipped(*spec, server, index, checkRoleSkipReason(spec->row, project)));
            } else if (const CheckFunction run = functionFor(id)) {
                report.results.push_back(run(
                    {*spec, project, index, server, *found->facts, probes, hostnames, allFacts}));
            } else {
                report.results.push_back(
                    skipped(*spec, server, index, u"no verdict for this check in this version"_s));
            }
        }
    }
    return report;
}

namespace checks {

CheckResult result(const QString &id, const CheckContext &context, CheckStatus status,
                   const QString &reason, const QStringList &fixes)
{
    CheckResult r;
    r.id = id;
    r.serverIndex = context.index;
    r.server = context.server.name;
    r.status = status;
    r.reason = reason;
    r.fixes = fixes;
    return r;
}

QString joinReasons(const QStringList &parts, int shown)
{
    if (parts.size() <= shown)
        return parts.join(u"; "_s);
    return parts.mid(0, shown).join(u"; "_s) + u" and %1 more"_s.arg(parts.size() - shown);
}

} // namespace checks
} // namespace cw
