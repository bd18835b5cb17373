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

QString deviceList(const QStringList &devices)
{
    return (devices.size() == 1 ? u"device "_s : u"devices "_s) + devices.join(u", "_s);
}

} // namespace

CheckResult checkDeviceTls(const CheckContext &c)
{
    const QString name = id(check::kDeviceTls);
    QStringList on;
    QStringList off;
    QStringList unread;
    for (const int device : c.server.devices) {
        const AscendDeviceFacts *facts = c.facts.ascendDevice(device);
        if (!facts || !facts->tls)
            unread.append(u"device %1%2"_s.arg(device).arg(facts && !facts->tlsError.isEmpty()
                                                               ? u" ("_s + facts->tlsError + u')'
                                                               : QString()));
        else
            (*facts->tls ? on : off).append(QString::number(device));
    }
    const TlsCount count = countDeviceTls(c.project, c.allFacts);
    const std::optional<bool> common = commonDeviceTls(count);
    const QStringList &wrong = common && *common ? off : on;
    if (common && !wrong.isEmpty()) {
        QStringList found;
        if (!on.isEmpty())
            found.append(u"TLS on: "_s + deviceList(on));
        if (!off.isEmpty())
            found.append(u"TLS off: "_s + deviceList(off));
        const QString tie = count.on == count.off ? u", a tie: off as Huawei advises"_s : QString();
        return fixable(name, c, CheckStatus::Failed,
                       u"%1; the cluster's devices are mostly %2 (%3 on, %4 off%5): set every "
                       u"device to %2 (hccn_tool -i N -tls -s enable %6)"_s.arg(found.join(u"; "_s))
                           .arg(onOff(*common))
                           .arg(count.on)
                           .arg(count.off)
                           .arg(tie)
                           .arg(*common ? 1 : 0));
    }
    if (!unread.isEmpty())
        return result(name, c, CheckStatus::Warning,
                      u"TLS switch unknown: "_s + joinReasons(unread));
    return result(name, c, CheckStatus::Ok,
                  u"TLS %1 on all %2 devices, as on the other servers"_s.arg(onOff(!on.isEmpty()))
                      .arg(c.server.devices.size()));
}

} // namespace cw::checks
