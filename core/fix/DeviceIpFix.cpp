// set-device-ips: `hccn_tool -i N -ip -s address A netmask M` for every device whose address or
// netmask differs from the plan, each undone by setting the address it had before.
#include "fix/FixPlanner.h"

#include "plan/HccnCommands.h"
#include "shell/ShellQuote.h"

using namespace Qt::StringLiterals;

namespace cw {

FixPlan planSetDeviceIps(const Project &project, const CheckRun &run)
{
    FixPlan plan;
    plan.id = QLatin1StringView(fix::kSetDeviceIps);
    plan.title = u"Set the planned device IPs with hccn_tool"_s;
    if (!isAscend(project.accelerator)) {
        plan.refusal = u"only ascend910 projects have device IPs"_s;
        return plan;
    }
    const QString netmask = project.deviceNetwork.netmask;
    if (netmask.isEmpty()) {
        plan.refusal = u"device_network.netmask is not set: run clusterwiz-cli plan first"_s;
        return plan;
    }
    QStringList unplanned;
    for (size_t i = 0; i < run.discovery.size() && i < project.servers.size(); ++i) {
        const ServerDiscovery &found = run.discovery[i];
        if (!found.ok())
            continue;
        const Server &server = project.servers[i];
        if (server.deviceIps.size() != qsizetype(server.devices.size())) {
            unplanned.append(server.name);
            continue;
        }
        for (size_t k = 0; k < server.devices.size(); ++k) {
            const int device = server.devices[k];
            const QString planned = server.deviceIps.at(qsizetype(k));
            const AscendDeviceFacts *actual = found.facts->ascendDevice(device);
            if (actual && actual->address == planned && actual->netmask == netmask)
                continue;
            RemoteStep step;
            step.serverIndex = int(i);
            step.snapshotCommand = shellJoin(hccnGetIpCommand(device));
            step.command = shellJoin(hccnSetIpCommand(device, planned, netmask));
            if (actual && !actual->address.isEmpty() && !actual->netmask.isEmpty()) {
                step.undoCommand =
                    shellJoin(hccnSetIpCommand(device, actual->address, actual->netmask));
                step.description = u"device %1: %2/%3 -> %4/%5"_s.arg(device).arg(
                    actual->address, actual->netmask, planned, netmask);
            } else {
                step.description =
                    u"device %1: (none) -> %2/%3 (nothing to restore on undo)"_s.arg(device).arg(
                        planned, netmask);
            }
            plan.steps.push_back(step);
        }
    }
    if (plan.steps.empty()) {
        if (!unplanned.isEmpty())
            plan.refusal = u"no device IP plan for %1: run clusterwiz-cli plan first"_s.arg(
                unplanned.join(u", "_s));
        else
            plan.nothingToDo = u"every device already has its planned address"_s;
    }
    return plan;
}

} // namespace cw
