// SPDX-License-Identifier: GPL-3.0-or-later
#include "checks/DeviceProcesses.h"

#include "discover/ServerFacts.h"

#include <algorithm>

using namespace Qt::StringLiterals;

namespace cw::checks {

namespace {

// The texts check.sh prints too (deviceProcessScriptConstants()).
constexpr int kHeldShown = 4;
constexpr char kHeldBy[] = QT_TRANSLATE_NOOP("cw::Checks", "device %1 held by pid %2 (%3)");
constexpr char kHeldStop[] = QT_TRANSLATE_NOOP(
    "cw::Checks",
    "%1: stop what an earlier job left running (kill %2) once it is finished, then check again");
constexpr char kNoneHeld[] =
    QT_TRANSLATE_NOOP("cw::Checks", "no process holds the %1 planned devices");
TrText text(const char *source)
{
    return TrText("cw::Checks", source);
}

} // namespace

std::vector<ScriptConstant> deviceProcessScriptConstants()
{
    return {
        {"HELD_SHOWN", QString::number(kHeldShown)},
        {"TEXT_HELD_BY", QString::fromUtf8(kHeldBy)},
        {"TEXT_HELD_STOP", QString::fromUtf8(kHeldStop)},
        {"TEXT_NONE_HELD", QString::fromUtf8(kNoneHeld)},
    };
}

CheckResult checkDeviceProcesses(const CheckContext &c)
{
    const QString name = id(check::kDeviceProcesses);
    std::vector<TrText> held;
    QStringList pids;
    for (const DeviceHolder &holder : c.facts.deviceHolders) {
        const auto &devices = c.server.devices;
        if (std::find(devices.begin(), devices.end(), holder.device) == devices.end())
            continue; // a device the job does not use
        held.push_back(text(kHeldBy)
                           .arg(holder.device)
                           .arg(holder.pid)
                           .arg(holder.name.isEmpty() ? u"?"_s : holder.name));
        if (!pids.contains(QString::number(holder.pid)))
            pids.append(QString::number(holder.pid));
    }
    if (!held.empty())
        return result(name, c, CheckStatus::Failed,
                      text(kHeldStop).arg(joinReasons(held, kHeldShown)).arg(pids.join(u' ')));
    return result(name, c, CheckStatus::Ok, text(kNoneHeld).arg(c.server.devices.size()));
}

} // namespace cw::checks
