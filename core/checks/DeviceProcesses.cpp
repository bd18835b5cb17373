#include "checks/DeviceProcesses.h"

#include "discover/ServerFacts.h"

#include <algorithm>

using namespace Qt::StringLiterals;

namespace cw::checks {

CheckResult checkDeviceProcesses(const CheckContext &c)
{
    const QString name = id(check::kDeviceProcesses);
    QStringList held;
    QStringList pids;
    for (const DeviceHolder &holder : c.facts.deviceHolders) {
        const auto &devices = c.server.devices;
        if (std::find(devices.begin(), devices.end(), holder.device) == devices.end())
            continue; // a device the job does not use
        held.append(u"device %1 held by pid %2 (%3)"_s.arg(holder.device)
                        .arg(holder.pid)
                        .arg(holder.name.isEmpty() ? u"?"_s : holder.name));
        if (!pids.contains(QString::number(holder.pid)))
            pids.append(QString::number(holder.pid));
    }
    if (!held.isEmpty())
        return result(name, c, CheckStatus::Failed,
                      joinReasons(held, 4) +
                          u": stop what an earlier job left running (kill %1) once it is "
                          u"finished, then check again"_s.arg(pids.join(u' ')));
    return result(name, c, CheckStatus::Ok,
                  u"no process holds the %1 planned devices"_s.arg(c.server.devices.size()));
}

} // namespace cw::checks
