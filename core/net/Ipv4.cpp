#include "net/Ipv4.h"

#include <QStringList>

namespace cw {

std::optional<Ipv4> Ipv4::parse(const QString &text)
{
    const QStringList parts = text.split(u'.');
    if (parts.size() != 4)
        return std::nullopt;
    std::uint32_t value = 0;
    for (const QString &part : parts) {
        if (part.isEmpty() || part.size() > 3 || (part.size() > 1 && part.front() == u'0'))
            return std::nullopt;
        int octet = 0;
        for (QChar c : part) {
            if (c < u'0' || c > u'9')
                return std::nullopt;
            octet = octet * 10 + (c.unicode() - u'0');
        }
        if (octet > 255)
            return std::nullopt;
        value = (value << 8) | static_cast<std::uint32_t>(octet);
    }
    return Ipv4{value};
}

QString Ipv4::toString() const
{
    return QStringLiteral("%1.%2.%3.%4")
        .arg(value >> 24)
        .arg((value >> 16) & 0xffu)
        .arg((value >> 8) & 0xffu)
        .arg(value & 0xffu);
}

std::optional<int> netmaskPrefix(Ipv4 mask)
{
    const std::uint32_t inverted = ~mask.value;
    // A contiguous mask's inverse is 2^k - 1.
    if ((inverted & (inverted + 1)) != 0)
        return std::nullopt;
    int prefix = 0;
    for (std::uint32_t v = mask.value; v & 0x80000000u; v <<= 1)
        ++prefix;
    return prefix;
}

Ipv4 netmaskFromPrefix(int prefix)
{
    if (prefix <= 0)
        return Ipv4{0};
    return Ipv4{~std::uint32_t{0} << (32 - prefix)};
}

Ipv4Network Ipv4Network::containing(Ipv4 address, int prefix)
{
    return Ipv4Network{Ipv4{address.value & netmaskFromPrefix(prefix).value}, prefix};
}

Ipv4 Ipv4Network::broadcast() const
{
    return Ipv4{network.value | ~netmask().value};
}

bool Ipv4Network::contains(Ipv4 address) const
{
    return (address.value & netmask().value) == network.value;
}

QString Ipv4Network::toString() const
{
    return network.toString() + u'/' + QString::number(prefix);
}

} // namespace cw
