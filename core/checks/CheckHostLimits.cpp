#include "checks/CheckHostLimits.h"

#include "checks/CheckServer.h"
#include "discover/FactCommands.h"

#include <cstdlib>

using namespace Qt::StringLiterals;

namespace cw::checks {

CheckResult checkShmSize(const CheckContext &c)
{
    const QString name = id(check::kShmSize);
    const HostLimitFacts &limits = c.facts.limits;
    if (const auto silent = unanswered(c.facts, probe::kShm))
        return result(name, c, CheckStatus::Warning,
                      trText("cw::Checks", "df /dev/shm %1").arg(*silent));
    if (!limits.shmKib)
        return result(
            name, c, CheckStatus::Warning,
            trText("cw::Checks", "cannot tell the size of /dev/shm: %1").arg(limits.shmError));
    const qint64 mib = *limits.shmKib / 1024;
    if (*limits.shmKib < kShmWantedKib)
        return result(
            name, c, CheckStatus::Warning,
            trText("cw::Checks",
                   "/dev/shm is %1 MiB, under 1 GiB: DataLoader workers and NCCL/gloo between "
                   "processes of one server run out of it (\"No space left on device\", bus "
                   "error); give it more (a container: --shm-size=16g; a host: mount -o "
                   "remount,size=16G /dev/shm)")
                .arg(mib));
    return result(name, c, CheckStatus::Ok, trText("cw::Checks", "/dev/shm is %1 MiB").arg(mib));
}

CheckResult checkMemlock(const CheckContext &c)
{
    const QString name = id(check::kMemlock);
    const HostLimitFacts &limits = c.facts.limits;
    if (const auto silent = unanswered(c.facts, probe::kMemlock))
        return result(name, c, CheckStatus::Warning,
                      trText("cw::Checks", "ulimit -l %1").arg(*silent));
    if (limits.memlock.isEmpty())
        return result(name, c, CheckStatus::Warning,
                      trText("cw::Checks", "cannot tell the locked-memory limit: %1")
                          .arg(limits.memlockError));
    if (limits.memlock == u"unlimited"_s)
        return result(name, c, CheckStatus::Ok, TrText::verbatim(u"ulimit -l unlimited"_s));
    return result(
        name, c, CheckStatus::Warning,
        trText("cw::Checks",
               "ulimit -l is %1 KiB in a non-interactive login: RDMA (NCCL over InfiniBand or "
               "RoCE, HCCL) pins memory and fails or falls back with a small limit; set "
               "\"* - memlock unlimited\" in /etc/security/limits.conf (sshd with UsePAM "
               "yes)")
            .arg(limits.memlock));
}

CheckResult checkMasterResolves(const CheckContext &c)
{
    const QString name = id(check::kMasterResolves);
    const HostLimitFacts &limits = c.facts.limits;
    const TrText host = c.facts.hostname.isEmpty() ? trText("cw::Checks", "the hostname")
                                                   : TrText::verbatim(c.facts.hostname);
    if (const auto silent = unanswered(c.facts, probe::kHostResolves))
        return result(name, c, CheckStatus::Warning,
                      trText("cw::Checks", "getent %1").arg(*silent));
    if (limits.resolveStatus == 2)
        return result(
            name, c, CheckStatus::Warning,
            trText("cw::Checks",
                   "%1 does not resolve on the master: a job that looks it up fails; map it to "
                   "host_ip %2 in /etc/hosts")
                .arg(host, c.server.effectiveHostIp()));
    if (limits.resolvedAddress.isEmpty())
        return result(name, c, CheckStatus::Warning,
                      trText("cw::Checks", "cannot tell what %1 resolves to: %2")
                          .arg(host, limits.resolveError));
    if (!limits.resolvedAddress.startsWith(u"127."_s))
        return result(name, c, CheckStatus::Ok,
                      trText("cw::Checks", "%1 resolves to %2").arg(host, limits.resolvedAddress));
    // torchrun's rendezvous advertises the master by its hostname (pytorch/pytorch#85300).
    const bool torchrun = c.project.launch.mode == LaunchMode::Launch;
    return result(
        name, c, torchrun ? CheckStatus::Failed : CheckStatus::Warning,
        trText("cw::Checks",
               "%1 resolves to %2 on the master: the other servers are told that address "
               "and cannot reach it (torchrun, pytorch/pytorch#85300); map %1 to host_ip %3 "
               "in /etc/hosts")
            .arg(host, limits.resolvedAddress, c.server.effectiveHostIp()));
}

CheckResult checkClockSkew(const CheckContext &c)
{
    const QString name = id(check::kClockSkew);
    const HostLimitFacts &own = c.facts.limits;
    if (!own.clock)
        return result(name, c, CheckStatus::Warning,
                      trText("cw::Checks", "the master's clock was not read"));
    const double ownOffset = *own.clock - own.clockAskedAt;
    std::vector<TrText> off;
    QStringList unread;
    int compared = 0;
    for (const int index : c.project.launchOrder()) {
        if (index == c.index)
            continue;
        const QString server = c.project.servers[size_t(index)].name;
        const ServerFacts *other = c.allFacts[size_t(index)];
        if (!other || !other->limits.clock) {
            unread << server;
            continue;
        }
        ++compared;
        // Each clock against the moment it was asked for, so the two compare (the login time
        // in between, well under a second, is the error).
        const double skew = (*other->limits.clock - other->limits.clockAskedAt) - ownOffset;
        const long long ms = static_cast<long long>(skew * 1000);
        if (std::llabs(ms) > kClockSkewLimitMs)
            off.push_back((ms > 0 ? trText("cw::Checks", "%1 %2 ms ahead")
                                  : trText("cw::Checks", "%1 %2 ms behind"))
                              .arg(server)
                              .arg(std::llabs(ms)));
    }
    if (!off.empty())
        return result(name, c, CheckStatus::Warning,
                      trText("cw::Checks",
                             "more than 1 s from the master's clock: %1 (log times and diagnose's "
                             "timeline disagree; run chrony or NTP on every server)")
                          .arg(joinTrTexts(off)));
    if (!unread.isEmpty())
        return result(
            name, c, CheckStatus::Warning,
            trText("cw::Checks", "within 1 s of the master's clock: %1 servers; not compared: %2")
                .arg(compared)
                .arg(unread.join(u", "_s)));
    return result(
        name, c, CheckStatus::Ok,
        trText("cw::Checks", "within 1 s of the master's clock: %1 servers").arg(compared));
}

} // namespace cw::checks
