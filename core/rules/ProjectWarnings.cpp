// SPDX-License-Identifier: GPL-3.0-or-later
#include "rules/ProjectWarnings.h"

#include "net/Ipv4.h"
#include "rules/RuleText.h"
#include "rules/SegmentMath.h"

#include <QSet>

#include <algorithm>
#include <utility>
#include <vector>

using namespace Qt::StringLiterals;

namespace cw {
namespace {

// Interfaces that are never the one servers share: container bridges and veths, libvirt's
// bridge, overlay tunnels, loopback, and the Ascend host's endvnic (seed 000 excludes it).
bool isVirtualNic(const QString &nic)
{
    static const QStringList prefixes{u"docker"_s, u"virbr"_s,   u"veth"_s, u"br-"_s,
                                      u"cni"_s,    u"flannel"_s, u"cali"_s, u"tunl"_s,
                                      u"vxlan"_s,  u"endvnic"_s};
    if (nic == u"lo")
        return true;
    for (const QString &prefix : prefixes) {
        if (nic.startsWith(prefix))
            return true;
    }
    return false;
}

class WarningCheck {
public:
    explicit WarningCheck(const Project &project) : m_project(project) {}

    Problems run()
    {
        checkUnknownFields();
        checkCann();
        for (int s = 0; s < static_cast<int>(m_project.servers.size()); ++s) {
            checkDeviceOrder(s);
            checkNic(s);
        }
        checkDeviceSegments();
        checkRehearsal();
        checkWhitelist();
        return m_out.take();
    }

private:
    // A member this version does not read: a newer tool's, or a misspelling that would otherwise
    // pass silently ("restrat" for "restart").
    void checkUnknownFields()
    {
        for (const UnknownField &field : m_project.unknownFields) {
            TrText message =
                field.topLevel()
                    ? trText("cw::Validation", "not a clusterwiz field; kept in the file as it is")
                    : trText("cw::Validation",
                             "not a clusterwiz field; ignored, and left out on save");
            if (!field.nearest.isEmpty())
                message = trText("cw::Validation", "%1 (did you mean \"%2\"?)")
                              .arg(message)
                              .arg(field.nearest);
            m_out.add(u"unknown-field"_s, field.place, message);
        }
    }

    void checkCann()
    {
        if (!isAscend(m_project.accelerator) || sourcesCannSetEnv(m_project.launch))
            return;
        m_out.add(u"env-setup-cann"_s, projectPlace(u"launch.env_setup"_s),
                  trText("cw::Validation",
                         "no line sources CANN's set_env.sh: jobs started over SSH get no CANN "
                         "libraries. Add \"source %1\" (or %2 for the newer layout)")
                      .arg(cannSetEnvPaths().front(), cannSetEnvPaths().back()));
    }

    void checkDeviceOrder(int s)
    {
        const Server &server = m_project.servers[static_cast<size_t>(s)];
        if (std::is_sorted(server.devices.begin(), server.devices.end()))
            return;
        QStringList ids;
        for (int device : server.devices)
            ids << QString::number(device);
        m_out.add(u"devices-order"_s, serverFieldPlace(s, "devices"),
                  trText("cw::Validation",
                         "%1: devices are listed as %2; local ranks follow this order, so rank %3 "
                         "opens device %4. List them ascending unless that is what you want")
                      .arg(serverLabel(m_project, s), ids.join(u", "_s),
                           QString::number(m_project.rankOffset(s)), ids.front()));
    }

    void checkNic(int s)
    {
        const Server &server = m_project.servers[static_cast<size_t>(s)];
        if (server.nic.isEmpty() || !isVirtualNic(server.nic))
            return;
        m_out.add(
            u"nic-virtual"_s, serverFieldPlace(s, "nic"),
            trText("cw::Validation",
                   "%1: %2 is a virtual or container interface; the job pins HCCL, NCCL, gloo "
                   "and OpenMPI to it, and the other servers cannot reach it there. Give the NIC "
                   "that holds the host IP %3")
                .arg(serverLabel(m_project, s), escapeControls(server.nic),
                     server.effectiveHostIp()));
    }

