// SPDX-License-Identifier: GPL-3.0-or-later
// Atlas A3 rank tables: version "1.2" (SuperPoD networking) and A3 tables of version "1.0"
// (typical networking), as HCCL's A3 page documents them (hicann/hccl
// docs/en/user_guide/cluster_info_config/rank_table_config_a3.md; CANN hcclug_000066):
// server_list[] {server_id (<= 64 characters, unique), host_ip, device[] {device_id (the die,
// 0-15), super_device_id (the SDID; HCCL refuses a 1.2 table without it), device_ip,
// device_port, backup_device_ip (the other die of the same NPU), backup_device_port, host_port,
// rank_id}} and super_pod_list[] {super_pod_id, server_list[] {server_id}}; MindCluster's
// hccl.json adds host_nic_ip, container_ip and hardware_type, which are not carried. Refused,
// naming server and die: a super_pod_list naming an unknown server, leaving one out, listing one
// twice or splitting a pod's servers; an SDID twice in one pod; a device IP twice; a die's
// backup IP that is not its NPU's other die; rank ids of servers interleaved (HCCL
// does not support rank ids interleaved across servers). A rank table holds no netmask, so
// whether the two dies of one NPU share a segment is the validator's and planner's to say.
#include "exchange/RankTableRead.h"

#include "model/JsonRead.h"
#include "rules/AtlasA3Rules.h"
#include "rules/ValueRules.h"

#include <QHash>

#include <algorithm>
#include <map>
#include <set>

using namespace Qt::StringLiterals;

namespace cw {
namespace {

using namespace ranktable;

constexpr int kMaxDie = 15;
constexpr qsizetype kMaxServerId = 64;

// One die as the file gives it.
struct Die {
    QString ip;
    QString sdid;
    std::optional<int> devicePort;
    std::optional<int> backupPort;
    std::optional<int> hostPort;
    QString backupIp;
    int rank = 0;
    QString path;
};

struct ServerEntry {
    QString serverId;
    QString path;
    std::map<int, Die> dies; // by die id
};

// A super_device_id as a string (HCCL's example, MindCluster) or a number: a decimal of at most
// 32 bits, as npu-smi prints the SDID.
std::optional<QString> sdidMember(const Json &device)
{
    const auto it = device.find("super_device_id");
    if (it == device.end())
        return std::nullopt;
    QString text;
    if (it->is_number_unsigned())
        text = QString::number(it->get<unsigned long long>());
    else if (it->is_string())
        text = str(it->get<std::string>());
    else
        return std::nullopt;
    bool ok = false;
    const qulonglong value = text.toULongLong(&ok);
    if (!ok || value > 0xffffffffULL || text != QString::number(value))
        return std::nullopt;
    return text;
}

class A3Reader {
public:
    A3Reader(const Json &document, bool superPod, ImportLog &log)
        : m_document(document), m_superPod(superPod), m_log(log)
    {
    }

