// SPDX-License-Identifier: GPL-3.0-or-later
// Atlas A3 (ascend910_93) rules, each from the vendor's text named beside it (docs/ascend.md
// "Atlas A3"): the deployer's segment policy for the two dies of one NPU, and HCCL's rank table
// 1.2 page (hicann/hccl docs/en/user_guide/cluster_info_config/rank_table_config_a3.md) for the
// super pods, SDIDs and ports.
#include "rules/AtlasA3Rules.h"

#include "rules/SegmentMath.h"
#include "rules/ServerSegmentRules.h"

#include <QHash>

#include <algorithm>
#include <array>

using namespace Qt::StringLiterals;

namespace cw {
namespace {

// HCCL_LOGIC_SUPERPOD_ID, the same id without a rank table, is "a string of fewer than 128
// characters" (CANN's environment variable reference, envref_07_0100).
constexpr qsizetype kMaxSuperPodId = 127;
constexpr quint64 kMaxSdid = 0xffffffffu; // npu-smi prints the SDID as an unsigned 32-bit value

TrText dieText(const Project &project, int s, int die)
{
    return trText("cw::Validation", "%1 die %2 (NPU %3)")
        .arg(serverLabel(project, s))
        .arg(die)
        .arg(a3Npu(die));
}

bool isSdid(const QString &text)
{
    if (text.isEmpty() || text.size() > 10 || (text.size() > 1 && text.front() == u'0'))
        return false;
    for (const QChar c : text) {
        if (c < u'0' || c > u'9')
            return false;
    }
    return text.toULongLong() <= kMaxSdid;
}

bool hasControl(const QString &text)
{
    for (const QChar c : text) {
        if (c.category() == QChar::Other_Control || c.category() == QChar::Other_Format)
            return true;
    }
    return false;
}

// Members only an Atlas A3 project has, in another project: named, not silently ignored.
void checkA3Only(const Project &project, ProblemList &out)
{
    const QString accelerator = acceleratorName(project.accelerator);
    if (!project.superPods.empty()) {
        out.add(u"a3-only"_s, projectPlace(u"super_pods"_s),
                trText("cw::Validation", "super_pods are for Atlas A3 (ascend910_93) SuperPoD "
                                         "networking, not %1; remove them")
                    .arg(accelerator));
    }
    for (int s = 0; s < int(project.servers.size()); ++s) {
        const Server &server = project.servers[size_t(s)];
        const std::array<std::pair<const char *, bool>, 4> members{{
            {"super_device_ids", !server.superDeviceIds.isEmpty()},
            {"device_ports", !server.devicePorts.empty()},
            {"backup_device_ports", !server.backupDevicePorts.empty()},
            {"host_ports", !server.hostPorts.empty()},
        }};
        for (const auto &[member, present] : members) {
            if (present)
                out.add(
                    u"a3-only"_s, serverFieldPlace(s, member),
                    trText("cw::Validation", "%1: %2 are for Atlas A3 (ascend910_93), not %3; "
                                             "remove them")
                        .arg(serverLabel(project, s), QString::fromLatin1(member), accelerator));
        }
    }
}

void checkSuperPods(const Project &project, ProblemList &out)
{
    const std::vector<SuperPod> &pods = project.superPods;
    if (pods.empty())
        return;
    if (int(pods.size()) > kMaxServers) {
        out.add(u"super-pod-count"_s, projectPlace(u"super_pods"_s),
                trText("cw::Validation", "%1 super pods or more; a cluster has at most %2 servers")
                    .arg(pods.size())
                    .arg(kMaxServers));
        return;
    }
    const ProblemPlace list = projectPlace(u"super_pods"_s);
    QHash<QString, int> ids;
    QHash<QString, std::pair<int, int>> member; // server name -> (pod, position)
    for (int p = 0; p < int(pods.size()); ++p) {
        const SuperPod &pod = pods[size_t(p)];
        const ProblemPlace idPlace = list.item(p).member(u"super_pod_id"_s);
        if (pod.id.isEmpty() || pod.id.size() > kMaxSuperPodId || hasControl(pod.id)) {
            out.add(u"super-pod-id"_s, idPlace,
                    trText("cw::Validation", "super pod %1: super_pod_id \"%2\" must be 1 to %3 "
                                             "printable characters")
                        .arg(p)
                        .arg(pod.id)
                        .arg(kMaxSuperPodId));
        } else if (auto it = ids.constFind(pod.id); it != ids.constEnd()) {
            out.add(u"super-pod-id"_s, idPlace,
                    trText("cw::Validation", "super pod %1: super_pod_id \"%2\" is already the id "
                                             "of super pod %3; super pod ids are unique")
                        .arg(p)
                        .arg(pod.id)
                        .arg(*it));
        } else {
            ids.insert(pod.id, p);
        }
        if (pod.servers.isEmpty())
            out.add(u"super-pod-server"_s, list.item(p).member(u"servers"_s),
                    trText("cw::Validation", "super pod \"%1\" lists no servers").arg(pod.id));
        for (int k = 0; k < pod.servers.size(); ++k) {
            const QString &name = pod.servers[k];
            const ProblemPlace place = list.item(p).member(u"servers"_s).item(k);
            if (!project.serverIndex(name)) {
                out.add(
                    u"super-pod-server"_s, place,
                    trText("cw::Validation", "super pod \"%1\": \"%2\" is not the name of a server")
                        .arg(pod.id, name));
                continue;
            }
            if (auto it = member.constFind(name); it != member.constEnd()) {
                out.add(u"super-pod-membership"_s, place,
                        trText("cw::Validation", "super pod \"%1\": server %2 is already in super "
                                                 "pod \"%3\"; each server is in exactly one")
                            .arg(pod.id, name, pods[size_t(it->first)].id));
                continue;
            }
            member.insert(name, {p, k});
        }
    }
    for (int s = 0; s < int(project.servers.size()); ++s) {
        const QString &name = project.servers[size_t(s)].name;
        if (!member.contains(name))
            out.add(u"super-pod-membership"_s, serverFieldPlace(s, "name"),
                    trText("cw::Validation", "%1 is in no super pod; with super_pods set, each "
                                             "server is in exactly one")
                        .arg(serverLabel(project, s)));
    }
    // Rank ids follow the launch order (master first); HCCL asks the servers of one pod to be
    // listed together, and ranks are numbered per server in that order.
    int previous = -1;
    QHash<int, int> closed; // pod -> the server after which it ended
    for (const int s : project.launchOrder()) {
        const auto it = member.constFind(project.servers[size_t(s)].name);
        if (it == member.constEnd())
            continue;
        const int pod = it->first;
        if (pod != previous && closed.contains(pod)) {
            out.add(u"super-pod-order"_s, serverFieldPlace(s, "name"),
                    trText("cw::Validation",
                           "%1: super pod \"%2\" is split: its servers must follow each other in "
                           "launch order (the master first, then the servers in project order), "
                           "because HCCL needs the servers of one super pod together and rank ids "
                           "run server by server")
                        .arg(serverLabel(project, s), pods[size_t(pod)].id));
        }
        if (previous >= 0 && pod != previous)
            closed.insert(previous, s);
        previous = pod;
    }
}

// SDIDs: one per die in SuperPoD projects, unique inside their pod (HCCL's "unique identifier of
// the NPU within the SuperPoD"; its own example repeats 0-7 in its second pod).
void checkSuperDeviceIds(const Project &project, ProblemList &out)
{
    QHash<QString, int> podOf;
    for (int p = 0; p < int(project.superPods.size()); ++p) {
        for (const QString &name : project.superPods[size_t(p)].servers)
            podOf.insert(name, p);
    }
    QHash<QString, std::pair<int, int>> seen; // "pod/sdid" -> (server, die)
    for (int s = 0; s < int(project.servers.size()); ++s) {
        const Server &server = project.servers[size_t(s)];
        const int devices = int(server.devices.size());
        const ProblemPlace place = serverFieldPlace(s, "super_device_ids");
        if (server.superDeviceIds.isEmpty() && !project.superPods.empty()) {
            out.add(u"super-device-id"_s, place,
                    trText("cw::Validation",
                           "%1: no super_device_ids for its %2 dies; rank table 1.2 needs each "
                           "die's SDID (npu-smi info -t spod-info -i NPU -c CHIP)")
                        .arg(serverLabel(project, s))
                        .arg(devices));
            continue;
        }
        if (server.superDeviceIds.isEmpty())
            continue;
        if (server.superDeviceIds.size() != devices) {
            out.add(u"super-device-id"_s, place,
                    trText("cw::Validation", "%1: %2 super_device_ids for %3 dies "
                                             "(super_device_ids[k] belongs to devices[k])")
                        .arg(serverLabel(project, s))
                        .arg(server.superDeviceIds.size())
                        .arg(devices));
            continue;
        }
        const int pod = podOf.value(server.name, -1);
        for (int k = 0; k < devices; ++k) {
            const QString &sdid = server.superDeviceIds[k];
            const int die = server.devices[size_t(k)];
            if (!isSdid(sdid)) {
                out.add(u"super-device-id"_s, place.item(k),
                        trText("cw::Validation", "%1: super_device_id \"%2\" is not a whole "
                                                 "number from 0 to 4294967295")
                            .arg(dieText(project, s, die))
                            .arg(sdid));
                continue;
            }
            const QString key = QString::number(pod) + u'/' + sdid;
            if (auto it = seen.constFind(key); it != seen.constEnd()) {
                out.add(u"super-device-id-unique"_s, place.item(k),
                        trText("cw::Validation", "%1: super_device_id %2 is already that of %3; "
                                                 "an SDID is unique inside its super pod")
                            .arg(dieText(project, s, die))
                            .arg(sdid)
                            .arg(dieText(project, it->first, it->second)));
                continue;
            }
            seen.insert(key, {s, die});
        }
    }
}

// The optional ports of rank tables 1.0 and 1.2: [1, 65535], one per die; host_port differs
// between the dies of one server; a die's port as backup differs from its own device_port.
void checkPorts(const Project &project, ProblemList &out)
{
    for (int s = 0; s < int(project.servers.size()); ++s) {
        const Server &server = project.servers[size_t(s)];
        const size_t devices = server.devices.size();
        const std::array<std::pair<const char *, const std::vector<int> *>, 3> lists{{
            {"device_ports", &server.devicePorts},
            {"backup_device_ports", &server.backupDevicePorts},
            {"host_ports", &server.hostPorts},
        }};
        bool shaped = true;
        for (const auto &[member, ports] : lists) {
            if (ports->empty())
                continue;
            const QString name = QString::fromLatin1(member);
            if (ports->size() != devices) {
                out.add(u"device-port"_s, serverFieldPlace(s, member),
                        trText("cw::Validation", "%1: %2 lists %3 ports for %4 dies (one per "
                                                 "die, in the order of devices) or none")
                            .arg(serverLabel(project, s), name)
                            .arg(ports->size())
                            .arg(devices));
                shaped = false;
                continue;
            }
            for (size_t k = 0; k < devices; ++k) {
                const int port = (*ports)[k];
                if (port < 1 || port > 65535) {
                    out.add(u"device-port"_s, serverFieldPlace(s, member).item(int(k)),
                            trText("cw::Validation", "%1: %2 %3 is not a port (1-65535)")
                                .arg(dieText(project, s, server.devices[k]))
                                .arg(name)
                                .arg(port));
                    shaped = false;
                }
            }
        }
        if (!shaped)
            continue;
        QHash<int, int> hostPortDie;
        for (size_t k = 0; k < server.hostPorts.size(); ++k) {
            const int die = server.devices[k];
            if (auto it = hostPortDie.constFind(server.hostPorts[k]);
                it != hostPortDie.constEnd()) {
                out.add(u"device-port"_s, serverFieldPlace(s, "host_ports").item(int(k)),
                        trText("cw::Validation", "%1: host_port %2 is already that of die %3; "
                                                 "every die of one server needs its own host_port")
                            .arg(dieText(project, s, die))
                            .arg(server.hostPorts[k])
                            .arg(*it));
                continue;
            }
            hostPortDie.insert(server.hostPorts[k], die);
        }
        if (server.backupDevicePorts.empty() || server.devicePorts.empty())
            continue;
        for (size_t k = 0; k < devices; ++k) {
            // Die k's backup is its partner's NIC: the partner's own device_port must differ.
            const auto partner = std::find(server.devices.begin(), server.devices.end(),
                                           a3PartnerDie(server.devices[k]));
            if (partner == server.devices.end())
                continue;
            const size_t j = size_t(partner - server.devices.begin());
            if (server.backupDevicePorts[k] != server.devicePorts[j])
                continue;
            out.add(u"device-port"_s, serverFieldPlace(s, "backup_device_ports").item(int(k)),
                    trText("cw::Validation", "%1: backup_device_port %2 is the device_port of die "
                                             "%3, its backup NIC; one NIC needs different ports "
                                             "as primary and as backup")
                        .arg(dieText(project, s, server.devices[k]))
                        .arg(server.backupDevicePorts[k])
                        .arg(*partner));
        }
    }
}

} // namespace

void checkDieSegments(const Project &project, int prefix,
                      const std::vector<std::vector<DeviceIpAt>> &ips, ProblemList &out)
{
    const QStringList &segments = project.deviceNetwork.segments;
    std::array<std::optional<Ipv4Network>, kA3SegmentCount> fixed;
    if (!segments.isEmpty() && segments.size() != kA3SegmentCount) {
        out.add(u"segment"_s, projectPlace(u"device_network.segments"_s),
                trText("cw::Validation",
                       "device network: %1 segments given; an ascend910_93 project gives none or "
                       "two (segments[0] for die 0 of every NPU, segments[1] for die 1)")
                    .arg(segments.size()));
    } else {
        for (int j = 0; j < segments.size(); ++j) {
            QString problem;
            fixed[size_t(j)] = segmentFromText(segments[j], prefix, &problem);
            if (!fixed[size_t(j)])
                out.add(
                    u"segment"_s, projectPlace(u"device_network.segments"_s).item(j),
                    trText("cw::Validation", "device network: segment %1 %2").arg(j).arg(problem));
        }
        if (fixed[0] && fixed[1] && *fixed[0] == *fixed[1])
            out.add(u"segment"_s, projectPlace(u"device_network.segments"_s).item(1),
                    trText("cw::Validation", "device network: segments 0 and 1 are both %1; the "
                                             "two dies of one NPU need different segments")
                        .arg(fixed[0]->toString()));
    }
    for (size_t s = 0; s < ips.size(); ++s) {
        QHash<int, const DeviceIpAt *> byDie;
        for (const DeviceIpAt &device : ips[s]) {
            byDie.insert(device.id, &device);
            const std::optional<Ipv4Network> &segment = fixed[size_t(a3Segment(device.id))];
            if (segment && !segment->contains(device.ip))
                out.add(u"segment"_s, deviceIpPlace(int(s), device.position),
                        trText("cw::Validation", "%1: %2 is not in segment %3, which "
                                                 "device_network.segments[%4] sets for that die "
                                                 "of every NPU")
                            .arg(dieText(project, int(s), device.id))
                            .arg(device.ip.toString(), segment->toString())
                            .arg(a3Segment(device.id)));
        }
        for (const DeviceIpAt &device : ips[s]) {
            if (device.id % 2 == 0)
                continue;
            const DeviceIpAt *partner = byDie.value(a3PartnerDie(device.id));
            if (!partner)
                continue;
            const Ipv4Network segment = Ipv4Network::containing(device.ip, prefix);
            if (!segment.contains(partner->ip))
                continue;
            out.add(u"die-segment"_s, deviceIpPlace(int(s), device.position),
                    trText("cw::Validation",
                           "%1: %2 is in segment %3 like die %4 of the same NPU (%5); the two dies "
                           "of one Atlas A3 NPU must be in different segments (hccn_tool ping "
                           "between them fails otherwise)")
                        .arg(dieText(project, int(s), device.id))
                        .arg(device.ip.toString(), segment.toString())
                        .arg(partner->id)
                        .arg(partner->ip.toString()));
        }
    }
}

void validateAtlasA3(const Project &project, ProblemList &out)
{
    if (project.accelerator != Accelerator::Ascend910_93) {
        checkA3Only(project, out);
        return;
    }
    checkSuperPods(project, out);
    checkSuperDeviceIds(project, out);
    checkPorts(project, out);
    // no-ranktable gives the ranks only the CM_* variables; CANN lists them for the Atlas
    // training series and Atlas A2 alone, not for Atlas A3 (envref_07_0053, CM_WORKER_SIZE,
    // "支持的型号", canncommercial 850; its siblings CM_CHIEF_IP/PORT/DEVICE, CM_WORKER_IP alike).
    if (project.launch.mode == LaunchMode::NoRankTable)
        out.add(u"a3-mode"_s, projectPlace(u"launch.mode"_s),
                trText("cw::Validation",
                       "launch: mode no-ranktable forms the job from the CM_* variables, which "
                       "CANN supports on the Atlas training series and Atlas A2 only, not on "
                       "Atlas A3 (ascend910_93); use ranktable (rank table 1.2 with super_pods, "
                       "else 1.0), launch (torchrun with torch_npu) or msrun (MindSpore)"));
}

} // namespace cw
