// SPDX-License-Identifier: GPL-3.0-or-later
#include "generate/ScriptFiles.h"

#include <nlohmann/json.hpp>
#include <utility>

namespace cw {

// HCCL rank table 1.0 in the layout hccl_tools.py writes (seed 004) and CANN documents (seed
// 002): every value a string, master first, rank ids ascending across the whole job.
QByteArray rankTableJson(const Project &project)
{
    using Json = nlohmann::ordered_json;
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