    bool run(Project &project)
    {
        const auto list = m_document.find("server_list");
        if (list == m_document.end() || !list->is_array() || list->empty()) {
            m_log.error(u"ranktable-servers"_s, u"server_list"_s, u"missing or empty"_s);
            return false;
        }
        if (list->size() > size_t(kMaxServers)) {
            m_log.error(
                u"ranktable-servers"_s, u"server_list"_s,
                u"%1 servers; a cluster has at most %2"_s.arg(list->size()).arg(kMaxServers));
            return false;
        }
        // server_count is optional in 1.2 and required in 1.0 (HCCL's A3 page).
        if (!m_superPod || m_document.contains("server_count")) {
            const std::optional<int> count = numberMember(m_document, "server_count", kMaxServers);
            if (count != static_cast<int>(list->size())) {
                m_log.error(u"ranktable-server-count"_s, u"server_count"_s,
                            u"does not match the %1 servers of server_list"_s.arg(list->size()));
                return false;
            }
        }
        noteUnknown(m_document,
                    {"version", "server_count", "server_list", "status", "super_pod_list"}, {},
                    m_log);
        const auto pods = m_document.find("super_pod_list");
        if (pods != m_document.end() && !m_superPod) {
            m_log.error(u"ranktable-super-pod"_s, u"super_pod_list"_s,
                        u"a table with super pods is version \"1.2\" (HCCL's SuperPoD "
                        u"networking); this one says \"1.0\""_s);
            return false;
        }
        m_podCount = pods != m_document.end() && pods->is_array() ? int(pods->size()) : 0;
        m_singleServer = list->size() == 1;
        for (size_t s = 0; s < list->size(); ++s) {
            if (!readServer((*list)[s], u"server_list[%1]"_s.arg(s)))
                return false;
        }
        if (!checkRanks() || !checkDeviceIps())
            return false;
        if (pods != m_document.end() && !readPods(*pods))
            return false;
        if (!checkSdids() || !checkBackups())
            return false;
        build(project);
        return true;
    }

private:
    bool readServer(const Json &entry, const QString &path)
    {
        if (!entry.is_object()) {
            m_log.error(u"ranktable-shape"_s, path, u"is not an object"_s);
            return false;
        }
        ServerEntry server;
        server.path = path;
        server.serverId = stringMember(entry, "server_id");
        const QString hostIp = stringMember(entry, "host_ip");
        if (server.serverId.isEmpty() || server.serverId.size() > kMaxServerId) {
            m_log.error(u"ranktable-server-id"_s, path + u".server_id"_s,
                        server.serverId.isEmpty() ? u"missing"_s
                                                  : u"longer than 64 characters (HCCL's limit)"_s);
            return false;
        }
        if (entry.contains("host_ip") && !ipv4Problem(hostIp).isEmpty()) {
            m_log.error(u"ranktable-host-ip"_s, path + u".host_ip"_s, ipv4Problem(hostIp));
            return false;
        }
        const QString address = !hostIp.isEmpty() ? hostIp : server.serverId;
        if (!ipv4Problem(address).isEmpty()) {
            if (const QString problem = sshHostProblem(server.serverId); !problem.isEmpty()) {
                m_log.error(u"ranktable-server-id"_s, path + u".server_id"_s,
                            u"server_id %1, and the entry has no host_ip"_s.arg(problem));
                return false;
            }
        }
        for (const ServerEntry &other : m_servers) {
            if (other.serverId == server.serverId) {
                m_log.error(
                    u"ranktable-server-duplicate"_s, path + u".server_id"_s,
                    u"server %1 is listed twice (also at %2)"_s.arg(server.serverId, other.path));
                return false;
            }
        }
        const auto devices = entry.find("device");
        if (devices == entry.end() || !devices->is_array() || devices->empty() ||
            devices->size() > size_t(kMaxDie + 1)) {
            m_log.error(u"ranktable-devices"_s, path + u".device"_s,
                        u"missing, empty or more than the 16 dies of an Atlas A3 server"_s);
            return false;
        }
        for (size_t d = 0; d < devices->size(); ++d) {
            if (!readDie((*devices)[d], path + u".device[%1]"_s.arg(d), server))
                return false;
        }
        // The project keeps one port per die or none: a list given for some dies only cannot be.
        for (const auto &[name, member] : {std::pair{"device_port", &Die::devicePort},
                                           std::pair{"backup_device_port", &Die::backupPort},
                                           std::pair{"host_port", &Die::hostPort}}) {
            int given = 0;
            for (const auto &[id, die] : server.dies)
                given += (die.*member).has_value() ? 1 : 0;
            if (given != 0 && given != int(server.dies.size())) {
                m_log.error(u"ranktable-port"_s, path + u".device"_s,
                            u"%1 of %2 dies give %3: give it for every die of the server or "
                            u"for none"_s.arg(given)
                                .arg(server.dies.size())
                                .arg(QString::fromLatin1(name)));
                return false;
            }
        }
        const QString nic = stringMember(entry, "host_nic_ip");
        if (!nic.isEmpty() && nic != u"reserve")
            m_log.note(u"could not carry: %1.host_nic_ip %2"_s.arg(path, nic));
        noteUnknown(entry, {"server_id", "host_ip", "device", "host_nic_ip"}, path + u'.', m_log);
        m_addresses << address;
        m_hostIps << (ipv4Problem(address).isEmpty() ? address : QString());
        m_servers.push_back(std::move(server));
        return true;
    }

