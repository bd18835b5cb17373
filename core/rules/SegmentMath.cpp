// SPDX-License-Identifier: GPL-3.0-or-later
#include "rules/SegmentMath.h"

#include "rules/RuleText.h"

using namespace Qt::StringLiterals;

namespace cw {

std::optional<int> deviceNetmaskPrefix(const QString &netmask, QString *problem)
{
    const std::optional<Ipv4> mask = Ipv4::parse(netmask);
    if (!mask) {
        *problem = u"netmask \"%1\" is not an IPv4 netmask (like 255.255.255.0)"_s.arg(
            escapeControls(netmask));
        return std::nullopt;
    }
    const std::optional<int> prefix = netmaskPrefix(*mask);
    if (!prefix) {
        *problem =
            u"netmask %1 is not contiguous (ones then zeros, like 255.255.255.0)"_s.arg(netmask);
        return std::nullopt;
    }
    if (*prefix < kMinDevicePrefix || *prefix > kMaxDevicePrefix) {
        *problem = u"netmask %1 (/%2) is outside /%3 to /%4"_s.arg(netmask)
                       .arg(*prefix)
                       .arg(kMinDevicePrefix)
                       .arg(kMaxDevicePrefix);
        return std::nullopt;
    }
    return prefix;
}

std::optional<Ipv4Network> segmentFromText(const QString &text, int prefix, QString *problem)
{
    const std::optional<Ipv4> address = Ipv4::parse(text);
    if (!address) {
        *problem = u"\"%1\" is not an IPv4 address"_s.arg(escapeControls(text));
        return std::nullopt;
    }
    const Ipv4Network network = Ipv4Network::containing(*address, prefix);
    if (network.network != *address) {
        *problem = u"%1 is not the network address of a /%2 segment (%3 would be)"_s.arg(text)
                       .arg(prefix)
                       .arg(network.network.toString());
        return std::nullopt;
    }
    return network;
}

QString segmentDevices(int segment)
{
    return u"devices %1 and %2"_s.arg(segment).arg(segment + kSegmentCount);
}

int lastOctetCapacity(int prefix)
{
    if (prefix >= 24)
        return (1 << (32 - prefix)) - 2;
    return 256;
}

} // namespace cw
