// SPDX-License-Identifier: GPL-3.0-or-later
#include "generate/ScriptFiles.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <utility>

namespace cw {
namespace {

using Json = nlohmann::ordered_json;

std::string text(int value)
{
    return std::to_string(value);
}

// A list member for position k, when the server gives that list (validated: one per device).
const int *portAt(const std::vector<int> &ports, size_t k)
{
    return k < ports.size() ? &ports[k] : nullptr;
}

// HCCL rank table 1.2 (Atlas A3 SuperPoD networking), members in the order of HCCL's own
// example (hicann/hccl docs/en/user_guide/cluster_info_config/rank_table_config_a3.md): server_id
// is the server's name (an identifier of at most 64 characters, as there), host_ip its address;
// per die device_id, super_device_id (the SDID), device_ip, device_port, backup_device_ip (the
// other die of the same NPU, the only NIC HCCL accepts as its backup), backup_device_port,
// host_port, rank_id; the optional ones only when the project gives them. super_pod_list in
// launch order, each pod's servers together (validated).
QByteArray superPodRankTable(const Project &project)
{
    Json servers = Json::array();
    std::vector<std::pair<QString, Json>> pods; // in the order their first server launches
    for (const int index : project.launchOrder()) {
        const Server &server = project.servers[size_t(index)];
        const int firstRank = project.rankOffset(index);
        Json devices = Json::array();
        for (size_t k = 0; k < server.devices.size(); ++k) {
            const int die = server.devices[k];
            Json device = Json::object();
            device["device_id"] = text(die);
            device["super_device_id"] = server.superDeviceIds.value(qsizetype(k)).toStdString();
            if (k < size_t(server.deviceIps.size()))
                device["device_ip"] = server.deviceIps[qsizetype(k)].toStdString();
            if (const int *port = portAt(server.devicePorts, k))
                device["device_port"] = text(*port);
            const auto partner = std::find(server.devices.begin(), server.devices.end(), die ^ 1);
            const qsizetype j = qsizetype(partner - server.devices.begin());
            if (partner != server.devices.end() && j < server.deviceIps.size())
                device["backup_device_ip"] = server.deviceIps[j].toStdString();
            if (const int *port = portAt(server.backupDevicePorts, k))
                device["backup_device_port"] = text(*port);
            if (const int *port = portAt(server.hostPorts, k))
                device["host_port"] = text(*port);
            device["rank_id"] = text(firstRank + int(k));
            devices.push_back(std::move(device));
        }
        Json entry = Json::object();
        entry["server_id"] = server.name.toStdString();
        entry["host_ip"] = server.effectiveHostIp().toStdString();
        entry["device"] = std::move(devices);
        servers.push_back(std::move(entry));
        for (const SuperPod &pod : project.superPods) {
            if (!pod.servers.contains(server.name))
                continue;
            auto it = std::find_if(pods.begin(), pods.end(),
                                   [&](const auto &entry) { return entry.first == pod.id; });
            if (it == pods.end()) {
                pods.emplace_back(pod.id, Json::array());
                it = pods.end() - 1;
            }
            it->second.push_back({{"server_id", server.name.toStdString()}});
            break;
        }
    }
    Json podList = Json::array();
    for (auto &[id, members] : pods)
        podList.push_back(
            {{"super_pod_id", id.toStdString()}, {"server_list", std::move(members)}});
    Json table = Json::object();
    table["status"] = "completed";
    table["version"] = "1.2";
    table["server_count"] = std::to_string(project.servers.size());
    table["server_list"] = std::move(servers);
    table["super_pod_list"] = std::move(podList);
    return QByteArray::fromStdString(table.dump(4) + "\n");
}

} // namespace

// HCCL rank table 1.0 in the layout hccl_tools.py writes (seed 004) and CANN documents (seed
// 002): every value a string, master first, rank ids ascending across the whole job. An Atlas
// A3 project with super pods gets version 1.2 instead; one without (typical networking) keeps
// 1.0, with the device_port and host_port of CANN's A3 typical example when it gives them.
QByteArray rankTableJson(const Project &project)
{
    if (project.accelerator == Accelerator::Ascend910_93 && !project.superPods.empty())
        return superPodRankTable(project);
    const bool hasDeviceIps = isAscend(project.accelerator);
    Json servers = Json::array();
    for (int index : project.launchOrder()) {
        const Server &server = project.servers[index];
        Json devices = Json::array();
        const int firstRank = project.rankOffset(index);
        for (size_t k = 0; k < server.devices.size(); ++k) {
            Json device = Json::object();
            device["device_id"] = std::to_string(server.devices[k]);
            // nvidia and cpu projects have no device IPs: their rank table only rehearses the
            // ranktable flow, so the member is left out rather than invented.
            if (hasDeviceIps && k < static_cast<size_t>(server.deviceIps.size()))
                device["device_ip"] = server.deviceIps[static_cast<qsizetype>(k)].toStdString();
            if (const int *port = portAt(server.devicePorts, k))
                device["device_port"] = text(*port);
            if (const int *port = portAt(server.hostPorts, k))
                device["host_port"] = text(*port);
            device["rank_id"] = std::to_string(firstRank + static_cast<int>(k));
            devices.push_back(std::move(device));
        }
        Json entry = Json::object();
        entry["server_id"] = server.effectiveHostIp().toStdString();
        entry["device"] = std::move(devices);
        entry["host_nic_ip"] = "reserve";
        servers.push_back(std::move(entry));
    }
    Json table = Json::object();
    table["version"] = "1.0";
    table["server_count"] = std::to_string(project.servers.size());
    table["server_list"] = std::move(servers);
    table["status"] = "completed";
    return QByteArray::fromStdString(table.dump(4) + "\n");
}

} // namespace cw