    bool port(const Json &device, const char *key, const QString &path, std::optional<int> &out)
    {
        if (!device.contains(key))
            return true;
        out = numberMember(device, key, 65535);
        if (!out || *out < 1) {
            m_log.error(u"ranktable-port"_s, path + u'.' + QString::fromLatin1(key),
                        u"not a port (1-65535)"_s);
            return false;
        }
        return true;
    }

    bool readDie(const Json &device, const QString &path, ServerEntry &server)
    {
        if (!device.is_object()) {
            m_log.error(u"ranktable-shape"_s, path, u"is not an object"_s);
            return false;
        }
        const std::optional<int> id = numberMember(device, "device_id", kMaxDie);
        if (!id) {
            m_log.error(u"ranktable-device-id"_s, path + u".device_id"_s,
                        u"missing or not an Atlas A3 die (0-15)"_s);
            return false;
        }
        if (server.dies.count(*id)) {
            m_log.error(u"ranktable-device-duplicate"_s, path + u".device_id"_s,
                        u"server %1 die %2 is listed twice"_s.arg(server.serverId).arg(*id));
            return false;
        }
        Die die;
        die.path = path;
        die.ip = stringMember(device, "device_ip");
        // One super pod (or one server) may leave device_ip out: its dies talk over HCCS
        // (HCCL's A3 page, device_ip notes 1 and 2).
        const bool mayOmit = m_singleServer || (m_superPod && m_podCount <= 1);
        if (!(die.ip.isEmpty() && mayOmit)) {
            if (const QString problem = ipv4Problem(die.ip); !problem.isEmpty()) {
                m_log.error(u"ranktable-device-ip"_s, path + u".device_ip"_s,
                            die.ip.isEmpty() ? u"missing; only one server, or one super pod, "
                                               u"may leave device_ip empty"_s
                                             : problem);
                return false;
            }
        }
        if (const std::optional<QString> sdid = sdidMember(device)) {
            die.sdid = *sdid;
        } else if (device.contains("super_device_id") || m_superPod) {
            // HCCL's own check: "super_device_id[] is invalid" for a 1.2 table without it.
            m_log.error(u"ranktable-super-device-id"_s, path + u".super_device_id"_s,
                        u"server %1 die %2: missing or not a whole number of at most 32 bits; "
                        u"rank table 1.2 needs each die's SDID (npu-smi info -t spod-info)"_s
                            .arg(server.serverId)
                            .arg(*id));
            return false;
        }
        if (!port(device, "device_port", path, die.devicePort) ||
            !port(device, "backup_device_port", path, die.backupPort) ||
            !port(device, "host_port", path, die.hostPort))
            return false;
        die.backupIp = stringMember(device, "backup_device_ip");
        if (device.contains("backup_device_ip") && !ipv4Problem(die.backupIp).isEmpty()) {
            m_log.error(u"ranktable-backup-ip"_s, path + u".backup_device_ip"_s,
                        ipv4Problem(die.backupIp));
            return false;
        }
        const std::optional<int> rank = numberMember(device, "rank_id", 1 << 20);
        if (!rank || m_ranks.count(*rank)) {
            m_log.error(u"ranktable-rank-id"_s, path + u".rank_id"_s,
                        rank ? u"rank %1 is given twice"_s.arg(*rank)
                             : u"missing or not a number"_s);
            return false;
        }
        m_ranks.insert(*rank);
        die.rank = *rank;
        noteUnknown(device,
                    {"device_id", "super_device_id", "device_ip", "device_port", "backup_device_ip",
                     "backup_device_port", "host_port", "rank_id"},
                    path + u'.', m_log);
        server.dies.emplace(*id, std::move(die));
        return true;
    }

