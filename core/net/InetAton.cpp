// SPDX-License-Identifier: GPL-3.0-or-later
#include "net/InetAton.h"

#include <QStringList>

namespace cw {

std::optional<Ipv4> parseInetAton(const QString &text)
{
    const QStringList parts = text.split(u'.');
    if (parts.size() > 4)
        return std::nullopt;
    std::uint64_t numbers[4] = {};
    for (qsizetype i = 0; i < parts.size(); ++i) {
        const QString &part = parts[i];
        int base = 10;
        qsizetype at = 0;
        if (part.size() > 1 && part[0] == u'0' && (part[1] == u'x' || part[1] == u'X')) {
            base = 16;
            at = 2; // glibc reads a bare "0x" as 0
        } else if (part.size() > 1 && part[0] == u'0') {
            base = 8;
        }
        if (part.isEmpty())
            return std::nullopt;
        std::uint64_t value = 0;
        for (; at < part.size(); ++at) {
            const char16_t c = part[at].unicode();
            int digit = -1;
            if (c >= u'0' && c <= u'9')
                digit = c - u'0';
            else if (base == 16 && c >= u'a' && c <= u'f')
                digit = c - u'a' + 10;
            else if (base == 16 && c >= u'A' && c <= u'F')
                digit = c - u'A' + 10;
            if (digit < 0 || digit >= base)
                return std::nullopt;
            value = value * std::uint64_t(base) + std::uint64_t(digit);
            if (value > 0xffffffffu)
                return std::nullopt;
        }
        numbers[i] = value;
    }
    // Every part but the last is one byte; the last fills the bytes that are left.
    const qsizetype last = parts.size() - 1;
    std::uint32_t address = 0;
    for (qsizetype i = 0; i < last; ++i) {
        if (numbers[i] > 0xffu)
            return std::nullopt;
        address |= std::uint32_t(numbers[i]) << (24 - 8 * i);
    }
    const int restBits = 32 - 8 * int(last);
    if (restBits < 32 && numbers[last] >> restBits)
        return std::nullopt;
    return Ipv4{address | std::uint32_t(numbers[last])};
}

} // namespace cw
