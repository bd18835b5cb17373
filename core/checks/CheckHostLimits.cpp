// SPDX-License-Identifier: GPL-3.0-or-later
#include "checks/CheckHostLimits.h"

#include "checks/CheckServer.h"
#include "discover/FactCommands.h"

#include <cstdlib>

using namespace Qt::StringLiterals;

namespace cw::checks {

namespace {

// The texts check.sh prints too (hostLimitScriptConstants()).
constexpr char kResolveSilent[] = QT_TRANSLATE_NOOP("cw::Checks", "getent %1");
constexpr char kResolveNone[] =
    QT_TRANSLATE_NOOP("cw::Checks", "%1 does not resolve on the master: a job that looks it up "
                                    "fails; map it to host_ip %2 in /etc/hosts");
constexpr char kResolveNoneWizard[] =
    QT_TRANSLATE_NOOP("cw::Checks", "%1 does not resolve on the master: a job that looks it up "
                                    "fails; map it to its Host IP %2 (Servers page) in /etc/hosts");
constexpr char kResolveUnknown[] =
    QT_TRANSLATE_NOOP("cw::Checks", "cannot tell what %1 resolves to: %2");
constexpr char kResolveOk[] = QT_TRANSLATE_NOOP("cw::Checks", "%1 resolves to %2");
constexpr char kResolveLoopback[] = QT_TRANSLATE_NOOP(
    "cw::Checks", "%1 resolves to %2 on the master: the other servers are told that address "
                  "and cannot reach it (torchrun, pytorch/pytorch#85300); map %1 to host_ip %3 "
                  "in /etc/hosts");
constexpr char kSomeHostname[] = QT_TRANSLATE_NOOP("cw::Checks", "the hostname");
constexpr char kClockUnread[] = QT_TRANSLATE_NOOP("cw::Checks", "the master's clock was not read");
constexpr char kClockAhead[] = QT_TRANSLATE_NOOP("cw::Checks", "%1 %2 ms ahead");
constexpr char kClockBehind[] = QT_TRANSLATE_NOOP("cw::Checks", "%1 %2 ms behind");
constexpr char kClockOff[] = QT_TRANSLATE_NOOP(
    "cw::Checks", "more than 1 s from the master's clock: %1 (log times and diagnose's timeline "
                  "disagree; run chrony or NTP on every server)");
constexpr char kClockNotCompared[] = QT_TRANSLATE_NOOP(
    "cw::Checks", "within 1 s of the master's clock: %1 servers; not compared: %2");
constexpr char kClockOk[] =
    QT_TRANSLATE_NOOP("cw::Checks", "within 1 s of the master's clock: %1 servers");

// One of those texts, to translate (lupdate finds them by QT_TRANSLATE_NOOP).
TrText text(const char *source)
{
    return TrText("cw::Checks", source);
}

} // namespace

std::vector<ScriptConstant> hostLimitScriptConstants()
{
    const auto utf8 = [](const char *source) { return QString::fromUtf8(source); };
    return {
        {"CLOCK_SKEW_LIMIT_MS", QString::number(kClockSkewLimitMs)},
        {"TEXT_SOME_HOSTNAME", utf8(kSomeHostname)},
        {"TEXT_RESOLVE_SILENT", utf8(kResolveSilent)},
        {"TEXT_RESOLVE_NONE", utf8(kResolveNone)},
        {"TEXT_RESOLVE_UNKNOWN", utf8(kResolveUnknown)},
        {"TEXT_RESOLVE_OK", utf8(kResolveOk)},
        {"TEXT_RESOLVE_LOOPBACK", utf8(kResolveLoopback)},
        {"TEXT_CLOCK_UNREAD", utf8(kClockUnread)},
        {"TEXT_CLOCK_AHEAD", utf8(kClockAhead)},
        {"TEXT_CLOCK_BEHIND", utf8(kClockBehind)},
        {"TEXT_CLOCK_OFF", utf8(kClockOff)},
        {"TEXT_CLOCK_NOT_COMPARED", utf8(kClockNotCompared)},
        {"TEXT_CLOCK_OK", utf8(kClockOk)},
    };
}

CheckResult checkMasterResolves(const CheckContext &c)
{
    const QString name = id(check::kMasterResolves);
    const HostLimitFacts &limits = c.facts.limits;
    const TrText host =
        c.facts.hostname.isEmpty() ? text(kSomeHostname) : TrText::verbatim(c.facts.hostname);
    if (const auto silent = unanswered(c.facts, probe::kHostResolves))
        return result(name, c, CheckStatus::Warning, text(kResolveSilent).arg(*silent));
    if (limits.resolveStatus == 2)
        return inWizardWords(result(name, c, CheckStatus::Warning,
                                    text(kResolveNone).arg(host, c.server.effectiveHostIp())),
                             text(kResolveNoneWizard).arg(host, c.server.effectiveHostIp()));
    if (limits.resolvedAddress.isEmpty())
        return result(name, c, CheckStatus::Warning,
                      text(kResolveUnknown).arg(host, limits.resolveError));
    if (!limits.resolvedAddress.startsWith(u"127."_s))
        return result(name, c, CheckStatus::Ok, text(kResolveOk).arg(host, limits.resolvedAddress));
    // torchrun's rendezvous advertises the master by its hostname (pytorch/pytorch#85300).
    const bool torchrun = c.project.launch.mode == LaunchMode::Launch;
    return result(
        name, c, torchrun ? CheckStatus::Failed : CheckStatus::Warning,
        text(kResolveLoopback).arg(host, limits.resolvedAddress, c.server.effectiveHostIp()));
}

CheckResult checkClockSkew(const CheckContext &c)
{
    const QString name = id(check::kClockSkew);
    const HostLimitFacts &own = c.facts.limits;
    if (!own.clock)
        return result(name, c, CheckStatus::Warning, text(kClockUnread));
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
            off.push_back(
                (ms > 0 ? text(kClockAhead) : text(kClockBehind)).arg(server).arg(std::llabs(ms)));
    }
    if (!off.empty())
        return result(name, c, CheckStatus::Warning, text(kClockOff).arg(joinTrTexts(off)));
    if (!unread.isEmpty())
        return result(name, c, CheckStatus::Warning,
                      text(kClockNotCompared).arg(compared).arg(unread.join(u", "_s)));
    return result(name, c, CheckStatus::Ok, text(kClockOk).arg(compared));
}

} // namespace cw::checks
