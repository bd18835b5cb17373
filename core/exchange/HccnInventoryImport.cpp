// SPDX-License-Identifier: GPL-3.0-or-later
// ascend-deployer's older hccn_inventory_file (offline-deploy/hccn_inventory_file in
// github.com/Ascend/ascend-deployer): a [tools] section of one line per server,
// `HOST ansible_ssh_user='root' action=config mode=SMP ip=IP detectip=IP netmask=MASK`, and
// [tools:vars] (`ansible_ssh_user`, `user`, `group`). Its playbook (playbooks/roles/mindx.hccn/
// tasks/hccn_conf.yaml) hands ip, detectip, netmask and mode to tools/hccn/main/hccn.go, which
// reads `ip` either as one address per device (a comma list, NPU0 first; detectip likewise) or, on
// an eight-device server, as one address it expands (confIP; offline-deploy/README.md, "hccn_tool
// 网络配置"): mode SMP gives devices i and i+4 (i < 4) a.b.(c+i).d and a.b.(c+i).(d+1) and
// detects device i with the expanded detectip of i mod 4; mode AMP gives device i a.b.c.(d+i), all
// detecting detectip itself.
#include "exchange/ImportShared.h"

#include "net/Ipv4.h"
#include "rules/ValueRules.h"

using namespace Qt::StringLiterals;