    // "Cross-server rank_id interleaving is not supported" (HCCL's A3 page, rank_id): ordered by
    // rank, each server's ranks form one block (a server's own ids may skip, as in MindCluster's
    // abbreviated example, as long as no other server's rank lies between them).
    bool checkRanks()
    {
        std::vector<std::pair<int, int>> byRank; // (rank, server)
        for (size_t s = 0; s < m_servers.size(); ++s) {
            for (const auto &[id, die] : m_servers[s].dies)
                byRank.emplace_back(die.rank, int(s));
        }
        std::sort(byRank.begin(), byRank.end());
        std::set<int> closed;
        for (size_t i = 1; i < byRank.size(); ++i) {
            const auto [rank, s] = byRank[i];
            const auto [otherRank, other] = byRank[i - 1];
            if (s == other)
                continue;
            closed.insert(other);
            if (!closed.count(s))
                continue;
            const ServerEntry &server = m_servers[size_t(s)];
            m_log.error(u"ranktable-rank-interleaved"_s, server.path + u".device"_s,
                        u"server %1: its rank ids enclose rank %2 of server %3 (rank %4 comes "
                        u"after it); HCCL does not support rank ids interleaved across "
                        u"servers"_s.arg(server.serverId)
                            .arg(otherRank)
                            .arg(m_servers[size_t(other)].serverId)
                            .arg(rank));
            return false;
        }
        int expected = 0;
        for (const ServerEntry &server : m_servers) {
            int previous = -1;
            for (const auto &[id, die] : server.dies) {
                m_inOrder = m_inOrder && die.rank == expected && die.rank > previous;
                previous = die.rank;
                ++expected;
            }
        }
        return true;
    }

    // device_ip is "globally unique" (HCCL's A3 page).
    bool checkDeviceIps()
    {
        QHash<QString, std::pair<QString, int>> owner;
        for (const ServerEntry &server : m_servers) {
            for (const auto &[id, die] : server.dies) {
                if (die.ip.isEmpty())
                    continue;
                if (auto it = owner.constFind(die.ip); it != owner.constEnd()) {
                    m_log.error(u"ranktable-device-ip"_s, die.path + u".device_ip"_s,
                                u"server %1 die %2: device_ip %3 is already that of server %4 "
                                u"die %5; every device IP is unique"_s.arg(server.serverId)
                                    .arg(id)
                                    .arg(die.ip, it->first)
                                    .arg(it->second));
                    return false;
                }
                owner.insert(die.ip, {server.serverId, id});
            }
        }
        return true;
    }

    // backup_device_ip: "only the NICs of Die0 and Die1 within the same NPU can serve as mutual
    // backups". clusterwiz writes it from the other die's device_ip, so it must be that.
    bool checkBackups()
    {
        for (const ServerEntry &server : m_servers) {
            for (const auto &[id, die] : server.dies) {
                if (die.backupIp.isEmpty())
                    continue;
                const auto partner = server.dies.find(a3PartnerDie(id));
                if (partner != server.dies.end() && partner->second.ip == die.backupIp)
                    continue;
                m_log.error(u"ranktable-backup-ip"_s, die.path + u".backup_device_ip"_s,
                            u"server %1 die %2: backup_device_ip %3 is not the device_ip of die "
                            u"%4, the other die of NPU %5; HCCL takes only the other die of the "
                            u"same NPU as backup"_s.arg(server.serverId)
                                .arg(id)
                                .arg(die.backupIp)
                                .arg(a3PartnerDie(id))
                                .arg(a3Npu(id)));
                return false;
            }
        }
        return true;
    }

    int serverIndex(const QString &serverId) const
    {
        for (size_t s = 0; s < m_servers.size(); ++s) {
            if (m_servers[s].serverId == serverId)
                return int(s);
        }
        return -1;
    }

