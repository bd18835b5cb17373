// SPDX-License-Identifier: GPL-3.0-or-later
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

// The texts that check.sh prints too (networkScriptConstants()).
constexpr char kReachConnected[] = QT_TRANSLATE_NOOP("cw::Checks", "connected to %1");
constexpr char kReachNoAnswer[] =
    QT_TRANSLATE_NOOP("cw::Checks", "no answer from %1 within %2 s: a firewall drops it");

constexpr char kSsNotFound[] = QT_TRANSLATE_NOOP("cw::Checks", "ss -tulnp not found");
constexpr char kSsFailed[] = QT_TRANSLATE_NOOP("cw::Checks", "ss -tulnp failed: %1");
constexpr char kMasterPortUnknown[] =
    QT_TRANSLATE_NOOP("cw::Checks", "cannot tell whether port %1 is free: %2");
constexpr char kPortFree[] = QT_TRANSLATE_NOOP("cw::Checks", "port %1 is free");
constexpr char kPortInUse[] = QT_TRANSLATE_NOOP("cw::Checks", "port %1 is in use");
constexpr char kPortInUseBy[] = QT_TRANSLATE_NOOP("cw::Checks", "port %1 is in use by %2");
constexpr char kMasterPortUsed[] =
    QT_TRANSLATE_NOOP("cw::Checks", "%1 (another job? stop it or choose another master_port)");
constexpr char kMasterPortUsedWizard[] = QT_TRANSLATE_NOOP(
    "cw::Checks",
    "%1 (another job? stop it, or choose another Master port on the Launch mode page)");
constexpr char kHcclFreeUnknown[] =
    QT_TRANSLATE_NOOP("cw::Checks", "cannot tell whether %1-%2 are free: %3");
constexpr char kHcclInUse[] =
    QT_TRANSLATE_NOOP("cw::Checks", "in use: %1 (is a previous job still running?)");
constexpr char kHcclFree[] = QT_TRANSLATE_NOOP("cw::Checks", "%1 free");
constexpr char kReservedUnread[] = QT_TRANSLATE_NOOP(
    "cw::Checks", "cannot tell whether %1 is reserved: /proc/sys/net/ipv4 not read (%2)");
constexpr char kReservedNone[] = QT_TRANSLATE_NOOP("cw::Checks", "none");
constexpr char kReservedOutside[] =
    QT_TRANSLATE_NOOP("cw::Checks", "%1 is outside the ephemeral range %2");
constexpr char kReservedOk[] =
    QT_TRANSLATE_NOOP("cw::Checks", "%1 reserved (ip_local_reserved_ports: %2)");
constexpr char kReservedOpen[] = QT_TRANSLATE_NOOP(
    "cw::Checks", "%1 of the HCCL ports are inside the ephemeral range %2 and not reserved "
                  "(ip_local_reserved_ports: %3): a connection can take one before HCCL listens "
                  "there; reserve them (sysctl -w net.ipv4.ip_local_reserved_ports=...)");
constexpr char kReachFailed[] = QT_TRANSLATE_NOOP("cw::Checks", "cannot connect to %1: %2");
TrText text(const char *source)
{
    return TrText("cw::Checks", source);
}

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
    return result(
        name, c, CheckStatus::Warning,
        trText("cw::Checks", "not tested: %1")
            .arg(c.probes.peerProbeProblem.isEmpty()
                     ? trText("cw::Checks", "no answer from %1").arg(peerHubName(c.project))
                     : TrText::verbatim(c.probes.peerProbeProblem)));
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
                      trText("cw::Checks", "%1: host key %2 known, logged in (%3)")
                          .arg(connection.endpoint, connection.hostKey.fingerprint,
                               sshAuthMethodName(connection.authMethod)));
    const bool unreachable = connection.error.kind == SshError::Kind::Unreachable ||
                             connection.error.kind == SshError::Kind::Timeout;
    return result(name, c, CheckStatus::Failed,
                  unreachable
                      ? trText("cw::Checks", "unreachable: %1").arg(connection.error.message)
                      : TrText::verbatim(connection.error.message));
}

