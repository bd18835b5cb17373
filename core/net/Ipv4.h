// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

#include <cstdint>
#include <optional>

namespace cw {

// Dotted-quad IPv4 only: the device network and hccn_tool know nothing else.
struct Ipv4 {
    std::uint32_t value = 0;

    // Strict: four decimal octets without leading zeros, so that parse(format(x)) == x and a
    // string that parses re-serialises to itself.
    static std::optional<Ipv4> parse(const QString &text);
    QString toString() const;
    int lastOctet() const { return static_cast<int>(value & 0xffu); }
    bool operator==(const Ipv4 &) const = default;
    auto operator<=>(const Ipv4 &) const = default;
};

// Prefix length of a contiguous netmask ("255.255.254.0" -> 23), nullopt otherwise.
std::optional<int> netmaskPrefix(Ipv4 mask);
Ipv4 netmaskFromPrefix(int prefix);

struct Ipv4Network {
    Ipv4 network;
    int prefix = 24;

    static Ipv4Network containing(Ipv4 address, int prefix);
    Ipv4 netmask() const { return netmaskFromPrefix(prefix); }
    Ipv4 broadcast() const;
    bool contains(Ipv4 address) const;
    std::uint64_t size() const { return std::uint64_t{1} << (32 - prefix); }
    QString toString() const; // "192.168.100.0/24"
    bool operator==(const Ipv4Network &) const = default;
};

} // namespace cw