    bool readPods(const Json &pods)
    {
        if (!pods.is_array() || pods.empty()) {
            m_log.error(u"ranktable-super-pod"_s, u"super_pod_list"_s,
                        u"must be a non-empty list of super pods"_s);
            return false;
        }
        std::vector<int> podOfServer(m_servers.size(), -1);
        for (size_t p = 0; p < pods.size(); ++p) {
            const QString path = u"super_pod_list[%1]"_s.arg(p);
            const Json &pod = pods[p];
            if (!pod.is_object()) {
                m_log.error(u"ranktable-shape"_s, path, u"is not an object"_s);
                return false;
            }
            SuperPod read;
            read.id = stringMember(pod, "super_pod_id");
            if (read.id.isEmpty()) {
                m_log.error(u"ranktable-super-pod"_s, path + u".super_pod_id"_s,
                            u"missing or not a string"_s);
                return false;
            }
            for (const SuperPod &other : m_pods) {
                if (other.id == read.id) {
                    m_log.error(u"ranktable-super-pod"_s, path + u".super_pod_id"_s,
                                u"super pod %1 is listed twice"_s.arg(read.id));
                    return false;
                }
            }
            const auto members = pod.find("server_list");
            if (members == pod.end() || !members->is_array() || members->empty()) {
                m_log.error(u"ranktable-super-pod"_s, path + u".server_list"_s,
                            u"missing or empty"_s);
                return false;
            }
            for (size_t k = 0; k < members->size(); ++k) {
                const QString at = path + u".server_list[%1].server_id"_s.arg(k);
                const Json &member = (*members)[k];
                const QString serverId =
                    member.is_object() ? stringMember(member, "server_id") : QString();
                const int s = serverIndex(serverId);
                if (s < 0) {
                    m_log.error(u"ranktable-super-pod"_s, at,
                                u"super pod %1 names server %2, which server_list does not "
                                u"list"_s.arg(read.id, serverId.isEmpty()
                                                           ? u"(none)"_s
                                                           : escapeControls(serverId)));
                    return false;
                }
                if (podOfServer[size_t(s)] >= 0) {
                    m_log.error(
                        u"ranktable-super-pod"_s, at,
                        u"server %1 is already in super pod %2; each server is in "
                        u"exactly one"_s.arg(serverId, m_pods[size_t(podOfServer[size_t(s)])].id));
                    return false;
                }
                podOfServer[size_t(s)] = int(p);
                read.servers << serverId; // the project's names are set in build()
            }
            noteUnknown(pod, {"super_pod_id", "server_list"}, path + u'.', m_log);
            m_pods.push_back(std::move(read));
        }
        int previous = -1;
        std::set<int> done;
        for (size_t s = 0; s < m_servers.size(); ++s) {
            const int pod = podOfServer[s];
            if (pod < 0) {
                m_log.error(u"ranktable-super-pod"_s, m_servers[s].path + u".server_id"_s,
                            u"server %1 is in no super pod of super_pod_list; a 1.2 table with "
                            u"super pods names every server in one"_s.arg(m_servers[s].serverId));
                return false;
            }
            if (pod != previous && done.count(pod)) {
                m_log.error(u"ranktable-super-pod"_s, m_servers[s].path + u".server_id"_s,
                            u"server %1 of super pod %2 is not listed together with the pod's "
                            u"other servers; HCCL asks for the servers of one super pod "
                            u"together in server_list"_s.arg(m_servers[s].serverId,
                                                             m_pods[size_t(pod)].id));
                return false;
            }
            if (previous >= 0 && pod != previous)
                done.insert(previous);
            previous = pod;
        }
        m_podOfServer = std::move(podOfServer);
        return true;
    }

    // The SDID is "the unique identifier of the NPU within the SuperPoD": once per pod (HCCL's
    // example repeats 0-7 in its second pod).
    bool checkSdids()
    {
        QHash<QString, std::pair<QString, int>> owner;
        for (size_t s = 0; s < m_servers.size(); ++s) {
            const ServerEntry &server = m_servers[s];
            const int pod = s < m_podOfServer.size() ? m_podOfServer[s] : -1;
            for (const auto &[id, die] : server.dies) {
                if (die.sdid.isEmpty())
                    continue;
                const QString key = QString::number(pod) + u'/' + die.sdid;
                if (auto it = owner.constFind(key); it != owner.constEnd()) {
                    m_log.error(u"ranktable-super-device-id"_s, die.path + u".super_device_id"_s,
                                u"server %1 die %2: super_device_id %3 is already that of server "
                                u"%4 die %5 in the same super pod"_s.arg(server.serverId)
                                    .arg(id)
                                    .arg(die.sdid, it->first)
                                    .arg(it->second));
                    return false;
                }
                owner.insert(key, {server.serverId, id});
            }
        }
        return true;
    }