    // A device segment that holds a host IP routes device traffic and host traffic alike.
    void checkDeviceSegments()
    {
        if (!isAscend(m_project.accelerator))
            return;
        QString unusable; // the rules report a bad netmask
        const std::optional<int> prefix =
            deviceNetmaskPrefix(m_project.deviceNetwork.netmask, &unusable);
        if (!prefix)
            return;
        // Every host IP parsed once, every device segment looked at once: 1,024 device IPs
        // against 128 hosts stay a few thousand comparisons.
        std::vector<std::pair<int, Ipv4>> hosts;
        for (int s = 0; s < static_cast<int>(m_project.servers.size()); ++s) {
            if (const auto host =
                    Ipv4::parse(m_project.servers[static_cast<size_t>(s)].effectiveHostIp()))
                hosts.emplace_back(s, *host);
        }
        QSet<quint32> seen;
        for (int s = 0; s < static_cast<int>(m_project.servers.size()); ++s) {
            const Server &server = m_project.servers[static_cast<size_t>(s)];
            for (int k = 0; k < server.deviceIps.size(); ++k) {
                const std::optional<Ipv4> ip = Ipv4::parse(server.deviceIps[k]);
                if (!ip)
                    continue;
                const Ipv4Network segment = Ipv4Network::containing(*ip, *prefix);
                if (seen.contains(segment.network.value))
                    continue;
                seen.insert(segment.network.value);
                const auto inside = std::find_if(hosts.begin(), hosts.end(), [&](const auto &host) {
                    return segment.contains(host.second);
                });
                if (inside == hosts.end())
                    continue;
                m_out.add(u"device-segment-host"_s, deviceIpPlace(s, k),
                          trText("cw::Validation",
                                 "%1: device segment %2 holds the host IP of %3: the device "
                                 "network should be its own subnet, apart from the hosts' network")
                              .arg(serverLabel(m_project, s), segment.toString(),
                                   serverLabel(m_project, inside->first)));
            }
        }
    }

    void checkRehearsal()
    {
        const LaunchMode mode = m_project.launch.mode;
        if (isAscend(m_project.accelerator) ||
            (mode != LaunchMode::RankTable && mode != LaunchMode::NoRankTable))
            return;
        m_out.add(
            u"mode-rehearsal"_s, projectPlace(u"launch.mode"_s),
            trText("cw::Validation",
                   "%1 is an HCCL mode: on %2 the scripts run as a rehearsal of an Ascend job "
                   "(the rank loop and its variables, with %3), not as a real HCCL job")
                .arg(launchModeName(mode), acceleratorName(m_project.accelerator),
                     m_project.accelerator == Accelerator::Nvidia ? u"NCCL"_s : u"gloo"_s));
    }

    void checkWhitelist()
    {
        if (!m_project.launch.hcclWhitelistHostIps)
            return;
        if (isAscend(m_project.accelerator) && m_project.servers.size() > 1)
            return;
        m_out.add(
            u"hccl-whitelist-unused"_s, projectPlace(u"launch.hccl_whitelist"_s),
            trText("cw::Validation",
                   "host_ips has no effect: HCCL's trust list applies to more than one Ascend "
                   "server"));
    }

    const Project &m_project;
    ProblemList m_out;
};

} // namespace

QStringList cannSetEnvPaths()
{
    // CANN up to 8.x installs under ascend-toolkit; the newer layout (CANN 9, seed 002) under
    // cann:
    // https://www.hiascend.com/document/detail/en/CANNCommunityEdition/910/maintenref/troubleshooting/troubleshooting_0097.html
    return {u"/usr/local/Ascend/ascend-toolkit/set_env.sh"_s,
            u"/usr/local/Ascend/cann/set_env.sh"_s};
}

bool sourcesCannSetEnv(const LaunchConfig &launch)
{
    for (const QString &line : launch.envSetup) {
        if (line.contains(u"set_env.sh"_s) || line.contains(u"env_npu.sh"_s))
            return true;
    }
    return false;
}

Problems projectWarnings(const Project &project)
{
    return WarningCheck(project).run();
}

} // namespace cw
