// SPDX-License-Identifier: GPL-3.0-or-later
// The Ascend device network of one server: planned vs actual device IPs (and, routed, gateways
// and detect IPs), links and net health.
#include "checks/CheckDevices.h"

#include "discover/ServerFacts.h"
#include "rules/DeviceRoutes.h"

using namespace Qt::StringLiterals;

namespace cw::checks {
namespace {

// The texts check.sh prints too (deviceScriptConstants()).
constexpr char kNone[] = QT_TRANSLATE_NOOP("cw::Checks", "(none)");
constexpr char kDeviceGateway[] =
    QT_TRANSLATE_NOOP("cw::Checks", "device %1 has gateway %2, plan %3");
constexpr char kDeviceDetectIp[] =
    QT_TRANSLATE_NOOP("cw::Checks", "device %1 has detect IP %2, plan %3");
constexpr char kNoDevices[] = QT_TRANSLATE_NOOP("cw::Checks", "the project lists no devices");
constexpr char kNoDeviceIpPlan[] =
    QT_TRANSLATE_NOOP("cw::Checks", "no device IP plan for this server (run clusterwiz-cli plan)");
constexpr char kNoDeviceIpPlanWizard[] = QT_TRANSLATE_NOOP(
    "cw::Checks",
    "no device IP plan for this server (click Plan automatically on the Devices page)");
constexpr char kNoAddress[] = QT_TRANSLATE_NOOP("cw::Checks", "no address");
constexpr char kDeviceNoAddress[] =
    QT_TRANSLATE_NOOP("cw::Checks", "device %1 has none (%2), plan %3");
constexpr char kDeviceOtherAddress[] = QT_TRANSLATE_NOOP("cw::Checks", "device %1 has %2, plan %3");
constexpr char kRoutesUnread[] = QT_TRANSLATE_NOOP(
    "cw::Checks", "%1 device addresses match the plan; the gateways and detect IPs are not "
                  "verified: /etc/hccn.conf, where hccn_tool keeps them, could not be read");
constexpr char kDevicesMatchRouted[] =
    QT_TRANSLATE_NOOP("cw::Checks", "%1 devices match the plan, gateways and detect IPs too");
constexpr char kDevicesMatch[] = QT_TRANSLATE_NOOP("cw::Checks", "%1 devices match the plan");
constexpr char kLinkDown[] = QT_TRANSLATE_NOOP("cw::Checks", "device %1 link DOWN");
constexpr char kLinkUnknownWhy[] = QT_TRANSLATE_NOOP("cw::Checks", "device %1 link unknown (%2)");
constexpr char kLinkUnknown[] = QT_TRANSLATE_NOOP("cw::Checks", "device %1 link unknown");
constexpr char kLinksDown[] =
    QT_TRANSLATE_NOOP("cw::Checks", "%1 (check the cable and the switch port)");
constexpr char kLinksUp[] = QT_TRANSLATE_NOOP("cw::Checks", "%1 links UP");
constexpr char kNetHealthBad[] = QT_TRANSLATE_NOOP("cw::Checks", "device %1: %2");
constexpr char kNetHealthWarn[] =
    QT_TRANSLATE_NOOP("cw::Checks", "%1 (net_health needs a netdetect address)");
constexpr char kNetHealthOk[] = QT_TRANSLATE_NOOP("cw::Checks", "net health Success on %1 devices");
TrText text(const char *source)
{
    return TrText("cw::Checks", source);
}

// Discovery's own words for a fact it could not read (discover/FactReaders.cpp, ServerFacts.cpp)
// are English values in the facts; the wizard shows them translated.
constexpr char kHccnToolNotFound[] = QT_TRANSLATE_NOOP("cw::Checks", "hccn_tool not found");
constexpr char kUnknown[] = QT_TRANSLATE_NOOP("cw::Checks", "unknown");
TrText factError(const QString &error)
{
    return error == QLatin1StringView(kHccnToolNotFound) ? text(kHccnToolNotFound)
                                                         : TrText::verbatim(error);
}

QString withMask(const QString &address, const QString &netmask)
{
    return netmask.isEmpty() ? address : address + u'/' + netmask;
}

TrText orNone(const QString &value)
{
    return value.isEmpty() ? text(kNone) : TrText::verbatim(value);
}

// A routed device network: the gateway and detect IP of each device as /etc/hccn.conf keeps
// them (gateway_N, netdetect_N; Huawei documents no output for `-gateway -g`), against the
// plan. An address that is already right would otherwise hide a gateway never set.
void compareRoutes(const CheckContext &c, size_t k, std::vector<TrText> &wrong)
{
    const DeviceNetwork &network = c.project.deviceNetwork;
    const int device = c.server.devices[k];
    const DeviceRoute route = deviceRoute(network, c.server.deviceIps.at(qsizetype(k)));
    const HccnConfEntry *conf = c.facts.hccnConf.device(device);
    const QString gateway = conf ? conf->gateway : QString();
    const QString detect = conf ? conf->netdetect : QString();
    if (!route.gateway.isEmpty() && gateway != route.gateway)
        wrong.push_back(text(kDeviceGateway).arg(device).arg(orNone(gateway), route.gateway));
    if (!route.detectIp.isEmpty() && detect != route.detectIp)
        wrong.push_back(text(kDeviceDetectIp).arg(device).arg(orNone(detect), route.detectIp));
}

} // namespace

std::vector<ScriptConstant> deviceScriptConstants()
{
    return {
        {"TEXT_NONE", QString::fromUtf8(kNone)},
        {"TEXT_DEVICE_GATEWAY", QString::fromUtf8(kDeviceGateway)},
        {"TEXT_DEVICE_DETECT_IP", QString::fromUtf8(kDeviceDetectIp)},
        {"TEXT_NO_DEVICES", QString::fromUtf8(kNoDevices)},
        {"TEXT_NO_DEVICE_IP_PLAN", QString::fromUtf8(kNoDeviceIpPlan)},
        {"TEXT_NO_ADDRESS", QString::fromUtf8(kNoAddress)},
        {"TEXT_DEVICE_NO_ADDRESS", QString::fromUtf8(kDeviceNoAddress)},
        {"TEXT_DEVICE_OTHER_ADDRESS", QString::fromUtf8(kDeviceOtherAddress)},
        {"TEXT_ROUTES_UNREAD", QString::fromUtf8(kRoutesUnread)},
        {"TEXT_DEVICES_MATCH_ROUTED", QString::fromUtf8(kDevicesMatchRouted)},
        {"TEXT_DEVICES_MATCH", QString::fromUtf8(kDevicesMatch)},
        {"TEXT_LINK_DOWN", QString::fromUtf8(kLinkDown)},
        {"TEXT_LINK_UNKNOWN_WHY", QString::fromUtf8(kLinkUnknownWhy)},
        {"TEXT_LINK_UNKNOWN", QString::fromUtf8(kLinkUnknown)},
        {"TEXT_LINKS_DOWN", QString::fromUtf8(kLinksDown)},
        {"TEXT_LINKS_UP", QString::fromUtf8(kLinksUp)},
        {"TEXT_NET_HEALTH_BAD", QString::fromUtf8(kNetHealthBad)},
        {"TEXT_NET_HEALTH_WARN", QString::fromUtf8(kNetHealthWarn)},
        {"TEXT_NET_HEALTH_OK", QString::fromUtf8(kNetHealthOk)},
    };
}

CheckResult checkDeviceIps(const CheckContext &c)
{
    const QString name = id(check::kDeviceIps);
    const std::vector<int> &devices = c.server.devices;
    if (devices.empty())
        return result(name, c, CheckStatus::Failed, text(kNoDevices));
    if (c.server.deviceIps.size() != qsizetype(devices.size()))
        return inWizardWords(result(name, c, CheckStatus::Failed, text(kNoDeviceIpPlan)),
                             text(kNoDeviceIpPlanWizard));
    const QString netmask = c.project.deviceNetwork.netmask;
    const bool routed = isRouted(c.project.deviceNetwork);
    std::vector<TrText> wrong;
    for (size_t k = 0; k < devices.size(); ++k) {
        const int device = devices[k];
        const QString planned = c.server.deviceIps.at(qsizetype(k));
        const AscendDeviceFacts *actual = c.facts.ascendDevice(device);
        if (!actual || actual->address.isEmpty()) {
            const TrText why = actual && !actual->ipError.isEmpty() ? factError(actual->ipError)
                                                                    : text(kNoAddress);
            wrong.push_back(
                text(kDeviceNoAddress).arg(device).arg(why, withMask(planned, netmask)));
            continue;
        }
        const bool sameMask = netmask.isEmpty() || actual->netmask == netmask;
        if (actual->address != planned || !sameMask)
            wrong.push_back(
                text(kDeviceOtherAddress)
                    .arg(device)
                    .arg(withMask(actual->address, actual->netmask), withMask(planned, netmask)));
        else if (routed && c.facts.hccnConf.present)
            compareRoutes(c, k, wrong);
    }
    if (!wrong.empty())
        return fixable(name, c, CheckStatus::Failed, joinReasons(wrong));
    if (routed && !c.facts.hccnConf.present)
        return result(name, c, CheckStatus::Warning, text(kRoutesUnread).arg(devices.size()));
    return result(name, c, CheckStatus::Ok,
                  routed ? text(kDevicesMatchRouted).arg(devices.size())
                         : text(kDevicesMatch).arg(devices.size()));
}

CheckResult checkDeviceLinks(const CheckContext &c)
{
    std::vector<TrText> down;
    std::vector<TrText> unknown;
    for (const int device : c.server.devices) {
        const AscendDeviceFacts *facts = c.facts.ascendDevice(device);
        const LinkState link = facts ? facts->link : LinkState::Unknown;
        if (link == LinkState::Down)
            down.push_back(text(kLinkDown).arg(device));
        else if (link == LinkState::Unknown && facts && !facts->linkError.isEmpty())
            unknown.push_back(text(kLinkUnknownWhy).arg(device).arg(factError(facts->linkError)));
        else if (link == LinkState::Unknown)
            unknown.push_back(text(kLinkUnknown).arg(device));
    }
    if (!down.empty())
        return result(id(check::kDeviceLinks), c, CheckStatus::Failed,
                      text(kLinksDown).arg(joinReasons(down)));
    if (!unknown.empty())
        return result(id(check::kDeviceLinks), c, CheckStatus::Warning, joinReasons(unknown));
    return result(id(check::kDeviceLinks), c, CheckStatus::Ok,
                  text(kLinksUp).arg(c.server.devices.size()));
}

CheckResult checkDeviceNetHealth(const CheckContext &c)
{
    std::vector<TrText> bad;
    for (const int device : c.server.devices) {
        const AscendDeviceFacts *facts = c.facts.ascendDevice(device);
        const NetHealth health = facts ? facts->netHealth : NetHealth::Unknown;
        if (health != NetHealth::Success)
            bad.push_back(text(kNetHealthBad)
                              .arg(device)
                              .arg(health == NetHealth::Unknown
                                       ? text(kUnknown)
                                       : TrText::verbatim(netHealthName(health))));
    }
    // net_health depends on the netdetect address (setup_device_ips.sh sets it), so a fresh
    // server reports Init: worth a warning, not a refusal.
    if (!bad.empty())
        return result(id(check::kDeviceNetHealth), c, CheckStatus::Warning,
                      text(kNetHealthWarn).arg(joinReasons(bad)));
    return result(id(check::kDeviceNetHealth), c, CheckStatus::Ok,
                  text(kNetHealthOk).arg(c.server.devices.size()));
}

} // namespace cw::checks
