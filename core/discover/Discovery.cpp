// SPDX-License-Identifier: GPL-3.0-or-later
#include "discover/Discovery.h"

#include "discover/ProbeParsers.h"
#include "discover/ProbeScript.h"
#include "net/Ipv4.h"
#include "rules/ProjectWarnings.h"

#include <QDateTime>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace cw {
namespace {

QString hostIpFrom(const Server &server, const ServerFacts &facts)
{
    if (facts.hostIps.contains(server.host) && Ipv4::parse(server.host))
        return server.host;
    for (const QString &address : facts.hostIps) {
        if (Ipv4::parse(address))
            return address;
    }
    return {};
}

std::vector<int> devicesFrom(Accelerator accelerator, const ServerFacts &facts)
{
    std::vector<int> devices;
    if (accelerator == Accelerator::Ascend910_93) {
        for (const NpuDie &die : facts.npu.dies) // an Atlas A3's devices are its dies
            devices.push_back(die.phyId);
    } else if (isAscend(accelerator)) {
        for (const NpuDevice &device : facts.npu.devices) {
            if (device.id >= 0)
                devices.push_back(device.id);
        }
    } else if (accelerator == Accelerator::Nvidia) {
        for (const GpuFacts &gpu : facts.gpus) {
            if (gpu.index >= 0)
                devices.push_back(gpu.index);
        }
    }
    std::sort(devices.begin(), devices.end());
    devices.erase(std::unique(devices.begin(), devices.end()), devices.end());
    return devices;
}

// Every device's current address, or an empty list when any of them has none.
QStringList deviceIpsFrom(const std::vector<int> &devices, const ServerFacts &facts)
{
    QStringList addresses;
    for (const int device : devices) {
        const AscendDeviceFacts *found = facts.ascendDevice(device);
        if (!found || !Ipv4::parse(found->address))
            return {};
        addresses.append(found->address);
    }
    return addresses;
}

// Every die's SDID (npu-smi info -t spod-info), or an empty list when any of them has none.
QStringList superDeviceIdsFrom(const std::vector<int> &devices, const ServerFacts &facts)
{
    QStringList sdids;
    for (const int device : devices) {
        const DieSuperPod *pod = facts.dieSuperPod(device);
        if (!pod || pod->sdid.isEmpty())
            return {};
        sdids.append(pod->sdid);
    }
    return sdids;
}

QString devicesText(const std::vector<int> &devices)
{
    QStringList parts;
    for (const int device : devices)
        parts.append(QString::number(device));
    return u"["_s + parts.join(u", "_s) + u']';
}

void fillServer(Server &server, Accelerator accelerator, const ServerFacts &facts,
                const QString &path, QStringList *changes)
{
    auto note = [&](const char *field, const QString &value) {
        if (changes)
            changes->append(path + u'.' + QLatin1StringView(field) + u": "_s + value);
    };
    if (server.hostIp.isEmpty()) {
        server.hostIp = hostIpFrom(server, facts);
        if (!server.hostIp.isEmpty())
            note("host_ip", server.hostIp);
    }
    if (server.devices.empty()) {
        server.devices = devicesFrom(accelerator, facts);
        if (!server.devices.empty())
            note("devices", devicesText(server.devices));
    }
    if (isAscend(accelerator) && server.deviceIps.isEmpty()) {
        server.deviceIps = deviceIpsFrom(server.devices, facts);
        if (!server.deviceIps.isEmpty())
            note("device_ips", server.deviceIps.join(u", "_s));
    }
    if (accelerator == Accelerator::Ascend910_93 && server.superDeviceIds.isEmpty()) {
        server.superDeviceIds = superDeviceIdsFrom(server.devices, facts);
        if (!server.superDeviceIds.isEmpty())
            note("super_device_ids", server.superDeviceIds.join(u", "_s));
    }
    if (server.nic.isEmpty()) {
        if (const Nic *nic = facts.nicWithAddress(server.effectiveHostIp())) {
            server.nic = nic->name;
            note("nic", server.nic);
        }
    }
}

} // namespace

std::vector<ServerDiscovery> discoverFleet(const Project &project, const FleetOptions &options,
                                           const FleetProgress &progress,
                                           const std::atomic<bool> *cancel,
                                           const DiscoveryFollowUp &followUp)
{
    const int count = int(project.servers.size());
    std::vector<int> order;
    order.reserve(size_t(count));
    if (followUp.first >= 0 && followUp.first < count)
        order.push_back(followUp.first);
    for (int i = 0; i < count; ++i) {
        if (i != followUp.first)
            order.push_back(i);
    }
    std::vector<std::optional<ServerFacts>> facts(project.servers.size());
    const std::vector<FleetResult> taken = runOnServers(
        project, order, options,
        [&](FleetTask &task) {
            // The probe reads the clock first: the skew check compares it with this moment.
            const double askedAt = QDateTime::currentMSecsSinceEpoch() / 1000.0;
            const ExecResult result = task.session.exec(probeCommand(project, task.serverIndex),
                                                        task.remainingMs(), &task.cancel);
            if (result.error.isError())
                return result.error;
            // Each worker writes only its own server's slot.
            std::optional<ServerFacts> &slot = facts[size_t(task.serverIndex)];
            slot = parseProbeOutput(result.out);
            slot->limits.clockAskedAt = askedAt;
            if (followUp.afterProbe)
                followUp.afterProbe(task, *slot);
            return SshError{};
        },
        progress, cancel);
    std::vector<FleetResult> connections(taken.size());
    for (size_t k = 0; k < taken.size(); ++k)
        connections[size_t(order[k])] = taken[k];

    std::vector<ServerDiscovery> results;
    results.reserve(connections.size());
    for (size_t i = 0; i < connections.size(); ++i) {
        ServerDiscovery discovery{connections[i], std::nullopt};
        if (discovery.connection.ok())
            discovery.facts = std::move(facts[i]);
        results.push_back(std::move(discovery));
    }
    return results;
}

namespace {

// An Ascend project that sources no CANN set_env.sh gets the one discovery found, so that jobs
// started over non-interactive SSH have CANN's libraries.
void fillCannSetEnv(Project &project, const std::vector<ServerDiscovery> &results,
                    QStringList *changes)
{
    if (!isAscend(project.accelerator) || sourcesCannSetEnv(project.launch))
        return;
    for (const QString &candidate : cannSetEnvPaths()) {
        for (const ServerDiscovery &result : results) {
            if (!result.ok())
                continue;
            for (const PathCheck &file : result.facts->paths.setEnv) {
                if (file.path != candidate || !file.present)
                    continue;
                const QString line = u"source "_s + candidate;
                project.launch.envSetup.append(line);
                if (changes)
                    changes->append(u"launch.env_setup: "_s + line);
                return;
            }
        }
    }
}

} // namespace

Project applyDiscovery(const Project &project, const std::vector<ServerDiscovery> &results,
                       QStringList *changes)
{
    Project filled = project;
    for (const ServerDiscovery &result : results) {
        const int index = result.connection.serverIndex;
        if (!result.ok() || index < 0 || index >= int(filled.servers.size()))
            continue;
        fillServer(filled.servers[size_t(index)], filled.accelerator, *result.facts,
                   u"servers[%1]"_s.arg(index), changes);
    }
    fillCannSetEnv(filled, results, changes);
    return filled;
}

} // namespace cw