    void build(Project &project)
    {
        QStringList names;
        QHash<QString, QString> nameOf; // server_id -> the project's name
        for (size_t s = 0; s < m_servers.size(); ++s) {
            const ServerEntry &entry = m_servers[s];
            Server server;
            // The 1.2 table's server_id is what clusterwiz writes back from the name.
            if (serverNameValueProblem(entry.serverId).isEmpty() &&
                !names.contains(entry.serverId)) {
                server.name = entry.serverId;
                names << entry.serverId;
            } else {
                server.name = newServerName({}, int(s), names);
                m_log.note(
                    u"%1: server_id %2 is not a server name clusterwiz can keep; the "
                    u"server is %3"_s.arg(entry.path, escapeControls(entry.serverId), server.name));
            }
            nameOf.insert(entry.serverId, server.name);
            server.host = m_addresses[qsizetype(s)];
            server.hostIp = m_hostIps[qsizetype(s)];
            if (server.hostIp.isEmpty())
                m_log.note(u"%1: host of %2 is server_id %3, a name; set host and host_ip to the "
                           u"server's address if this machine or the servers do not resolve "
                           u"it"_s.arg(entry.path, server.name, entry.serverId));
            bool anyIp = false;
            for (const auto &[id, die] : entry.dies) {
                server.devices.push_back(id);
                server.deviceIps << die.ip;
                anyIp = anyIp || !die.ip.isEmpty();
                if (!die.sdid.isEmpty())
                    server.superDeviceIds << die.sdid;
                if (die.devicePort)
                    server.devicePorts.push_back(*die.devicePort);
                if (die.backupPort)
                    server.backupDevicePorts.push_back(*die.backupPort);
                if (die.hostPort)
                    server.hostPorts.push_back(*die.hostPort);
            }
            if (server.superDeviceIds.size() != qsizetype(server.devices.size()))
                server.superDeviceIds.clear();
            if (!anyIp) {
                server.deviceIps.clear();
                m_log.note(u"%1: device_ip is empty, which one super pod allows (its dies talk "
                           u"over HCCS); the device IPs are still to set"_s.arg(entry.path));
            }
            project.servers.push_back(std::move(server));
        }
        for (SuperPod pod : m_pods) {
            for (QString &name : pod.servers)
                name = nameOf.value(name);
            project.superPods.push_back(std::move(pod));
        }
        if (!m_inOrder)
            m_log.note(u"could not carry: the rank_id order; clusterwiz numbers ranks from the "
                       u"first server (the master) on, in list order, dies in id order"_s);
        m_log.note(u"a rank table holds no netmask: run clusterwiz-cli plan, which keeps the "
                   u"device IPs that fit and puts die 0 and die 1 of every NPU in different "
                   u"segments (the deployer's Atlas A3 policy)"_s);
    }

    const Json &m_document;
    const bool m_superPod;
    ImportLog &m_log;
    int m_podCount = 0;
    bool m_singleServer = false;
    bool m_inOrder = true;
    std::set<int> m_ranks;
    std::vector<ServerEntry> m_servers;
    QStringList m_addresses;
    QStringList m_hostIps;
    std::vector<SuperPod> m_pods;
    std::vector<int> m_podOfServer;
};

} // namespace

void importAtlasA3RankTable(const Json &document, bool superPod, const QString &source,
                            const ImportOptions &options, ImportLog &log, ImportResult &result)
{
    Project project =
        newImportedProject(options, source, Accelerator::Ascend910_93, LaunchMode::RankTable, log);
    if (!A3Reader(document, superPod, log).run(project))
        return;
    log.note(u"accelerator ascend910_93: an Atlas A3 rank table (16 dies per server)"_s);
    log.note(u"ssh user and port are not in a rank table: set them (port 22 assumed)"_s);
    result.project = std::move(project);
}

} // namespace cw
