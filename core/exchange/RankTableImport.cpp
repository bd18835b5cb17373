// SPDX-License-Identifier: GPL-3.0-or-later
// HCCL rank table 1.0 as hccl_tools.py and merge_hccl.py write it (github.com/mindspore-ai/models
// utils/hccl_tools; seed 004 shows a file): `version` "1.0", `server_count`, `server_list[]` of
// {server_id, device[] {device_id, device_ip, rank_id}, host_nic_ip "reserve"}, `status`.
// hccl_tools writes every value as a string; merge_hccl.py rewrites rank_id as a number, so both
// are read. CANN's own A2 example names servers "node_0" (hcclug_000067, "Rank Table
// Configuration (Atlas A2 training product)"), and MindCluster's hccl.json (Ascend Operator,
// docs/en/scheduling/api/hccl.json_file_description.md) gives `server_id` as an identifier and
// the address in `host_ip`: the address is host_ip when there is one, else server_id when it is
// an address, else server_id is taken as a host name. MindCluster writes {"status":
// "initializing"} until the pods are placed, and version "1.2" for Atlas A3 (SuperPoD), which is
// not supported.
#include "exchange/ImportShared.h"
#include "model/JsonRead.h"
#include "model/Problem.h"

#include "rules/ValueRules.h"

#include <nlohmann/json.hpp>

#include <set>

using namespace Qt::StringLiterals;
using Json = nlohmann::ordered_json;

namespace cw {
namespace {

constexpr int kMaxDevice = 7;

QString str(const std::string &s)
{
    return QString::fromStdString(s);
}

// A member hccl_tools writes as a string and merge_hccl as a number.
std::optional<int> numberMember(const Json &object, const char *key, int high)
{
    const auto it = object.find(key);
    if (it == object.end())
        return std::nullopt;
    if (it->is_number_unsigned() && it->get<unsigned long long>() <= unsigned(high))
        return static_cast<int>(it->get<unsigned long long>());
    if (it->is_string())
        return strictNumber(str(it->get<std::string>()), 0, high);
    return std::nullopt;
}

QString stringMember(const Json &object, const char *key)
{
    const auto it = object.find(key);
    return it != object.end() && it->is_string() ? str(it->get<std::string>()) : QString();
}

void noteUnknown(const Json &object, std::initializer_list<const char *> known,
                 const QString &where, ImportLog &log)
{
    for (auto it = object.begin(); it != object.end(); ++it) {
        bool isKnown = false;
        for (const char *name : known)
            isKnown = isKnown || it.key() == name;
        if (!isKnown)
            log.note(u"could not carry: %1%2"_s.arg(where, str(it.key())));
    }
}

struct RankCheck {
    std::set<int> seen;
    int expected = 0;
    bool inOrder = true;
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
    if (const QString problem = ipv4Problem(ip); !problem.isEmpty()) {
        log.error(u"ranktable-device-ip"_s, path + u".device_ip"_s,
                  ip.isEmpty() ? u"missing"_s : problem);
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
    project.servers.push_back(server);
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
bool checkStatusAndVersion(const Json &document, ImportLog &log)
{
    const auto status = document.find("status");
    if (status != document.end() && status->is_string() &&
        status->get<std::string>() == "initializing") {
        log.error(u"ranktable-status"_s, u"status"_s,
                  u"\"initializing\": the rank table is not written yet (MindCluster fills it "
                  u"once the job's pods are placed); import the file once its status is "
                  u"\"completed\""_s);
        return false;
    }
    const auto version = document.find("version");
    const bool isString = version != document.end() && version->is_string();
    const std::string text = isString ? version->get<std::string>() : std::string();
    if (text == "1.2") {
        log.error(u"ranktable-version"_s, u"version"_s,
                  u"\"1.2\" is the Atlas A3 (SuperPoD) rank table, which clusterwiz does not "
                  u"read yet; only version \"1.0\" (Atlas 800, Atlas A2) is read"_s);
        return false;
    }
    if (text != "1.0") {
        log.error(u"ranktable-version"_s, u"version"_s,
                  u"%1: only rank table version \"1.0\" (a string, as HCCL's rank table "
                  u"template writes it) is read"_s.arg(shownValue(document, "version")));
        return false;
    }
    if (status == document.end() || !status->is_string() ||
        status->get<std::string>() != "completed")
        log.note(u"status is %1, not \"completed\": the table may be unfinished"_s.arg(
            shownValue(document, "status")));
    return true;
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
    if (!checkStatusAndVersion(document, log))
        return result;
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
    for (size_t s = 0; s < list->size(); ++s)
        readServer((*list)[s], u"server_list[%1]"_s.arg(s), project, names, ranks, log);
    if (result.ok() && !ranks.inOrder)
        log.note(u"could not carry: the rank_id order; clusterwiz numbers ranks from the first "
                 u"server (the master) on, in list order, as hccl_tools does"_s);
    log.note(u"ssh user and port are not in a rank table: set them (port 22 assumed)"_s);
    chooseAscendGeneration(project, options, log);
    result.project = project;
    return result;
}

} // namespace cw
