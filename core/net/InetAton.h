// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "net/Ipv4.h"

namespace cw {

// The address inet_aton(3) reads from `text`, as ssh, ping and getaddrinfo(3) do (glibc's
// inet_aton): one to four parts, each decimal, octal (a leading 0) or hex (0x), the last filling
// the bytes left ("127.1" is 127.0.0.1, "127.0.0" is 127.0.0.0, "010.0.0.1" is 8.0.0.1). Used
// only to refuse a host that is no dotted quad but reaches an address all the same
// (rules/ValueRules.cpp): Ipv4::parse stays the one reading of an address.
std::optional<Ipv4> parseInetAton(const QString &text);

} // namespace cw
