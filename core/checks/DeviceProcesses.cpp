// SPDX-License-Identifier: GPL-3.0-or-later
#include "checks/DeviceProcesses.h"

#include "discover/ServerFacts.h"

#include <algorithm>

using namespace Qt::StringLiterals;

namespace cw::checks {

CheckResult checkDeviceProcesses(const CheckContext &c)
{
    const QString name = id(check::kDeviceProcesses);
    std::vector<TrText> held;
    QStringList pids;
    for (const DeviceHolder &holder : c.facts.deviceHolders) {
        const auto &devices = c.server.devices;
        if (std::find(devices.begin(), devices.end(), holder.device) == devices.end())
            continue; // a device the job does not use
        held.push_back(trText("cw::Checks", "device %1 held by pid %2 (%3)")
                           .arg(holder.device)
                           .arg(holder.pid)
                           .arg(holder.name.isEmpty() ? u"?"_s : holder.name));
        if (!pids.contains(QString::number(holder.pid)))
            pids.append(QString::number(holder.pid));
    }
    if (!held.empty())
        return result(name, c, CheckStatus::Failed,
                      trText("cw::Checks", "%1: stop what an earlier job left running (kill %2) "
                                           "once it is finished, then check again")
                          .arg(joinReasons(held, 4))
                          .arg(pids.join(u' ')));
    return result(name, c, CheckStatus::Ok,
                  trText("cw::Checks", "no process holds the %1 planned devices")
                      .arg(c.server.devices.size()));
}

} // namespace cw::checks