CheckResult checkFirewallPorts(const CheckContext &c)
{
    const FirewallFacts &firewall = c.facts.firewall;
    const QString name = id(check::kFirewallPorts);
    if (firewall.kind == FirewallKind::None)
        return result(name, c, CheckStatus::Ok,
                      trText("cw::Checks", "no firewall filters incoming connections"));
    // Rules that could not be read (not root, a cut-short listing) may drop any port.
    const QStringList unreadable = unreadableFirewalls(firewall);
    if (firewall.kind == FirewallKind::Unknown)
        return fixable(name, c, CheckStatus::Warning,
                       trText("cw::Checks", "cannot read the firewall rules: %1")
                           .arg(joinReasons(unreadable, 2)));
    std::vector<TrText> blocked;
    std::vector<TrText> unknown;
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
        const bool oneSpan = port.span.first == port.span.last;
        if (refused->decision.verdict == PortVerdict::Blocked && oneSpan)
            blocked.push_back(trText("cw::Checks", "blocks %1%2").arg(what, rule));
        else if (refused->decision.verdict == PortVerdict::Blocked)
            blocked.push_back(
                trText("cw::Checks", "blocks %1 at %2%3").arg(what).arg(refused->port).arg(rule));
        else
            unknown.push_back(trText("cw::Checks", "cannot tell for %1%2").arg(what, rule));
    }
    const QString layer = firewallKindName(firewall.kind);
    if (!blocked.empty())
        return fixable(name, c, CheckStatus::Failed,
                       trText("cw::Checks", "%1 %2").arg(layer).arg(joinReasons(blocked, 2)));
    if (!unknown.empty())
        return fixable(name, c, CheckStatus::Warning,
                       trText("cw::Checks", "%1: %2").arg(layer).arg(joinReasons(unknown, 2)));
    const TrText lets = trText("cw::Checks", "%1 lets in %2").arg(layer, allowed.join(u", "_s));
    if (!unreadable.isEmpty())
        return result(
            name, c, CheckStatus::Warning,
            trText("cw::Checks", "%1; cannot read %2").arg(lets).arg(joinReasons(unreadable, 2)));
    return result(name, c, CheckStatus::Ok, lets);
}

// Why who listens where is unknown (ss missing or failed), or "" when `ss -tulnp` answered.
TrText portOwnersUnknown(const CheckContext &c)
{
    const ProbeSection *ss = c.facts.section(QLatin1StringView(probe::kPortOwners));
    if (ss && ss->rc == 0)
        return {};
    if (!ss || ss->rc == 127)
        return text(kSsNotFound);
    return text(kSsFailed).arg(firstLineOf(ss->output));
}

CheckResult checkMasterPortFree(const CheckContext &c)
{
    const QString name = id(check::kMasterPortFree);
    if (const TrText unknown = portOwnersUnknown(c); !unknown.isEmpty())
        return result(name, c, CheckStatus::Warning,
                      text(kMasterPortUnknown)
                          .arg(QString::number(c.project.launch.masterPort))
                          .arg(unknown));
    std::vector<TrText> used;
    std::vector<TrText> free;
    for (const RequiredPort &port : c.ports()) {
        const ListeningPort *owner = c.facts.listenerOn(port.span.first);
        if (!owner) {
            free.push_back(text(kPortFree).arg(port.span.first));
            continue;
        }
        used.push_back(
            owner->processes.isEmpty()
                ? text(kPortInUse).arg(port.span.first)
                : text(kPortInUseBy).arg(port.span.first).arg(owner->processes.join(u", "_s)));
    }
    if (!used.empty())
        return inWizardWords(
            result(name, c, CheckStatus::Failed, text(kMasterPortUsed).arg(joinReasons(used))),
            text(kMasterPortUsedWizard).arg(joinReasons(used)));
    return result(name, c, CheckStatus::Ok, joinReasons(free));
}

