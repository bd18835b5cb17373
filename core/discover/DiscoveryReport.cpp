// SPDX-License-Identifier: GPL-3.0-or-later
#include "discover/DiscoveryReport.h"

#include <algorithm>
#include <array>
#include <nlohmann/json.hpp>

using namespace Qt::StringLiterals;
using Json = nlohmann::ordered_json;

namespace cw {
namespace {

std::string str(const QString &text)
{
    return text.toStdString();
}

Json strings(const QStringList &list)
{
    Json array = Json::array();
    for (const QString &item : list)
        array.push_back(str(item));
    return array;
}

QString orDash(const QString &text)
{
    return text.isEmpty() ? u"-"_s : text;
}

Json hostKeyJson(const HostKeyInfo &key)
{
    if (key.type.isEmpty())
        return nullptr;
    return Json{{"type", str(key.type)},
                {"fingerprint", str(key.fingerprint)},
                {"state", str(hostKeyStateName(key.state))},
                {"recorded", key.recorded}};
}

Json factsJson(const ServerFacts &facts)
{
    Json nics = Json::array();
    for (const Nic &nic : facts.nics) {
        Json addresses = Json::array();
        for (const NicAddress &address : nic.addresses)
            addresses.push_back(str(address.address + u'/' + QString::number(address.prefix)));
        nics.push_back({{"name", str(nic.name)}, {"addresses", addresses}});
    }
    Json npus = Json::array();
    for (const NpuDevice &device : facts.npu.devices)
        npus.push_back(
            {{"id", device.id}, {"name", str(device.name)}, {"health", str(device.health)}});
    Json dies = Json::array();
    for (const NpuDie &die : facts.npu.dies) {
        Json entry{
            {"die", die.phyId}, {"npu", die.npu}, {"chip", die.chip}, {"health", str(die.health)}};
        if (const DieSuperPod *pod = facts.dieSuperPod(die.phyId)) {
            entry["sdid"] = str(pod->sdid);
            entry["super_pod_id"] = str(pod->superPodId);
            entry["server_index"] = str(pod->serverIndex);
        }
        dies.push_back(entry);
    }
    Json ascend = Json::array();
    for (const AscendDeviceFacts &device : facts.ascendDevices)
        ascend.push_back({{"device", device.device},
                          {"address", str(device.address)},
                          {"netmask", str(device.netmask)},
                          {"link", str(linkStateName(device.link))},
                          {"net_health", str(netHealthName(device.netHealth))}});
    Json gpus = Json::array();
    for (const GpuFacts &gpu : facts.gpus)
        gpus.push_back({{"index", gpu.index}, {"name", str(gpu.name)}, {"uuid", str(gpu.uuid)}});
    Json issues = Json::array();
    for (const ProbeIssue &issue : facts.issues)
        issues.push_back({{"probe", str(issue.probe)}, {"message", str(issue.message)}});
    Json sshdPorts = Json::array();
    for (const int port : facts.sshd.ports)
        sshdPorts.push_back(port);

    return Json{
        {"hostname", str(facts.hostname)},
        {"host_ips", strings(facts.hostIps)},
        {"nics", nics},
        {"os",
         {{"pretty_name", str(facts.os.prettyName)},
          {"id", str(facts.os.id)},
          {"version_id", str(facts.os.versionId)}}},
        {"npu",
         {{"tool_found", facts.npu.toolFound},
          {"count", facts.npu.count},
          {"chip", str(facts.npu.chipName)},
          {"devices", npus},
          {"dies", dies},
          {"error", str(facts.npu.error)}}},
        {"ascend_devices", ascend},
        {"gpus", gpus},
        {"python",
         {{"found", facts.python.found},
          {"executable", str(facts.python.executable)},
          {"version", str(facts.python.version)},
          {"torch_version", str(facts.python.torchVersion)},
          {"torch_error", str(facts.python.torchError)},
          {"error", str(facts.python.error)}}},
        {"mpirun",
         {{"found", facts.mpirun.found},
          {"implementation", str(facts.mpirun.implementation)},
          {"version", str(facts.mpirun.version)}}},
        {"firewall",
         {{"kind", str(firewallKindName(facts.firewall.kind))}, {"active", facts.firewall.active}}},
        {"sshd",
         {{"running", facts.sshd.running ? Json(*facts.sshd.running) : Json(nullptr)},
          {"ports", sshdPorts}}},
        {"complete", facts.complete},
        {"issues", issues},
    };
}

} // namespace

QString discoveryDevicesText(const ServerFacts &facts)
{
    if (!facts.npu.dies.empty()) {
        // Atlas A3: the dies are the devices ("16 dies, 16 OK"); check.sh says the same.
        const auto healthy = std::count_if(facts.npu.dies.begin(), facts.npu.dies.end(),
                                           [](const NpuDie &die) { return die.healthy(); });
        return u"%1 dies, %2 OK"_s.arg(facts.npu.dies.size()).arg(healthy);
    }
    if (facts.npu.present) {
        const auto healthy =
            std::count_if(facts.npu.devices.begin(), facts.npu.devices.end(),
                          [](const NpuDevice &device) { return device.healthy(); });
        return u"%1 NPU, %2 OK"_s.arg(facts.npu.count).arg(healthy);
    }
    if (!facts.gpus.empty())
        return u"%1 GPU"_s.arg(facts.gpus.size());
    return u"-"_s;
}

QString discoveryPythonText(const ServerFacts &facts)
{
    if (!facts.python.found)
        return u"-"_s;
    const QString torch = facts.python.torchVersion.isEmpty()
                              ? u"no torch"_s
                              : u"torch "_s + facts.python.torchVersion;
    return orDash(facts.python.version) + u", "_s + torch;
}

QString discoveryMpirunText(const ServerFacts &facts)
{
    if (!facts.mpirun.found)
        return u"-"_s;
    return (facts.mpirun.implementation + u' ' + facts.mpirun.version).trimmed();
}

QString discoveryTable(const Project &project, const std::vector<ServerDiscovery> &results)
{
    constexpr size_t kColumns = 9;
    using Row = std::array<QString, kColumns>;
    std::vector<Row> rows{{u"NAME"_s, u"HOSTNAME"_s, u"HOST-IP"_s, u"NIC"_s, u"OS"_s, u"DEVICES"_s,
                           u"PYTHON"_s, u"MPIRUN"_s, u"FIREWALL"_s}};
    std::vector<QString> failures(1);
    for (const ServerDiscovery &result : results) {
        const int index = result.connection.serverIndex;
        const Server *server = index >= 0 && index < int(project.servers.size())
                                   ? &project.servers[size_t(index)]
                                   : nullptr;
        Row row;
        row[0] = server ? server->name : result.connection.serverName;
        if (!result.ok()) {
            rows.push_back(row);
            failures.push_back(u"error: "_s + result.connection.error.message);
            continue;
        }
        const ServerFacts &facts = *result.facts;
        row[1] = orDash(facts.hostname);
        row[2] = orDash(server ? server->hostIp : QString());
        row[3] = orDash(server ? server->nic : QString());
        row[4] = orDash(facts.os.prettyName);
        row[5] = discoveryDevicesText(facts);
        row[6] = discoveryPythonText(facts);
        row[7] = discoveryMpirunText(facts);
        row[8] = firewallKindName(facts.firewall.kind);
        rows.push_back(row);
        failures.emplace_back();
    }
    std::array<qsizetype, kColumns> widths{};
    for (const Row &row : rows) {
        for (size_t c = 0; c < kColumns; ++c)
            widths[c] = std::max(widths[c], row[c].size());
    }
    QString text;
    for (size_t r = 0; r < rows.size(); ++r) {
        QString line = rows[r][0].leftJustified(widths[0]) + u"  "_s;
        if (!failures[r].isEmpty()) {
            line += failures[r];
        } else {
            for (size_t c = 1; c < kColumns; ++c)
                line += rows[r][c].leftJustified(widths[c]) + u"  "_s;
        }
        while (line.endsWith(u' '))
            line.chop(1);
        text += line + u'\n';
    }
    return text;
}

Json discoveryToJson(const Project &project, const std::vector<ServerDiscovery> &results)
{
    Json servers = Json::array();
    for (const ServerDiscovery &result : results) {
        const FleetResult &connection = result.connection;
        const int index = connection.serverIndex;
        const Server *server = index >= 0 && index < int(project.servers.size())
                                   ? &project.servers[size_t(index)]
                                   : nullptr;
        Json entry{{"name", str(connection.serverName)},
                   {"host", str(server ? server->host : QString())},
                   {"port", server ? server->port : 0},
                   {"ok", result.ok()}};
        if (connection.error.isError())
            entry["error"] = {{"kind", str(sshErrorKindName(connection.error.kind))},
                              {"message", str(connection.error.message)}};
        entry["host_key"] = hostKeyJson(connection.hostKey);
        entry["auth_method"] = str(sshAuthMethodName(connection.authMethod));
        entry["elapsed_ms"] = connection.elapsedMs;
        if (server) {
            entry["host_ip"] = str(server->hostIp);
            entry["nic"] = str(server->nic);
        }
        if (result.facts)
            entry["facts"] = factsJson(*result.facts);
        servers.push_back(std::move(entry));
    }
    return Json{{"servers", servers}};
}

} // namespace cw
