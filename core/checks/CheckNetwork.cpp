// The checks between servers. Which servers each one is about (the master, the others) is the
// check table's row role: the catalogue skips the rest before calling these.
#include "checks/CheckNetwork.h"

#include "checks/FirstRefusedPort.h"
#include "discover/FactCommands.h"
#include "discover/ProbeText.h"
#include "discover/ReservedPorts.h"
#include "ssh/KnownHosts.h"

using namespace Qt::StringLiterals;

namespace cw::checks {
namespace {

QString masterAddress(const Project &project)
{
    const Server &master = project.servers[size_t(project.masterIndex())];
    return master.effectiveHostIp() + u':' + QString::number(project.launch.masterPort);
}

// What the master's login probe found for this server; null when it did not run for it.
const PeerTrust *peerOf(const CheckContext &c)
{
    const auto found = c.probes.peers.find(c.index);
    return c.probes.peerProbeRan && found != c.probes.peers.end() ? &found->second : nullptr;
}

CheckResult peerNotTested(const QString &name, const CheckContext &c)
{
    return result(name, c, CheckStatus::Warning,
                  u"not tested: "_s + (c.probes.peerProbeProblem.isEmpty()
                                           ? u"no answer from the master"_s
                                           : c.probes.peerProbeProblem));
}

} // namespace

// This client's SSH connection is the verdict: it reached the server, the host key was known and
// a login worked, or why not.
CheckResult checkSsh(const CheckContext &c)
{
    const FleetResult &connection = c.connection;
    const QString name = id(check::kSsh);
    if (connection.ok())
        return result(name, c, CheckStatus::Ok,
                      u"%1: host key %2 known, logged in (%3)"_s.arg(
                          connection.endpoint, connection.hostKey.fingerprint,
                          sshAuthMethodName(connection.authMethod)));
    const bool unreachable = connection.error.kind == SshError::Kind::Unreachable ||
                             connection.error.kind == SshError::Kind::Timeout;
    return result(name, c, CheckStatus::Failed,
                  unreachable ? u"unreachable: "_s + connection.error.message
                              : connection.error.message);
}

CheckResult checkFirewallPorts(const CheckContext &c)
{
    const FirewallFacts &firewall = c.facts.firewall;
    const QString name = id(check::kFirewallPorts);
    if (firewall.kind == FirewallKind::None)
        return result(name, c, CheckStatus::Ok, u"no firewall filters incoming connections"_s);
    QStringList blocked;
    QStringList unknown;
    QStringList allowed;
    for (const RequiredPort &port : c.ports()) {
        const QString what = requiredPortText(port);
        const std::optional<SpanDecision> refused = firstRefusedPort(firewall, port.span);
        if (!refused) {
            allowed.append(portSpanText(port.span));
            continue;
        }
        const QString rule =
            refused->decision.rule.isEmpty() ? QString() : u": "_s + refused->decision.rule;
        const QString at =
            port.span.first == port.span.last ? QString() : u" at %1"_s.arg(refused->port);
        if (refused->decision.verdict == PortVerdict::Blocked)
            blocked.append(u"blocks %1%2%3"_s.arg(what, at, rule));
        else
            unknown.append(u"cannot tell for %1%2"_s.arg(what, rule));
    }
    const QString layer = firewallKindName(firewall.kind);
    if (!blocked.isEmpty())
        return fixable(name, c, CheckStatus::Failed, layer + u' ' + joinReasons(blocked, 2));
    if (!unknown.isEmpty())
        return fixable(name, c, CheckStatus::Warning, layer + u": "_s + joinReasons(unknown, 2));
    return result(name, c, CheckStatus::Ok, layer + u" lets in "_s + allowed.join(u", "_s));
}

// Why who listens where is unknown (ss missing or failed), or "" when `ss -tulnp` answered.
QString portOwnersUnknown(const CheckContext &c)
{
    const ProbeSection *ss = c.facts.section(QLatin1StringView(probe::kPortOwners));
    if (ss && ss->rc == 0)
        return {};
    if (!ss || ss->rc == 127)
        return u"ss -tulnp not found"_s;
    return u"ss -tulnp failed: "_s + firstLineOf(ss->output);
}

CheckResult checkMasterPortFree(const CheckContext &c)
{
    const QString name = id(check::kMasterPortFree);
    if (const QString unknown = portOwnersUnknown(c); !unknown.isEmpty())
        return result(name, c, CheckStatus::Warning,
                      u"cannot tell whether port %1 is free: %2"_s.arg(
                          QString::number(c.project.launch.masterPort), unknown));
    QStringList used;
    QStringList free;
    for (const RequiredPort &port : c.ports()) {
        const ListeningPort *owner = c.facts.listenerOn(port.span.first);
        if (!owner) {
            free.append(u"port %1 is free"_s.arg(port.span.first));
            continue;
        }
        const QString who =
            owner->processes.isEmpty() ? QString() : u" by "_s + owner->processes.join(u", "_s);
        used.append(u"port %1 is in use%2"_s.arg(QString::number(port.span.first), who));
    }
    if (!used.isEmpty())
        return result(name, c, CheckStatus::Failed,
                      joinReasons(used) +
                          u" (another job? stop it or choose another master_port)"_s);
    return result(name, c, CheckStatus::Ok, joinReasons(free));
}

// An earlier job's ranks may still hold ports HCCL hands out: worth a warning, since HCCL may
// pick other ports of the range.
CheckResult checkHcclPortsFree(const CheckContext &c)
{
    const QString name = id(check::kHcclPortsFree);
    if (const QString unknown = portOwnersUnknown(c); !unknown.isEmpty())
        return result(name, c, CheckStatus::Warning,
                      u"cannot tell whether %1-%2 are free: %3"_s.arg(
                          QString::number(c.project.launch.hcclPorts.first),
                          QString::number(c.project.launch.hcclPorts.last), unknown));
    QStringList used;
    QStringList spans;
    for (const RequiredPort &port : c.ports()) {
        spans.append(portSpanText(port.span));
        for (const ListeningPort &owner : c.facts.listeningPorts) {
            if (owner.proto != u"tcp"_s || !port.span.contains(owner.port))
                continue;
            const QString who = owner.processes.isEmpty()
                                    ? QString()
                                    : u" ("_s + owner.processes.join(u", "_s) + u')';
            const QString text = QString::number(owner.port) + who;
            if (!used.contains(text))
                used.append(text);
        }
    }
    if (!used.isEmpty())
        return result(name, c, CheckStatus::Warning,
                      u"in use: "_s + joinReasons(used) + u" (is a previous job still running?)"_s);
    return result(name, c, CheckStatus::Ok, spans.join(u", "_s) + u" free"_s);
}

CheckResult checkHcclPortsReserved(const CheckContext &c)
{
    const QString name = id(check::kHcclPortsReserved);
    const ReservedPortsFacts &kernel = c.facts.reservedPorts;
    const PortSpan hccl{c.project.launch.hcclPorts.first, c.project.launch.hcclPorts.last};
    if (!kernel.read)
        return result(name, c, CheckStatus::Warning,
                      u"cannot tell whether %1 is reserved: /proc/sys/net/ipv4 not read (%2)"_s.arg(
                          portSpanText(hccl), kernel.error));
    const std::vector<PortSpan> open = unreservedPorts(hccl, kernel);
    QStringList reserved;
    for (const PortSpan &span : kernel.reserved)
        reserved << portSpanText(span);
    const QString list = reserved.isEmpty() ? u"none"_s : reserved.join(u","_s);
    if (open.empty())
        return result(
            name, c, CheckStatus::Ok,
            hccl.last < kernel.ephemeral.first || hccl.first > kernel.ephemeral.last
                ? u"%1 is outside the ephemeral range %2"_s.arg(portSpanText(hccl),
                                                                portSpanText(kernel.ephemeral))
                : u"%1 reserved (ip_local_reserved_ports: %2)"_s.arg(portSpanText(hccl), list));
    QStringList missing;
    for (const PortSpan &span : open)
        missing << portSpanText(span);
    return fixable(
        name, c, CheckStatus::Failed,
        u"%1 of the HCCL ports are inside the ephemeral range %2 and not reserved "
        u"(ip_local_reserved_ports: %3): a connection can take one before HCCL "
        u"listens there; reserve them (sysctl -w net.ipv4.ip_local_reserved_ports=...)"_s.arg(
            missing.join(u","_s), portSpanText(kernel.ephemeral), list));
}

CheckResult checkMasterPortReach(const CheckContext &c)
{
    const QString name = id(check::kMasterPortReach);
    const auto found = c.probes.reach.find(c.index);
    if (!c.probes.portProbeRan || found == c.probes.reach.end())
        return result(name, c, CheckStatus::Warning,
                      u"not tested: "_s + (c.probes.portProbeProblem.isEmpty()
                                               ? u"no answer"_s
                                               : c.probes.portProbeProblem));
    const PortReach &reach = found->second;
    const QString target = masterAddress(c.project);
    switch (reach.outcome) {
    case PortReach::Outcome::Connected:
        return result(name, c, CheckStatus::Ok, u"connected to %1"_s.arg(target));
    case PortReach::Outcome::TimedOut:
        return fixable(name, c, CheckStatus::Failed,
                       u"no answer from %1 within %2 s: a firewall drops it"_s.arg(target).arg(
                           kPortConnectTimeoutSeconds));
    case PortReach::Outcome::Refused:
        return fixable(name, c, CheckStatus::Failed,
                       u"%1 refused the connection while a listener was up: a firewall rejects "
                       u"it"_s.arg(target));
    case PortReach::Outcome::Failed:
        break;
    }
    return result(name, c, CheckStatus::Failed,
                  u"cannot connect to %1: %2"_s.arg(target, reach.detail));
}

CheckResult checkPeerLogin(const CheckContext &c)
{
    const QString name = id(check::kPeerLogin);
    const PeerTrust *found = peerOf(c);
    if (!found || found->login == PeerTrust::Login::NotTried)
        return peerNotTested(name, c);
    const PeerTrust &peer = *found;
    const QString account = c.server.user + u'@' + c.server.effectiveHostIp();
    switch (peer.login) {
    case PeerTrust::Login::Ok:
        return result(name, c, CheckStatus::Ok,
                      u"the master logs in to %1 with a key"_s.arg(account));
    case PeerTrust::Login::Denied:
        return fixable(name, c, CheckStatus::Failed,
                       u"the master cannot log in to %1 without a password: %2"_s.arg(
                           account, peer.loginDetail));
    case PeerTrust::Login::Unreachable:
        return result(name, c, CheckStatus::Failed,
                      u"the master cannot reach %1: %2"_s.arg(account, peer.loginDetail));
    default:
        return result(name, c, CheckStatus::Failed,
                      u"ssh from the master to %1 failed: %2"_s.arg(account, peer.loginDetail));
    }
}

CheckResult checkKnownHosts(const CheckContext &c)
{
    const QString name = id(check::kKnownHosts);
    const PeerTrust *found = peerOf(c);
    if (!found || found->known == PeerTrust::Known::NotTried)
        return peerNotTested(name, c);
    const PeerTrust &peer = *found;
    const QString entry = knownHostsName(c.server.effectiveHostIp(), c.server.port);
    switch (peer.known) {
    case PeerTrust::Known::Matches:
        return result(
            name, c, CheckStatus::Ok,
            u"the master's known_hosts holds %1's key (%2)"_s.arg(entry, peer.knownDetail));
    case PeerTrust::Known::Missing:
        return fixable(name, c, CheckStatus::Failed, u"%1: %2"_s.arg(entry, peer.knownDetail));
    case PeerTrust::Known::OtherType:
        return fixable(name, c, CheckStatus::Warning, u"%1: %2"_s.arg(entry, peer.knownDetail));
    default:
        // Never replaced automatically: a changed key may be an attack. The user decides.
        return result(name, c, CheckStatus::Failed,
                      u"%1: %2 than this client verified; check it, then remove it on the master "
                      u"with ssh-keygen -R %3"_s.arg(entry, peer.knownDetail, entry));
    }
}

} // namespace cw::checks