namespace cw {
namespace {

constexpr int kFullServer = 8; // hccn.go's fullNum: the only count one address expands to

// hccn.go confIP for one address on an eight-device server; nullopt when an octet would pass 255.
std::optional<QStringList> expandAddress(Ipv4 first, const QString &mode)
{
    QStringList addresses;
    for (int device = 0; device < kFullServer; ++device) {
        const std::uint32_t third =
            ((first.value >> 8) & 0xffu) + (mode == u"SMP" ? std::uint32_t(device % 4) : 0u);
        const std::uint32_t fourth =
            (first.value & 0xffu) +
            (mode == u"SMP" ? std::uint32_t(device / 4) : std::uint32_t(device));
        if (third > 255 || fourth > 255)
            return std::nullopt;
        addresses << Ipv4{(first.value & 0xffff0000u) | (third << 8) | fourth}.toString();
    }
    return addresses;
}

// The per-device addresses an `ip=` or `detectip=` value stands for, or an error message.
QString deviceAddresses(const QString &key, const QString &value, const QString &mode,
                        QStringList &out)
{
    if (value.isEmpty())
        return key + u"= is missing"_s;
    if (value.contains(u',')) {
        for (const QString &part : value.split(u','))
            out << part.trimmed();
        if (out.size() > kFullServer)
            return u"%1= lists %2 addresses; a server has at most %3 devices"_s.arg(key)
                .arg(out.size())
                .arg(kFullServer);
    } else {
        const std::optional<Ipv4> first = Ipv4::parse(value);
        if (!first)
            return u"%1=%2: %3"_s.arg(key, value, ipv4Problem(value));
        if (mode != u"SMP" && mode != u"AMP")
            return u"mode=%1: hccn.go expands one %2= address only in mode SMP or AMP; give "
                   u"one address per device (a comma list)"_s.arg(
                       mode.isEmpty() ? u"(none)"_s : mode, key);
        const std::optional<QStringList> expanded = expandAddress(*first, mode);
        if (!expanded)
            return u"%1=%2 expands (mode %3, eight devices) past .255"_s.arg(key, value, mode);
        out = *expanded;
    }
    for (qsizetype device = 0; device < out.size(); ++device) {
        if (const QString problem = ipv4Problem(out[device]); !problem.isEmpty())
            return u"%1 NPU%2: %3"_s.arg(key).arg(device).arg(problem);
    }
    return {};
}

} // namespace

void readHccnInventoryHost(const SourceLine &line, const QStringList &words, Project &project,
                           QStringList &names, std::vector<FoundRoute> &routes, ImportLog &log)
{
    Server server;
    server.host = words.front();
    QString mode;
    QString ip;
    QString detect;
    QString netmask;
    for (const QString &word : words.mid(1)) {
        const qsizetype equals = word.indexOf(u'=');
        const QString key = word.left(equals);
        const QString value = equals < 0 ? QString() : word.mid(equals + 1);
        if (key == u"ansible_ssh_user" || key == u"ansible_user")
            server.user = value;
        else if (key == u"mode")
            mode = value;
        else if (key == u"ip")
            ip = value;
        else if (key == u"detectip")
            detect = value;
        else if (key == u"netmask")
            netmask = value;
        else if (!(key == u"action" && value == u"config"))
            log.couldNotCarry(line.number, word);
    }
    for (const auto &[field, problem] :
         {std::pair{u"host"_s, sshHostProblem(server.host)},
          std::pair{u"ansible_ssh_user"_s,
                    server.user.isEmpty() ? QString() : userProblem(server.user)}}) {
        if (!problem.isEmpty()) {
            log.error(u"inventory-"_s + field, line.number, field + u' ' + problem);
            return;
        }
    }
    for (const Server &other : project.servers) {
        if (other.host == server.host) {
            log.error(u"inventory-duplicate"_s, line.number,
                      u"host %1 is listed twice in [tools]; Ansible merges the lines of one host "
                      u"into one, so list each server once"_s.arg(server.host));
            return;
        }
    }
    QStringList ips;
    QStringList detects;
    if (const QString problem = deviceAddresses(u"ip"_s, ip, mode, ips); !problem.isEmpty()) {
        log.error(u"inventory-ip"_s, line.number, problem);
        return;
    }
    if (!detect.isEmpty() && !detect.contains(u',') && mode == u"AMP") {
        // AMP detects every device with detectip itself (hccn.go: detectIPArray[firstNum]).
        if (const QString problem = ipv4Problem(detect); !problem.isEmpty()) {
            log.error(u"inventory-detectip"_s, line.number, u"detectip: "_s + problem);
            return;
        }
        for (int device = 0; device < ips.size(); ++device)
            detects << detect;
    } else if (!detect.isEmpty()) {
        if (const QString problem = deviceAddresses(u"detectip"_s, detect, mode, detects);
            !problem.isEmpty()) {
            log.error(u"inventory-detectip"_s, line.number, problem);
            return;
        }
        // One expanded detectip (SMP): device i detects the address of i mod 4 (hccn.go
        // config()).
        if (!detect.contains(u',')) {
            QStringList perDevice;
            for (int device = 0; device < kFullServer; ++device)
                perDevice << detects[device % 4];
            detects = perDevice;
        }
    }
    const std::optional<Ipv4> mask = Ipv4::parse(netmask);
    if (!mask || !netmaskPrefix(*mask)) {
        log.error(
            u"inventory-netmask"_s, line.number,
            netmask.isEmpty()
                ? u"netmask= is missing"_s
                : u"netmask \"%1\" is not a netmask (a.b.c.d, contiguous ones)"_s.arg(netmask));
        return;
    }
    if (!project.deviceNetwork.netmask.isEmpty() && project.deviceNetwork.netmask != netmask) {
        log.error(u"inventory-netmask"_s, line.number,
                  u"netmask %1 differs from %2 of the lines before; one device network has one "
                  u"netmask"_s.arg(netmask, project.deviceNetwork.netmask));
        return;
    }
    project.deviceNetwork.netmask = netmask;
    server.name = newServerName(server.host, static_cast<int>(project.servers.size()), names);
    if (Ipv4::parse(server.host))
        server.hostIp = server.host;
    QHash<int, QString> byDevice;
    for (int device = 0; device < ips.size(); ++device)
        byDevice.insert(device, ips[device]);
    setDevices(server, byDevice);
    for (qsizetype k = 0; k < detects.size() && k < ips.size(); ++k)
        routes.push_back({int(project.servers.size()), k, QString(), detects[k], line.number});
    if (detects.size() > ips.size())
        log.couldNotCarry(line.number, u"detectip beyond the %1 devices of ip"_s.arg(ips.size()));
    project.servers.push_back(server);
}

} // namespace cw
