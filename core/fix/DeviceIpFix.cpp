// SPDX-License-Identifier: GPL-3.0-or-later
// set-device-ips: `hccn_tool -i N -ip -s address A netmask M` for every device whose address or
// netmask differs from the plan, each undone by setting the address it had before. In a routed
// device network also `-gateway -s gateway G` and `-netdetect -s address D` after the address,
// compared with and undone to the gateway_N / netdetect_N that /etc/hccn.conf holds (Huawei does
// not document the output of `-gateway -g` / `-netdetect -g`, so the file is what is read).
#include "fix/FixPlanner.h"
#include "fix/FixTable.h"
#include "fix/FixText.h"

#include "net/Ipv4.h"
#include "plan/HccnCommands.h"
#include "rules/DeviceRoutes.h"
#include "shell/ShellQuote.h"

using namespace Qt::StringLiterals;

namespace cw {
namespace {

// Prints "GATEWAY DETECT" as /etc/hccn.conf (or $CLUSTERWIZ_HCCN_CONF) holds them for the
// device right now, "none" for a missing one: read just before the change, so the undo restores
// what was there then, not what discovery saw earlier. Only the device id is put in the text.
QString readRouteCommand(int device)
{
    const QString value =
        u"$(sed -n 's/^[[:space:]]*%1_%2[[:space:]]*=[[:space:]]*\\([0-9.]*\\)[[:space:]]*$/\\1/p' "
        "\"$f\" 2>/dev/null | tail -n 1)"_s;
    return u"f=${CLUSTERWIZ_HCCN_CONF:-%1}; g=%2; d=%3; echo \"${g:-none} ${d:-none}\""_s.arg(
        QString::fromLatin1(kHccnConfPath), value.arg(u"gateway"_s).arg(device),
        value.arg(u"netdetect"_s).arg(device));
}

// Restores the value the read step printed (field 1 gateway, 2 detect IP) when there was one.
QString undoRouteCommand(const QStringList &setWithoutValue, int field)
{
    const QString read = field == 1 ? u"read -r old rest"_s : u"read -r rest old"_s;
    return read + u"; case \"$old\" in none|''|*[!0-9.]*) ;; *) "_s + shellJoin(setWithoutValue) +
           u" \"$old\" ;; esac"_s;
}

// The gateway and detect-IP steps of one device: a read step, then each value that differs from
// what discovery found in hccn.conf (all of them when the file was not readable, or after a new
// address), each undone to what the read step printed.
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
    int readStep = -1;
    for (int field = 1; field <= 2; ++field) {
        const Part &part = parts[field - 1];
        if (part.wanted.isEmpty() || (conf && part.wanted == part.now && !addressChanges))
            continue;
        if (readStep < 0) {
            RemoteStep read;
            read.serverIndex = serverIndex;
            describe(read,
                     trText("cw::Fixes", "device %1: read its gateway and detect IP from hccn.conf")
                         .arg(device));
            read.command = readRouteCommand(device);
            readStep = int(plan.steps.size());
            plan.steps.push_back(read);
        }
        RemoteStep step;
        step.serverIndex = serverIndex;
        step.command = shellJoin(part.command(device, part.wanted));
        step.inputFromStep = readStep; // the journal keeps it: the undo restores from it
        QStringList withoutValue = part.command(device, QString());
        withoutValue.removeLast();
        step.undoCommand = undoRouteCommand(withoutValue, field);
        const TrText was = !conf                ? trText("cw::Fixes", "(not read by discovery)")
                           : part.now.isEmpty() ? trText("cw::Fixes", "(none)")
                                                : TrText::verbatim(part.now);
        describe(step, trText("cw::Fixes", "device %1: %2 %3 -> %4 (undo restores the one "
                                           "hccn.conf holds just before)")
                           .arg(device)
                           .arg(QString(QLatin1StringView(part.name)))
                           .arg(was)
                           .arg(part.wanted));
        plan.steps.push_back(step);
    }
}

} // namespace

FixPlan planSetDeviceIps(const Project &project, const CheckRun &run)
{
    FixPlan plan = newFixPlan(fix::kSetDeviceIps);
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
                describe(step, trText("cw::Fixes", "device %1: %2/%3 -> %4/%5")
                                   .arg(device)
                                   .arg(actual->address, actual->netmask, planned, netmask));
            } else {
                describe(step, trText("cw::Fixes",
                                      "device %1: (none) -> %2/%3 (nothing to restore on undo)")
                                   .arg(device)
                                   .arg(planned, netmask));
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
