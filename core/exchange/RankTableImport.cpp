// SPDX-License-Identifier: GPL-3.0-or-later
// HCCL rank table 1.0 as hccl_tools.py and merge_hccl.py write it (github.com/mindspore-ai/models
// utils/hccl_tools; seed 004 shows a file): `version` "1.0", `server_count`, `server_list[]` of
// {server_id, device[] {device_id, device_ip, rank_id}, host_nic_ip "reserve"}, `status`.
// hccl_tools writes every value as a string, and so does merge_hccl.py (`str(rank_id)` since
// mindspore-ai/models af532740f, 2021); its first version (3a2f16b81) wrote rank_id as a number,
// so both are read. CANN's own A2 example names servers "node_0" (hcclug_000067, "Rank Table
// Configuration (Atlas A2 training product)"), and MindCluster's hccl.json (Ascend Operator,
// docs/en/scheduling/api/hccl.json_file_description.md) gives `server_id` as an identifier and
// the address in `host_ip`: the address is host_ip when there is one, else server_id when it is
// an address, else server_id is taken as a host name. MindCluster writes {"status":
// "initializing"} until the pods are placed, and version "1.2" for Atlas A3 (SuperPoD).
// Which accelerator: what the file names decides. CANN's Atlas training series template 1
// (hcclug_000068) and its Atlas A2 example (hcclug_000067) share one layout (two devices of one
// /24 per server); only the A2 example gives `device_port`, and MindCluster names the product in
// `hardware_type` ("800I-A2-32G"). Atlas A3 tables are known by what only they hold: version
// "1.2", `super_pod_list`, `super_device_id`, `host_port`, device ids past 7 (16 dies per server;
// CANN's A3 page, hcclug_000014), and read by RankTableA3Import.cpp. A 1.0 table that names none of
// these is read as the Atlas training series (ascend910) unless a server lists all eight devices in
// one segment (ImportShared). `device_ip` may be empty on a single server: one server's devices
// talk over HCCS, not RoCE (the A2 guide's device_ip row); more servers need it.
#include "exchange/ImportShared.h"
#include "exchange/RankTableRead.h"
#include "model/JsonRead.h"
#include "model/Problem.h"

#include "rules/ValueRules.h"

#include <nlohmann/json.hpp>

#include <set>

using namespace Qt::StringLiterals;

