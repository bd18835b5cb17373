// SPDX-License-Identifier: GPL-3.0-or-later
#include "net/Ipv4.h"

#include <QStringList>

namespace cw {

std::optional<Ipv4> Ipv4::parse(const QString &text)
{
    // One pass, no allocation: the rules parse every device IP of a 128 x 8 project.
    const qsizetype size = text.size();
    qsizetype at = 0;
    std::uint32_t value = 0;
    for (int part = 0; part < 4; ++part) {
        if (part > 0) {
            if (at >= size || text[at] != u'.')
                return std::nullopt;
            ++at;
        }
        const qsizetype start = at;
        int octet = 0;
        while (at < size && text[at] != u'.') {
            const char16_t c = text[at].unicode();
            if (c < u'0' || c > u'9' || at - start >= 3)
                return std::nullopt;
            octet = octet * 10 + (c - u'0');
            ++at;
        }
        const qsizetype length = at - start;
        if (length == 0 || (length > 1 && text[start] == u'0') || octet > 255)
            return std::nullopt;
        value = (value << 8) | static_cast<std::uint32_t>(octet);
    }
    if (at != size)
        return std::nullopt;
    return Ipv4{value};
}

QString Ipv4::toString() const
{
    char16_t text[15];
    qsizetype size = 0;
    for (int shift = 24; shift >= 0; shift -= 8) {
        const unsigned octet = (value >> shift) & 0xffu;
        if (shift != 24)
            text[size++] = u'.';
        if (octet >= 100)
            text[size++] = char16_t(u'0' + octet / 100);
        if (octet >= 10)
            text[size++] = char16_t(u'0' + octet / 10 % 10);
        text[size++] = char16_t(u'0' + octet % 10);
    }
    return QString(reinterpret_cast<const QChar *>(text), size);
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
