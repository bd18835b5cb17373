// SPDX-License-Identifier: GPL-3.0-or-later
#include "checks/DeviceTls.h"

#include "discover/ServerFacts.h"

using namespace Qt::StringLiterals;

namespace cw {

TlsCount countDeviceTls(const Project &project, const std::vector<const ServerFacts *> &facts)
{
    TlsCount count;
    for (size_t i = 0; i < facts.size() && i < project.servers.size(); ++i) {
        if (!facts[i])
            continue;
        for (const int device : project.servers[i].devices) {
            const AscendDeviceFacts *found = facts[i]->ascendDevice(device);
            if (found && found->tls)
                ++(*found->tls ? count.on : count.off);
        }
    }
    return count;
}

std::optional<bool> commonDeviceTls(const TlsCount &count)
{
    if (count.on == 0 && count.off == 0)
        return std::nullopt;
    return count.on > count.off;
}

} // namespace cw

namespace cw::checks {
namespace {

// The texts check.sh prints too (tlsScriptConstants()).
constexpr char kTlsDevice[] = QT_TRANSLATE_NOOP("cw::Checks", "device %1");
constexpr char kTlsDevices[] = QT_TRANSLATE_NOOP("cw::Checks", "devices %1");
constexpr char kTlsDeviceWhy[] = QT_TRANSLATE_NOOP("cw::Checks", "device %1 (%2)");
constexpr char kTlsOn[] = QT_TRANSLATE_NOOP("cw::Checks", "TLS on: %1");
constexpr char kTlsOff[] = QT_TRANSLATE_NOOP("cw::Checks", "TLS off: %1");
constexpr char kTlsTie[] = QT_TRANSLATE_NOOP("cw::Checks", ", a tie: off as Huawei advises");
constexpr char kTlsMixed[] =
    QT_TRANSLATE_NOOP("cw::Checks", "%1; the cluster's devices are mostly %2 (%3 on, %4 off%5): "
                                    "set every device to %2 (hccn_tool -i N -tls -s enable %6)");
constexpr char kTlsUnknown[] = QT_TRANSLATE_NOOP("cw::Checks", "TLS switch unknown: %1");
constexpr char kTlsOk[] =
    QT_TRANSLATE_NOOP("cw::Checks", "TLS %1 on all %2 devices, as on the other servers");
TrText text(const char *source)
{
    return TrText("cw::Checks", source);
}

QString onOff(bool on)
{
    return on ? u"on"_s : u"off"_s;
}

TrText deviceList(const QStringList &devices)
{
    return (devices.size() == 1 ? text(kTlsDevice) : text(kTlsDevices)).arg(devices.join(u", "_s));
}

} // namespace

std::vector<ScriptConstant> tlsScriptConstants()
{
    return {
        {"TEXT_TLS_DEVICE", QString::fromUtf8(kTlsDevice)},
        {"TEXT_TLS_DEVICES", QString::fromUtf8(kTlsDevices)},
        {"TEXT_TLS_DEVICE_WHY", QString::fromUtf8(kTlsDeviceWhy)},
        {"TEXT_TLS_ON", QString::fromUtf8(kTlsOn)},
        {"TEXT_TLS_OFF", QString::fromUtf8(kTlsOff)},
        {"TEXT_TLS_TIE", QString::fromUtf8(kTlsTie)},
        {"TEXT_TLS_MIXED", QString::fromUtf8(kTlsMixed)},
        {"TEXT_TLS_UNKNOWN", QString::fromUtf8(kTlsUnknown)},
        {"TEXT_TLS_OK", QString::fromUtf8(kTlsOk)},
    };
}

CheckResult checkDeviceTls(const CheckContext &c)
{
    const QString name = id(check::kDeviceTls);
    QStringList on;
    QStringList off;
    std::vector<TrText> unread;
    for (const int device : c.server.devices) {
        const AscendDeviceFacts *facts = c.facts.ascendDevice(device);
        if (!facts || !facts->tls)
            unread.push_back(facts && !facts->tlsError.isEmpty()
                                 ? text(kTlsDeviceWhy).arg(device).arg(facts->tlsError)
                                 : text(kTlsDevice).arg(device));
        else
            (*facts->tls ? on : off).append(QString::number(device));
    }
    const TlsCount count = countDeviceTls(c.project, c.allFacts);
    const std::optional<bool> common = commonDeviceTls(count);
    const QStringList &wrong = common && *common ? off : on;
    if (common && !wrong.isEmpty()) {
        std::vector<TrText> found;
        if (!on.isEmpty())
            found.push_back(text(kTlsOn).arg(deviceList(on)));
        if (!off.isEmpty())
            found.push_back(text(kTlsOff).arg(deviceList(off)));
        const TrText tie = count.on == count.off ? text(kTlsTie) : TrText();
        return fixable(name, c, CheckStatus::Failed,
                       text(kTlsMixed)
                           .arg(joinReasons(found, 2))
                           .arg(onOff(*common))
                           .arg(count.on)
                           .arg(count.off)
                           .arg(tie)
                           .arg(*common ? 1 : 0));
    }
    if (!unread.empty())
        return result(name, c, CheckStatus::Warning, text(kTlsUnknown).arg(joinReasons(unread)));
    return result(name, c, CheckStatus::Ok,
                  text(kTlsOk).arg(onOff(!on.isEmpty())).arg(c.server.devices.size()));
}

} // namespace cw::checks
