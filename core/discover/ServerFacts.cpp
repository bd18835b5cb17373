// SPDX-License-Identifier: GPL-3.0-or-later
#include "discover/ServerFacts.h"

#include "model/NameTable.h"

#include <algorithm>
#include <array>
#include <utility>

using namespace Qt::StringLiterals;

namespace cw {
namespace {

// The tool's own words for each status (seed 000 and the CANN hccn_tool reference); Unknown is
// no word of the tool's.
constexpr auto kNetHealthWords = nameTable<NetHealth>({
    {NetHealth::Success, "Success"},
    {NetHealth::SocketFail, "Socket fail"},
    {NetHealth::ReceiveTimeout, "Receive timeout"},
    {NetHealth::Unreachable, "Unreachable"},
    {NetHealth::TimeExceeded, "Time exceeded"},
    {NetHealth::Fault, "Fault"},
    {NetHealth::Init, "Init"},
    {NetHealth::ThreadError, "Thread error"},
    {NetHealth::DetectIpSet, "Detect ip set"},
});

} // namespace

QString linkStateName(LinkState state)
{
    static constexpr auto names = nameTable<LinkState>({
        {LinkState::Unknown, "unknown"},
        {LinkState::Up, "UP"},
        {LinkState::Down, "DOWN"},
    });
    return names.name(state, QLatin1StringView("unknown"));
}

QString netHealthName(NetHealth health)
{
    return kNetHealthWords.name(health, QLatin1StringView("unknown"));
}

std::optional<NetHealth> netHealthFromText(const QString &text)
{
    return kNetHealthWords.fromName(text.simplified(), Qt::CaseInsensitive);
}

const HccnConfEntry *HccnConfFacts::device(int id) const
{
    const auto it = std::find_if(devices.begin(), devices.end(),
                                 [id](const HccnConfEntry &entry) { return entry.device == id; });
    return it == devices.end() ? nullptr : &*it;
}

const PackageVersion *PythonFacts::package(const QString &name) const
{
    const auto it = std::find_if(packages.begin(), packages.end(),
                                 [&name](const PackageVersion &p) { return p.name == name; });
    return it == packages.end() ? nullptr : &*it;
}

const AscendDeviceFacts *ServerFacts::ascendDevice(int device) const
{
    const auto it =
        std::find_if(ascendDevices.begin(), ascendDevices.end(),
                     [device](const AscendDeviceFacts &d) { return d.device == device; });
    return it == ascendDevices.end() ? nullptr : &*it;
}

const DieSuperPod *ServerFacts::dieSuperPod(int die) const
{
    const auto it = std::find_if(superPod.begin(), superPod.end(),
                                 [die](const DieSuperPod &d) { return d.die == die; });
    return it == superPod.end() ? nullptr : &*it;
}

const ProbeSection *ServerFacts::section(const QString &name) const
{
    const auto it = std::find_if(sections.begin(), sections.end(),
                                 [&](const ProbeSection &s) { return s.name == name; });
    return it == sections.end() ? nullptr : &*it;
}

const Nic *ServerFacts::nicWithAddress(const QString &address) const
{
    for (const Nic &nic : nics) {
        for (const NicAddress &candidate : nic.addresses) {
            if (candidate.address == address)
                return &nic;
        }
    }
    return nullptr;
}

const ListeningPort *findPortOwner(const std::vector<ListeningPort> &owners, int port,
                                   const QString &proto)
{
    const auto it = std::find_if(owners.begin(), owners.end(), [&](const ListeningPort &l) {
        return l.port == port && l.proto == proto;
    });
    return it == owners.end() ? nullptr : &*it;
}

const ListeningPort *ServerFacts::listenerOn(int port, const QString &proto) const
{
    return findPortOwner(listeningPorts, port, proto);
}

} // namespace cw
