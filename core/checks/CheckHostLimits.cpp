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
        return result(name, c, CheckStatus::Warning, u"df /dev/shm "_s + *silent);
    if (!limits.shmKib)
        return result(name, c, CheckStatus::Warning,
                      u"cannot tell the size of /dev/shm: "_s + limits.shmError);
    const qint64 mib = *limits.shmKib / 1024;
    if (*limits.shmKib < kShmWantedKib)
        return result(name, c, CheckStatus::Warning,
                      u"/dev/shm is %1 MiB, under 1 GiB: DataLoader workers and NCCL/gloo between "
                      u"processes of one server run out of it (\"No space left on device\", bus "
                      u"error); give it more (a container: --shm-size=16g; a host: mount -o "
                      u"remount,size=16G /dev/shm)"_s.arg(mib));
    return result(name, c, CheckStatus::Ok, u"/dev/shm is %1 MiB"_s.arg(mib));
}

CheckResult checkMemlock(const CheckContext &c)
{
    const QString name = id(check::kMemlock);
    const HostLimitFacts &limits = c.facts.limits;
    if (const auto silent = unanswered(c.facts, probe::kMemlock))
        return result(name, c, CheckStatus::Warning, u"ulimit -l "_s + *silent);
    if (limits.memlock.isEmpty())
        return result(name, c, CheckStatus::Warning,
                      u"cannot tell the locked-memory limit: "_s + limits.memlockError);
    if (limits.memlock == u"unlimited"_s)
        return result(name, c, CheckStatus::Ok, u"ulimit -l unlimited"_s);
    return result(name, c, CheckStatus::Warning,
                  u"ulimit -l is %1 KiB in a non-interactive login: RDMA (NCCL over InfiniBand or "
                  u"RoCE, HCCL) pins memory and fails or falls back with a small limit; set "
                  u"\"* - memlock unlimited\" in /etc/security/limits.conf (sshd with UsePAM "
                  u"yes)"_s.arg(limits.memlock));
}

CheckResult checkMasterResolves(const CheckContext &c)
{
    const QString name = id(check::kMasterResolves);
    const HostLimitFacts &limits = c.facts.limits;
    const QString host = c.facts.hostname.isEmpty() ? u"the hostname"_s : c.facts.hostname;
    if (const auto silent = unanswered(c.facts, probe::kHostResolves))
        return result(name, c, CheckStatus::Warning, u"getent "_s + *silent);
    if (limits.resolveStatus == 2)
        return result(name, c, CheckStatus::Warning,
                      u"%1 does not resolve on the master: a job that looks it up fails; map it to "
                      u"host_ip %2 in /etc/hosts"_s.arg(host, c.server.effectiveHostIp()));
    if (limits.resolvedAddress.isEmpty())
        return result(name, c, CheckStatus::Warning,
                      u"cannot tell what %1 resolves to: %2"_s.arg(host, limits.resolveError));
    if (!limits.resolvedAddress.startsWith(u"127."_s))
        return result(name, c, CheckStatus::Ok,
                      u"%1 resolves to %2"_s.arg(host, limits.resolvedAddress));
    // torchrun's rendezvous advertises the master by its hostname (pytorch/pytorch#85300).
    const bool torchrun = c.project.launch.mode == LaunchMode::Launch;
    return result(name, c, torchrun ? CheckStatus::Failed : CheckStatus::Warning,
                  u"%1 resolves to %2 on the master: the other servers are told that address "
                  u"and cannot reach it (torchrun, pytorch/pytorch#85300); map %1 to host_ip %3 "
                  u"in /etc/hosts"_s.arg(host, limits.resolvedAddress, c.server.effectiveHostIp()));
}

CheckResult checkClockSkew(const CheckContext &c)
{
    const QString name = id(check::kClockSkew);
    const HostLimitFacts &own = c.facts.limits;
    if (!own.clock)
        return result(name, c, CheckStatus::Warning, u"the master's clock was not read"_s);
    const double ownOffset = *own.clock - own.clockAskedAt;
    QStringList off;
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
            off << u"%1 %2 ms %3"_s.arg(server)
                       .arg(std::llabs(ms))
                       .arg(ms > 0 ? u"ahead"_s : u"behind"_s);
    }
    if (!off.isEmpty())
        return result(
            name, c, CheckStatus::Warning,
            u"more than 1 s from the master's clock: %1 (log times and diagnose's "
            u"timeline disagree; run chrony or NTP on every server)"_s.arg(off.join(u", "_s)));
    if (!unread.isEmpty())
        return result(
            name, c, CheckStatus::Warning,
            u"within 1 s of the master's clock: %1 servers; not compared: %2"_s.arg(compared).arg(
                unread.join(u", "_s)));
    return result(name, c, CheckStatus::Ok,
                  u"within 1 s of the master's clock: %1 servers"_s.arg(compared));
}

} // namespace cw::checks