namespace cw {
namespace {

using namespace ranktable;

constexpr int kMaxDevice = 7;

struct RankCheck {
    std::set<int> seen;
    int expected = 0;
    bool inOrder = true;
    bool singleServer = false; // device_ip may be empty
    bool withoutIp = false;    // a device had none
};

bool readDevice(const Json &device, const QString &path, QHash<int, QString> &ips, RankCheck &ranks,
                ImportLog &log)
{
    if (!device.is_object()) {
        log.error(u"ranktable-shape"_s, path, u"is not an object"_s);
        return false;
    }
    const std::optional<int> id = numberMember(device, "device_id", kMaxDevice);
    if (!id) {
        log.error(u"ranktable-device-id"_s, path + u".device_id"_s,
                  u"missing or not an Ascend 910 device (0-7)"_s);
        return false;
    }
    if (ips.contains(*id)) {
        log.error(u"ranktable-device-duplicate"_s, path + u".device_id"_s,
                  u"device %1 is listed twice on this server"_s.arg(*id));
        return false;
    }
    const QString ip = stringMember(device, "device_ip");
    if (ip.isEmpty() && ranks.singleServer) {
        ranks.withoutIp = true; // one server: HCCS, no device network
    } else if (const QString problem = ipv4Problem(ip); !problem.isEmpty()) {
        log.error(u"ranktable-device-ip"_s, path + u".device_ip"_s,
                  ip.isEmpty() ? u"missing; only a table of one server may leave device_ip "
                                 u"empty"_s
                               : problem);
        return false;
    }
    const std::optional<int> rank = numberMember(device, "rank_id", 1 << 20);
    if (!rank || ranks.seen.count(*rank)) {
        log.error(u"ranktable-rank-id"_s, path + u".rank_id"_s,
                  rank ? u"rank %1 is given twice"_s.arg(*rank) : u"missing or not a number"_s);
        return false;
    }
    ranks.seen.insert(*rank);
    ranks.inOrder = ranks.inOrder && *rank == ranks.expected;
    ++ranks.expected;
    noteUnknown(device, {"device_id", "device_ip", "rank_id"}, path + u'.', log);
    ips.insert(*id, ip);
    return true;
}

void readServer(const Json &entry, const QString &path, Project &project, QStringList &names,
                RankCheck &ranks, ImportLog &log)
{
    if (!entry.is_object()) {
        log.error(u"ranktable-shape"_s, path, u"is not an object"_s);
        return;
    }
    const QString serverId = stringMember(entry, "server_id");
    const QString hostIp = stringMember(entry, "host_ip");
    if (serverId.isEmpty()) {
        log.error(u"ranktable-server-id"_s, path + u".server_id"_s, u"missing"_s);
        return;
    }
    if (entry.contains("host_ip") && !ipv4Problem(hostIp).isEmpty()) {
        log.error(u"ranktable-host-ip"_s, path + u".host_ip"_s, ipv4Problem(hostIp));
        return;
    }
    // The server's address: host_ip (MindCluster), else server_id when it is one.
    const QString address = !hostIp.isEmpty() ? hostIp : serverId;
    if (ipv4Problem(address).isEmpty()) {
        // an address: fine
    } else if (const QString problem = sshHostProblem(serverId); !problem.isEmpty()) {
        log.error(u"ranktable-server-id"_s, path + u".server_id"_s,
                  u"server_id %1, and the entry has no host_ip"_s.arg(problem));
        return;
    }
    for (const Server &other : project.servers) {
        if (other.host == address) {
            log.error(u"ranktable-server-duplicate"_s, path + u".server_id"_s,
                      u"server %1 is listed twice"_s.arg(address));
            return;
        }
    }
    const auto devices = entry.find("device");
    if (devices == entry.end() || !devices->is_array() || devices->empty()) {
        log.error(u"ranktable-devices"_s, path + u".device"_s, u"missing or empty"_s);
        return;
    }
    QHash<int, QString> ips;
    for (size_t d = 0; d < devices->size(); ++d) {
        if (!readDevice((*devices)[d], path + u".device[%1]"_s.arg(d), ips, ranks, log))
            return;
    }
    const QString nic = stringMember(entry, "host_nic_ip");
    if (!nic.isEmpty() && nic != u"reserve")
        log.note(u"could not carry: %1.host_nic_ip %2"_s.arg(path, nic));
    noteUnknown(entry, {"server_id", "host_ip", "device", "host_nic_ip"}, path + u'.', log);
    Server server;
    server.name = newServerName({}, static_cast<int>(project.servers.size()), names);
    server.host = address;
    if (ipv4Problem(address).isEmpty()) {
        server.hostIp = address;
    } else {
        log.note(u"%1: host of %2 is server_id %3, a name; set host and host_ip to the server's "
                 u"address if this machine or the servers do not resolve it"_s.arg(
                     path, server.name, serverId));
    }
    setDevices(server, ips);
    if (ranks.withoutIp) {
        for (const QString &ip : std::as_const(server.deviceIps)) {
            if (!ip.isEmpty()) {
                log.error(u"ranktable-device-ip"_s, path + u".device"_s,
                          u"some devices give device_ip and some leave it empty: give every "
                          u"device its address or none"_s);
                return;
            }
        }
        server.deviceIps.clear();
        // HCCL's A2 rank table page (hicann/hccl docs/en/user_guide/cluster_info_config/
        // rank_table_config_a2.md, device_ip): "In multi-server scenarios, this field is
        // mandatory. In single-server scenarios, this field can be left empty."
        log.note(
            u"%1: device_ip is empty, which one server allows (its devices talk over "
            u"HCCS); the device IPs are still to set before a second server joins"_s.arg(path));
    }
    project.servers.push_back(server);
}

// What only an Atlas A3 table holds, and where: the first found, or an empty `what`.
struct Evidence {
    QString what;
    QString path;
};

Evidence a3Evidence(const Json &document)
{
    if (document.contains("super_pod_list"))
        return {u"super_pod_list"_s, u"super_pod_list"_s};
    const auto list = document.find("server_list");
    if (list == document.end() || !list->is_array())
        return {};
    for (size_t s = 0; s < list->size(); ++s) {
        const Json &server = (*list)[s];
        const auto devices = server.is_object() ? server.find("device") : server.end();
        if (!server.is_object() || devices == server.end() || !devices->is_array())
            continue;
        const QString at = u"server_list[%1].device"_s.arg(s);
        if (devices->size() > size_t(kMaxDevice + 1))
            return {u"%1 devices on one server"_s.arg(devices->size()), at};
        for (size_t d = 0; d < devices->size(); ++d) {
            const Json &device = (*devices)[d];
            if (!device.is_object())
                continue;
            const QString here = at + u"[%1]"_s.arg(d);
            for (const char *key : {"super_device_id", "host_port"}) {
                if (device.contains(key))
                    return {QString::fromLatin1(key), here + u'.' + QString::fromLatin1(key)};
            }
            const std::optional<int> id = numberMember(device, "device_id", 15);
            if (id && *id > kMaxDevice)
                return {u"device_id %1"_s.arg(*id), here + u".device_id"_s};
        }
    }
    return {};
}

// What names the Atlas A2 in a 1.0 table: CANN's A2 example's `device_port` (the Atlas
// training series template has none), MindCluster's `hardware_type` ("800I-A2-32G").
QString a2Evidence(const Json &list)
{
    for (size_t s = 0; s < list.size(); ++s) {
        const Json &server = list[s];
        if (!server.is_object())
            continue;
        const QString hardware = stringMember(server, "hardware_type");
        if (hardware.contains(u"A2"_s))
            return u"hardware_type \"%1\" (server_list[%2])"_s.arg(escapeControls(hardware)).arg(s);
        const auto devices = server.find("device");
        if (devices == server.end() || !devices->is_array())
            continue;
        for (size_t d = 0; d < devices->size(); ++d) {
            if ((*devices)[d].is_object() && (*devices)[d].contains("device_port"))
                return u"device_port (server_list[%1].device[%2])"_s.arg(s).arg(d);
        }
    }
    return {};
}

// The member as the file gives it, for messages: "1.0" (a string), 1.0 (a number), or (missing).
QString shownValue(const Json &document, const char *key)
{
    const auto it = document.find(key);
    if (it == document.end())
        return u"(missing)"_s;
    const QString text = escapeControls(QString::fromStdString(it->dump()));
    return it->is_string() ? text : text + u" (a "_s + jsonTypeName(*it) + u')';
}

// `status` first: MindCluster's placeholder {"status": "initializing"} has no version yet.
// Gives the version, "1.0" or "1.2" (Atlas A3 SuperPoD), or nullopt after an error.
std::optional<std::string> checkStatusAndVersion(const Json &document, ImportLog &log)
{
    const auto status = document.find("status");
    if (status != document.end() && status->is_string() &&
        status->get<std::string>() == "initializing") {
        log.error(u"ranktable-status"_s, u"status"_s,
                  u"\"initializing\": the rank table is not written yet (MindCluster fills it "
                  u"once the job's pods are placed); import the file once its status is "
                  u"\"completed\""_s);
        return std::nullopt;
    }
    const auto version = document.find("version");
    const bool isString = version != document.end() && version->is_string();
    const std::string text = isString ? version->get<std::string>() : std::string();
    if (text != "1.0" && text != "1.2") {
        log.error(u"ranktable-version"_s, u"version"_s,
                  u"%1: only rank table versions \"1.0\" and \"1.2\" (Atlas A3 SuperPoD; "
                  u"strings, as HCCL's rank table templates write them) are read"_s.arg(
                      shownValue(document, "version")));
        return std::nullopt;
    }
    if (status == document.end() || !status->is_string() ||
        status->get<std::string>() != "completed")
        log.note(u"status is %1, not \"completed\": the table may be unfinished"_s.arg(
            shownValue(document, "status")));
    return text;
}

} // namespace

ImportResult importRankTable(const QByteArray &text, const QString &source,
                             const ImportOptions &options)
{
    ImportResult result;
    ImportLog log(&result, source);
    // Nesting first: nlohmann's copy and dump recurse (model/JsonRead.h).
    if (jsonNestingDepth(text, kJsonDepthLimit) > kJsonDepthLimit) {
        log.error(u"ranktable-shape"_s, QString(),
                  u"not accepted: nested deeper than %1 levels"_s.arg(kJsonDepthLimit));
        return result;
    }
    // The one JSON reader: it also refuses a key given twice ("server_list" twice would
    // otherwise read as the last one).
    const JsonParse parsed = parseJsonBytes(text);
    if (!parsed.ok()) {
        if (parsed.errorLine > 0)
            log.error(u"ranktable-json"_s, parsed.errorLine, escapeControls(parsed.error));
        else
            log.error(u"ranktable-json"_s, QString(), escapeControls(parsed.error));
        return result;
    }
    const Json &document = parsed.document;
    if (!document.is_object()) {
        log.error(u"ranktable-shape"_s, QString(), u"is not a JSON object"_s);
        return result;
    }
    const std::optional<std::string> version = checkStatusAndVersion(document, log);
    if (!version)
        return result;
    const Evidence a3 =
        *version == "1.2" ? Evidence{u"version \"1.2\""_s, u"version"_s} : a3Evidence(document);
    if (!a3.what.isEmpty()) {
        if (options.accelerator && *options.accelerator != Accelerator::Ascend910_93) {
            log.error(u"ranktable-a3"_s, a3.path,
                      u"an Atlas A3 rank table (%1 is found only in Atlas A3 tables), but the "
                      u"accelerator given is %2; import it as ascend910_93"_s.arg(
                          a3.what, acceleratorName(*options.accelerator)));
            return result;
        }
        importAtlasA3RankTable(document, *version == "1.2", source, options, log, result);
        return result;
    }
    const auto list = document.find("server_list");
    if (list == document.end() || !list->is_array() || list->empty()) {
        log.error(u"ranktable-servers"_s, u"server_list"_s, u"missing or empty"_s);
        return result;
    }
    if (list->size() > size_t(kMaxServers)) {
        log.error(u"ranktable-servers"_s, u"server_list"_s,
                  u"%1 servers; a cluster has at most %2"_s.arg(list->size()).arg(kMaxServers));
        return result;
    }
    const std::optional<int> count = numberMember(document, "server_count", kMaxServers);
    if (count != static_cast<int>(list->size()))
        log.error(u"ranktable-server-count"_s, u"server_count"_s,
                  u"does not match the %1 servers of server_list"_s.arg(list->size()));
    noteUnknown(document, {"version", "server_count", "server_list", "status"}, {}, log);

    Project project =
        newImportedProject(options, source, Accelerator::Ascend910, LaunchMode::RankTable, log);
    QStringList names;
    RankCheck ranks;
    ranks.singleServer = list->size() == 1;
    for (size_t s = 0; s < list->size(); ++s)
        readServer((*list)[s], u"server_list[%1]"_s.arg(s), project, names, ranks, log);
    if (result.ok() && !ranks.inOrder)
        log.note(u"could not carry: the rank_id order; clusterwiz numbers ranks from the first "
                 u"server (the master) on, in list order, as hccl_tools does"_s);
    log.note(u"ssh user and port are not in a rank table: set them (port 22 assumed)"_s);
    if (const QString a2 = a2Evidence(*list); !a2.isEmpty() && !options.accelerator) {
        project.accelerator = Accelerator::Ascend910b;
        log.note(u"accelerator ascend910b: the file gives %1, which names the Atlas A2 (CANN's "
                 u"Atlas training series template has no such member)"_s.arg(a2));
    } else {
        // Both templates put a server's few devices into one segment: only a whole server
        // (8 devices) in one segment tells the A2 by its layout.
        chooseAscendGeneration(project, options, log, kMaxDevice + 1);
    }
    result.project = project;
    return result;
}

} // namespace cw
