// The Ascend device network of one server: planned vs actual device IPs (and, routed, gateways
// and detect IPs), links and net health.
#include "checks/CheckDevices.h"

#include "discover/ServerFacts.h"
#include "rules/DeviceRoutes.h"

using namespace Qt::StringLiterals;

namespace cw::checks {
namespace {

QString withMask(const QString &address, const QString &netmask)
{
    return netmask.isEmpty() ? address : address + u'/' + netmask;
}

QString orNone(const QString &value)
{
    return value.isEmpty() ? u"(none)"_s : value;
}

// A routed device network: the gateway and detect IP of each device as /etc/hccn.conf keeps
// them (gateway_N, netdetect_N; Huawei documents no output for `-gateway -g`), against the
// plan. An address that is already right would otherwise hide a gateway never set.
void compareRoutes(const CheckContext &c, size_t k, QStringList &wrong)
{
    const DeviceNetwork &network = c.project.deviceNetwork;
    const int device = c.server.devices[k];
    const DeviceRoute route = deviceRoute(network, c.server.deviceIps.at(qsizetype(k)));
    const HccnConfEntry *conf = c.facts.hccnConf.device(device);
    const QString gateway = conf ? conf->gateway : QString();
    const QString detect = conf ? conf->netdetect : QString();
    if (!route.gateway.isEmpty() && gateway != route.gateway)
        wrong.append(
            u"device %1 has gateway %2, plan %3"_s.arg(device).arg(orNone(gateway), route.gateway));
    if (!route.detectIp.isEmpty() && detect != route.detectIp)
        wrong.append(u"device %1 has detect IP %2, plan %3"_s.arg(device).arg(orNone(detect),
                                                                              route.detectIp));
}

} // namespace

CheckResult checkDeviceIps(const CheckContext &c)
{
    const QString name = id(check::kDeviceIps);
    const std::vector<int> &devices = c.server.devices;
    if (devices.empty())
        return result(name, c, CheckStatus::Failed, u"the project lists no devices"_s);
    if (c.server.deviceIps.size() != qsizetype(devices.size()))
        return result(name, c, CheckStatus::Failed,
                      u"no device IP plan for this server (run clusterwiz-cli plan)"_s);
    const QString netmask = c.project.deviceNetwork.netmask;
    const bool routed = isRouted(c.project.deviceNetwork);
    QStringList wrong;
    for (size_t k = 0; k < devices.size(); ++k) {
        const int device = devices[k];
        const QString planned = c.server.deviceIps.at(qsizetype(k));
        const AscendDeviceFacts *actual = c.facts.ascendDevice(device);
        if (!actual || actual->address.isEmpty()) {
            const QString why =
                actual && !actual->ipError.isEmpty() ? actual->ipError : u"no address"_s;
            wrong.append(u"device %1 has none (%2), plan %3"_s.arg(device).arg(
                why, withMask(planned, netmask)));
            continue;
        }
        const bool sameMask = netmask.isEmpty() || actual->netmask == netmask;
        if (actual->address != planned || !sameMask)
            wrong.append(u"device %1 has %2, plan %3"_s.arg(device).arg(
                withMask(actual->address, actual->netmask), withMask(planned, netmask)));
        else if (routed && c.facts.hccnConf.present)
            compareRoutes(c, k, wrong);
    }
    if (!wrong.isEmpty())
        return fixable(name, c, CheckStatus::Failed, joinReasons(wrong));
    if (routed && !c.facts.hccnConf.present)
        return result(
            name, c, CheckStatus::Warning,
            u"%1 device addresses match the plan; the gateways and detect IPs are not "
            "verified: /etc/hccn.conf, where hccn_tool keeps them, could not be read"_s.arg(
                devices.size()));
    return result(
        name, c, CheckStatus::Ok,
        routed ? u"%1 devices match the plan, gateways and detect IPs too"_s.arg(devices.size())
               : u"%1 devices match the plan"_s.arg(devices.size()));
}

CheckResult checkDeviceLinks(const CheckContext &c)
{
    QStringList down;
    QStringList unknown;
    for (const int device : c.server.devices) {
        const AscendDeviceFacts *facts = c.facts.ascendDevice(device);
        const LinkState link = facts ? facts->link : LinkState::Unknown;
        if (link == LinkState::Down)
            down.append(u"device %1 link DOWN"_s.arg(device));
        else if (link == LinkState::Unknown)
            unknown.append(u"device %1 link unknown%2"_s.arg(device).arg(
                facts && !facts->linkError.isEmpty() ? u" ("_s + facts->linkError + u')'
                                                     : QString()));
    }
    if (!down.isEmpty())
        return result(id(check::kDeviceLinks), c, CheckStatus::Failed,
                      joinReasons(down) + u" (check the cable and the switch port)"_s);
    if (!unknown.isEmpty())
        return result(id(check::kDeviceLinks), c, CheckStatus::Warning, joinReasons(unknown));
    return result(id(check::kDeviceLinks), c, CheckStatus::Ok,
                  u"%1 links UP"_s.arg(c.server.devices.size()));
}

CheckResult checkDeviceNetHealth(const CheckContext &c)
{
    QStringList bad;
    for (const int device : c.server.devices) {
        const AscendDeviceFacts *facts = c.facts.ascendDevice(device);
        const NetHealth health = facts ? facts->netHealth : NetHealth::Unknown;
        if (health != NetHealth::Success)
            bad.append(u"device %1: %2"_s.arg(device).arg(netHealthName(health)));
    }
    // net_health depends on the netdetect address (setup_device_ips.sh sets it), so a fresh
    // server reports Init: worth a warning, not a refusal.
    if (!bad.isEmpty())
        return result(id(check::kDeviceNetHealth), c, CheckStatus::Warning,
                      joinReasons(bad) + u" (net_health needs a netdetect address)"_s);
    return result(id(check::kDeviceNetHealth), c, CheckStatus::Ok,
                  u"net health Success on %1 devices"_s.arg(c.server.devices.size()));
}

} // namespace cw::checks