// An earlier job's ranks may still hold ports HCCL hands out: worth a warning, since HCCL may
// pick other ports of the range.
CheckResult checkHcclPortsFree(const CheckContext &c)
{
    const QString name = id(check::kHcclPortsFree);
    if (const TrText unknown = portOwnersUnknown(c); !unknown.isEmpty())
        return result(name, c, CheckStatus::Warning,
                      text(kHcclFreeUnknown)
                          .arg(QString::number(c.project.launch.hcclPorts.first),
                               QString::number(c.project.launch.hcclPorts.last))
                          .arg(unknown));
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
            const QString holder = QString::number(owner.port) + who;
            if (!used.contains(holder))
                used.append(holder);
        }
    }
    if (!used.isEmpty())
        return result(name, c, CheckStatus::Warning, text(kHcclInUse).arg(joinReasons(used)));
    return result(name, c, CheckStatus::Ok, text(kHcclFree).arg(spans.join(u", "_s)));
}

CheckResult checkHcclPortsReserved(const CheckContext &c)
{
    const QString name = id(check::kHcclPortsReserved);
    const ReservedPortsFacts &kernel = c.facts.reservedPorts;
    const PortSpan hccl{c.project.launch.hcclPorts.first, c.project.launch.hcclPorts.last};
    if (!kernel.read)
        return result(name, c, CheckStatus::Warning,
                      text(kReservedUnread).arg(portSpanText(hccl), kernel.error));
    const std::vector<PortSpan> open = unreservedPorts(hccl, kernel);
    QStringList reserved;
    for (const PortSpan &span : kernel.reserved)
        reserved << portSpanText(span);
    const TrText list =
        reserved.isEmpty() ? text(kReservedNone) : TrText::verbatim(reserved.join(u","_s));
    if (open.empty())
        return result(
            name, c, CheckStatus::Ok,
            hccl.last < kernel.ephemeral.first || hccl.first > kernel.ephemeral.last
                ? text(kReservedOutside).arg(portSpanText(hccl), portSpanText(kernel.ephemeral))
                : text(kReservedOk).arg(portSpanText(hccl)).arg(list));
    QStringList missing;
    for (const PortSpan &span : open)
        missing << portSpanText(span);
    return fixable(
        name, c, CheckStatus::Failed,
        text(kReservedOpen).arg(missing.join(u","_s), portSpanText(kernel.ephemeral)).arg(list));
}

CheckResult checkMasterPortReach(const CheckContext &c)
{
    const QString name = id(check::kMasterPortReach);
    const auto found = c.probes.reach.find(c.index);
    if (!c.probes.portProbeRan || found == c.probes.reach.end())
        return result(name, c, CheckStatus::Warning,
                      trText("cw::Checks", "not tested: %1")
                          .arg(c.probes.portProbeProblem.isEmpty()
                                   ? trText("cw::Checks", "no answer")
                                   : TrText::verbatim(c.probes.portProbeProblem)));
    const PortReach &reach = found->second;
    const QString target = masterAddress(c.project);
    switch (reach.outcome) {
    case PortReach::Outcome::Connected:
        return result(name, c, CheckStatus::Ok, text(kReachConnected).arg(target));
    case PortReach::Outcome::TimedOut:
        return fixable(name, c, CheckStatus::Failed,
                       text(kReachNoAnswer).arg(target).arg(kPortConnectTimeoutSeconds));
    case PortReach::Outcome::Refused:
        return fixable(name, c, CheckStatus::Failed,
                       trText("cw::Checks", "%1 refused the connection while a listener was "
                                            "up: a firewall rejects it")
                           .arg(target));
    case PortReach::Outcome::Failed:
        break;
    }
    return result(name, c, CheckStatus::Failed, text(kReachFailed).arg(target, reach.detail));
}

