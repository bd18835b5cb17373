#include "checks/CheckCatalogue.h"

#include "checks/CheckParts.h"

using namespace Qt::StringLiterals;

namespace cw {
namespace {

using checks::CheckContext;
using CheckFunction = CheckResult (*)(const CheckContext &);

struct Entry {
    const char *id;
    CheckFunction run;
    bool (*applies)(const Project &);
};

bool always(const Project &)
{
    return true;
}
bool ascend(const Project &p)
{
    return p.accelerator == Accelerator::Ascend910;
}
bool mpirun(const Project &p)
{
    return p.launch.mode == LaunchMode::Mpirun;
}
bool severalServers(const Project &p)
{
    return p.servers.size() > 1;
}
bool mpirunSeveral(const Project &p)
{
    return mpirun(p) && severalServers(p);
}

// Report order: the server itself, its devices, its software, then the network between servers.
const Entry kCatalogue[] = {
    {check::kHostname, &checks::checkHostname, &always},
    {check::kHostIp, &checks::checkHostIp, &always},
    {check::kAccelerator, &checks::checkAccelerator, &always},
    {check::kDeviceIps, &checks::checkDeviceIps, &ascend},
    {check::kDeviceLinks, &checks::checkDeviceLinks, &ascend},
    {check::kDeviceNetHealth, &checks::checkDeviceNetHealth, &ascend},
    {check::kPython, &checks::checkPython, &always},
    {check::kMpirun, &checks::checkMpirun, &mpirun},
    {check::kCannEnv, &checks::checkCannEnv, &always},
    {check::kPaths, &checks::checkPaths, &always},
    {check::kSshd, &checks::checkSshd, &always},
    {check::kFirewallPorts, &checks::checkFirewallPorts, &always},
    {check::kMasterPortFree, &checks::checkMasterPortFree, &always},
    {check::kMasterPortReach, &checks::checkMasterPortReach, &severalServers},
    {check::kPeerLogin, &checks::checkPeerLogin, &mpirunSeveral},
    {check::kKnownHosts, &checks::checkKnownHosts, &mpirunSeveral},
};

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
    QStringList ids{QLatin1StringView(check::kSsh)};
    for (const Entry &entry : kCatalogue) {
        if (entry.applies(project))
            ids.append(QLatin1StringView(entry.id));
    }
    return ids;
}

CheckReport evaluateChecks(const Project &project, const std::vector<ServerDiscovery> &discovery,
                           const ActiveProbes &probes)
{
    const size_t count = project.servers.size();
    std::vector<const ServerDiscovery *> byServer(count, nullptr);
    std::vector<QString> hostnames(count);
    for (const ServerDiscovery &entry : discovery) {
        const int index = entry.connection.serverIndex;
        if (index < 0 || size_t(index) >= count)
            continue;
        byServer[size_t(index)] = &entry;
        if (entry.ok())
            hostnames[size_t(index)] = entry.facts->hostname;
    }

    CheckReport report;
    for (size_t i = 0; i < count; ++i) {
        const Server &server = project.servers[i];
        const ServerDiscovery *found = byServer[i];
        FleetResult missing;
        missing.error = SshError::make(SshError::Kind::Unreachable, u"not asked"_s);
        report.results.push_back(sshResult(server, int(i), found ? found->connection : missing));
        const bool reached = found && found->ok();
        for (const Entry &entry : kCatalogue) {
            if (!entry.applies(project))
                continue;
            if (!reached) {
                CheckResult skipped;
                skipped.id = QLatin1StringView(entry.id);
                skipped.serverIndex = int(i);
                skipped.server = server.name;
                skipped.status = CheckStatus::Skipped;
                skipped.reason = u"not checked: the server was not reached"_s;
                report.results.push_back(skipped);
                continue;
            }
            const CheckContext context{project, int(i), server, *found->facts, probes, hostnames};
            report.results.push_back(entry.run(context));
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
