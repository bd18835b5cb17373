#include "discover/ServerFacts.h"

#include <algorithm>
#include <array>
#include <utility>

using namespace Qt::StringLiterals;

namespace cw {
namespace {

// The tool's own words for each status (seed 000 and the CANN hccn_tool reference).
const std::array<std::pair<NetHealth, const char16_t *>, 9> kNetHealthWords = {{
    {NetHealth::Success, u"Success"},
    {NetHealth::SocketFail, u"Socket fail"},
    {NetHealth::ReceiveTimeout, u"Receive timeout"},
    {NetHealth::Unreachable, u"Unreachable"},
    {NetHealth::TimeExceeded, u"Time exceeded"},
    {NetHealth::Fault, u"Fault"},
    {NetHealth::Init, u"Init"},
    {NetHealth::ThreadError, u"Thread error"},
    {NetHealth::DetectIpSet, u"Detect ip set"},
}};

} // namespace

QString linkStateName(LinkState state)
{
    switch (state) {
    case LinkState::Up:
        return u"UP"_s;
    case LinkState::Down:
        return u"DOWN"_s;
    case LinkState::Unknown:
        break;
    }
    return u"unknown"_s;
}

QString netHealthName(NetHealth health)
{
    for (const auto &[value, word] : kNetHealthWords) {
        if (value == health)
            return QString::fromUtf16(word);
    }
    return u"unknown"_s;
}

std::optional<NetHealth> netHealthFromText(const QString &text)
{
    const QString wanted = text.simplified();
    for (const auto &[value, word] : kNetHealthWords) {
        if (wanted.compare(QString::fromUtf16(word), Qt::CaseInsensitive) == 0)
            return value;
    }
    return std::nullopt;
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