CheckResult checkPeerLogin(const CheckContext &c)
{
    const QString name = id(check::kPeerLogin);
    const PeerTrust *found = peerOf(c);
    if (!found || found->login == PeerTrust::Login::NotTried)
        return peerNotTested(name, c);
    const PeerTrust &peer = *found;
    const QString account = c.server.user + u'@' + c.server.effectiveHostIp();
    const TrText hub = peerHubName(c.project);
    switch (peer.login) {
    case PeerTrust::Login::Ok:
        return result(name, c, CheckStatus::Ok,
                      trText("cw::Checks", "%1 logs in to %2 with a key").arg(hub, account));
    case PeerTrust::Login::Denied:
        return fixable(name, c, CheckStatus::Failed,
                       trText("cw::Checks", "%1 cannot log in to %2 without a password: %3")
                           .arg(hub, account, peer.loginDetail));
    case PeerTrust::Login::Unreachable:
        return result(
            name, c, CheckStatus::Failed,
            trText("cw::Checks", "%1 cannot reach %2: %3").arg(hub, account, peer.loginDetail));
    default:
        return result(name, c, CheckStatus::Failed,
                      trText("cw::Checks", "ssh from %1 to %2 failed: %3")
                          .arg(hub, account, peer.loginDetail));
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
    const TrText hub = peerHubName(c.project);
    switch (peer.known) {
    case PeerTrust::Known::Matches:
        return result(name, c, CheckStatus::Ok,
                      trText("cw::Checks", "the known_hosts of %1 holds %2's key (%3)")
                          .arg(hub, entry, peer.knownDetail));
    case PeerTrust::Known::Missing:
        return fixable(
            name, c, CheckStatus::Failed,
            trText("cw::Checks", "%1: no entry in the known_hosts of %2").arg(entry, hub));
    case PeerTrust::Known::OtherType:
        return fixable(
            name, c, CheckStatus::Warning,
            trText("cw::Checks", "%1: the known_hosts of %2 holds keys of other types only")
                .arg(entry, hub));
    default:
        // Never replaced automatically: a changed key may be an attack. The user decides.
        return result(name, c, CheckStatus::Failed,
                      trText("cw::Checks", "%1: the known_hosts of %2 holds another %3 key than "
                                           "this client verified; check it, then remove it on %2 "
                                           "with ssh-keygen -R %1")
                          .arg(entry, hub, peer.knownDetail));
    }
}

std::vector<ScriptConstant> networkScriptConstants()
{
    return {
        {"PORT_CONNECT_TIMEOUT_S", QString::number(kPortConnectTimeoutSeconds)},
        {"TEXT_REACH_CONNECTED", QString::fromUtf8(kReachConnected)},
        {"TEXT_REACH_NO_ANSWER", QString::fromUtf8(kReachNoAnswer)},
        {"TEXT_SS_NOT_FOUND", QString::fromUtf8(kSsNotFound)},
        {"TEXT_SS_FAILED", QString::fromUtf8(kSsFailed)},
        {"TEXT_MASTER_PORT_UNKNOWN", QString::fromUtf8(kMasterPortUnknown)},
        {"TEXT_PORT_FREE", QString::fromUtf8(kPortFree)},
        {"TEXT_PORT_IN_USE", QString::fromUtf8(kPortInUse)},
        {"TEXT_PORT_IN_USE_BY", QString::fromUtf8(kPortInUseBy)},
        {"TEXT_MASTER_PORT_USED", QString::fromUtf8(kMasterPortUsed)},
        {"TEXT_HCCL_FREE_UNKNOWN", QString::fromUtf8(kHcclFreeUnknown)},
        {"TEXT_HCCL_IN_USE", QString::fromUtf8(kHcclInUse)},
        {"TEXT_HCCL_FREE", QString::fromUtf8(kHcclFree)},
        {"TEXT_RESERVED_UNREAD", QString::fromUtf8(kReservedUnread)},
        {"TEXT_RESERVED_NONE", QString::fromUtf8(kReservedNone)},
        {"TEXT_RESERVED_OUTSIDE", QString::fromUtf8(kReservedOutside)},
        {"TEXT_RESERVED_OK", QString::fromUtf8(kReservedOk)},
        {"TEXT_RESERVED_OPEN", QString::fromUtf8(kReservedOpen)},
        {"TEXT_REACH_FAILED", QString::fromUtf8(kReachFailed)},
    };
}

} // namespace cw::checks
