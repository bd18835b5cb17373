// set-device-ips: `hccn_tool -i N -ip -s address A netmask M` for every device whose address or
// netmask differs from the plan, each undone by setting the address it had before. In a routed
// device network also `-gateway -s gateway G` and `-netdetect -s address D` after the address,
// compared with and undone to the gateway_N / netdetect_N that /etc/hccn.conf held (Huawei does
// not document the output of `-gateway -g` / `-netdetect -g`, so the file is what is read).
#include "fix/FixPlanner.h"

#include "net/Ipv4.h"
#include "plan/HccnCommands.h"
#include "rules/DeviceRoutes.h"
#include "shell/ShellQuote.h"

using namespace Qt::StringLiterals;

namespace cw {
namespace {

// Reads the two lines of /etc/hccn.conf that the route steps replace, for the undo journal.
QString routeSnapshot(int device)
{
    return shellJoin({u"grep"_s, u"-E"_s,
                      u"^[[:space:]]*(gateway|netdetect)_%1[[:space:]]*="_s.arg(device),
                      QString::fromLatin1(kHccnConfPath)});
}

// The gateway and detect-IP steps of one device, when they differ from what hccn.conf holds.
void addRouteSteps(FixPlan &plan, int serverIndex, int device, const DeviceRoute &route,
                   const HccnConfEntry *conf, bool addressChanges)
{
    struct Part {
        const char *name;
        QString wanted;
        QString now;
        QStringList (*command)(int, const QString &);
    };
    const Part parts[] = {
        {"gateway", route.gateway, conf ? conf->gateway : QString(), &hccnSetGatewayCommand},
        {"detect IP", route.detectIp, conf ? conf->netdetect : QString(), &hccnNetdetectCommand}};
    for (const Part &part : parts) {
        if (part.wanted.isEmpty() || (part.wanted == part.now && !addressChanges))
            continue;
        RemoteStep step;
        step.serverIndex = serverIndex;
        step.snapshotCommand = routeSnapshot(device);
        step.command = shellJoin(part.command(device, part.wanted));
        if (Ipv4::parse(part.now)) {
            step.undoCommand = shellJoin(part.command(device, part.now));
            step.description = u"device %1: %2 %3 -> %4"_s.arg(device).arg(
                QLatin1StringView(part.name), part.now, part.wanted);
        } else {
            step.description =
                u"device %1: %2 (none) -> %3 (nothing to restore on undo)"_s.arg(device).arg(
                    QLatin1StringView(part.name), part.wanted);
        }
        plan.steps.push_back(step);
    }
}

} // namespace

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
            const bool addressOk =
                actual && actual->address == planned && actual->netmask == netmask;
            const DeviceRoute route = deviceRoute(project.deviceNetwork, planned);
            const HccnConfEntry *conf = found.facts->hccnConf.device(device);
            if (addressOk) {
                addRouteSteps(plan, int(i), device, route, conf, false);
                continue;
            }
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
            addRouteSteps(plan, int(i), device, route, conf, true);
        }
    }
    if (plan.steps.empty()) {
        if (!unplanned.isEmpty())
            plan.refusal = u"no device IP plan for %1: run clusterwiz-cli plan first"_s.arg(
                unplanned.join(u", "_s));
        else
            plan.nothingToDo = isRouted(project.deviceNetwork)
                                   ? u"every device already has its planned address, gateway "
                                     "and detect IP"_s
                                   : u"every device already has its planned address"_s;
    }
    return plan;
}

} // namespace cw
