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

QString onOff(bool on)
{
    return on ? u"on"_s : u"off"_s;
}

TrText deviceList(const QStringList &devices)
{
    return (devices.size() == 1 ? trText("cw::Checks", "device %1")
                                : trText("cw::Checks", "devices %1"))
        .arg(devices.join(u", "_s));
}

} // namespace

CheckResult checkDeviceTls(const CheckContext &c)
{
    const QString name = id(check::kDeviceTls);
    QStringList on;
    QStringList off;
    std::vector<TrText> unread;
    for (const int device : c.server.devices) {
        const AscendDeviceFacts *facts = c.facts.ascendDevice(device);
        if (!facts || !facts->tls)
            unread.push_back(
                facts && !facts->tlsError.isEmpty()
                    ? trText("cw::Checks", "device %1 (%2)").arg(device).arg(facts->tlsError)
                    : trText("cw::Checks", "device %1").arg(device));
        else
            (*facts->tls ? on : off).append(QString::number(device));
    }
    const TlsCount count = countDeviceTls(c.project, c.allFacts);
    const std::optional<bool> common = commonDeviceTls(count);
    const QStringList &wrong = common && *common ? off : on;
    if (common && !wrong.isEmpty()) {
        std::vector<TrText> found;
        if (!on.isEmpty())
            found.push_back(trText("cw::Checks", "TLS on: %1").arg(deviceList(on)));
        if (!off.isEmpty())
            found.push_back(trText("cw::Checks", "TLS off: %1").arg(deviceList(off)));
        const TrText tie = count.on == count.off
                               ? trText("cw::Checks", ", a tie: off as Huawei advises")
                               : TrText();
        return fixable(name, c, CheckStatus::Failed,
                       trText("cw::Checks",
                              "%1; the cluster's devices are mostly %2 (%3 on, %4 off%5): set "
                              "every device to %2 (hccn_tool -i N -tls -s enable %6)")
                           .arg(joinReasons(found, 2))
                           .arg(onOff(*common))
                           .arg(count.on)
                           .arg(count.off)
                           .arg(tie)
                           .arg(*common ? 1 : 0));
    }
    if (!unread.empty())
        return result(name, c, CheckStatus::Warning,
                      trText("cw::Checks", "TLS switch unknown: %1").arg(joinReasons(unread)));
    return result(name, c, CheckStatus::Ok,
                  trText("cw::Checks", "TLS %1 on all %2 devices, as on the other servers")
                      .arg(onOff(!on.isEmpty()))
                      .arg(c.server.devices.size()));
}

} // namespace cw::checks
