// SPDX-License-Identifier: GPL-3.0-or-later
// The ascend-deployer inventory_file (an Ansible INI inventory). Its [hccn] section holds one line
// per training server, `IP ansible_ssh_user="root" deviceip=IP0,IP1,... detectip=...`, and
// [hccn:vars] the shared `netmask`, `gateways`, `roce_port`, `bitmap`, `dscp_tc`,
// `common_network` (Ascend Deployer guide, "Configuring with Ascend Deployer":
// https://www.hiascend.com/document/detail/zh/ascend-deployer/500/ascenddeployer/deployer_0024.html).
// `gateways` (a comma list) and `detectip` (per device, NPU0 first) are what ascend-deployer's
// library/process_hccn.py gives `hccn_tool -gateway -s gateway` and `-netdetect -s address`;
// they become device_network.gateways / detect_ips (ImportRoutes.cpp). The older
// hccn_inventory_file's [tools] section is read too (HccnInventoryImport.cpp).
#include "exchange/ImportShared.h"

#include "net/Ipv4.h"
#include "rules/ValueRules.h"
#include "shell/QuotedWords.h"

#include <QHash>

using namespace Qt::StringLiterals;

namespace cw {
namespace {

constexpr int kMaxDevices = 8;

// Splits an Ansible INI line into words; quotes group and are removed. Nullopt: unbalanced.
std::optional<QStringList> splitWords(const QString &line)
{
    WordSyntax syntax;
    syntax.quotes = QStringLiteral("'\"");
    QuotedWords split = splitQuotedWords(line, syntax);
    if (split.unclosedQuote)
        return std::nullopt;
    return std::move(split.words);
}

void readHost(const SourceLine &line, const QStringList &words, Project &project,
              QStringList &names, QHash<QString, int> &aliases, std::vector<FoundRoute> &routes,
              ImportLog &log)
{
    QStringList detectIps;
    Server server;
    server.host = words.front();
    QString deviceIps;
    for (const QString &word : words.mid(1)) {
        const qsizetype equals = word.indexOf(u'=');
        const QString key = word.left(equals);
        const QString value = equals < 0 ? QString() : word.mid(equals + 1);
        if (key == u"ansible_ssh_user" || key == u"ansible_user") {
            server.user = value;
        } else if (key == u"ansible_host" || key == u"ansible_ssh_host") {
            server.host = value;
        } else if (key == u"ansible_ssh_port" || key == u"ansible_port") {
            server.port = strictNumber(value, 1, 65535).value_or(0);
        } else if (key == u"deviceip") {
            deviceIps = value;
        } else if (key == u"detectip") {
            detectIps = value.split(u',');
        } else if (key == u"ansible_ssh_pass" || key == u"ansible_password") {
            log.couldNotCarry(line.number, key + u" (a project never holds a password; use an "
                                                 u"SSH key or the agent)"_s);
        } else {
            log.couldNotCarry(line.number, key);
        }
    }
    const QString alias = words.front();
    for (const auto &[field, problem] :
         {std::pair{u"host"_s, sshHostProblem(server.host)},
          std::pair{u"ansible_ssh_user"_s,
                    server.user.isEmpty() ? QString() : userProblem(server.user)},
          std::pair{u"ansible_ssh_port"_s, portProblem(server.port)}}) {
        if (!problem.isEmpty()) {
            log.error(u"inventory-"_s + field, line.number, field + u' ' + problem);
            return;
        }
    }
    const QStringList ips = deviceIps.split(u',');
    if (deviceIps.isEmpty() || ips.size() > kMaxDevices) {
        log.error(u"inventory-deviceip"_s, line.number,
                  deviceIps.isEmpty()
                      ? u"deviceip is missing (NPU0,NPU1,... addresses)"_s
                      : u"deviceip has %1 addresses; an Ascend 910 server has at most %2"_s
                            .arg(ips.size())
                            .arg(kMaxDevices));
        return;
    }
    QHash<int, QString> byDevice;
    for (int device = 0; device < ips.size(); ++device) {
        if (const QString problem = ipv4Problem(ips[device].trimmed()); !problem.isEmpty()) {
            log.error(u"inventory-deviceip"_s, line.number,
                      u"deviceip NPU%1: %2"_s.arg(device).arg(problem));
            return;
        }
        byDevice.insert(device, ips[device].trimmed());
    }
    // Ansible merges every line of one inventory host into one host, the last values winning
    // (Ansible's INI inventory: a host is its name); two servers cannot share a name or address.
    if (const auto first = aliases.constFind(alias); first != aliases.cend()) {
        log.error(u"inventory-duplicate"_s, line.number,
                  u"host %1 is listed again in [hccn] (first on line %2); Ansible merges the "
                  u"lines of one host into one, so list each server once"_s.arg(alias)
                      .arg(*first));
        return;
    }
    for (const Server &other : project.servers) {
        if (other.host == server.host) {
            log.error(u"inventory-duplicate"_s, line.number,
                      u"host %1 is listed twice in [hccn]"_s.arg(server.host));
            return;
        }
    }
    aliases.insert(alias, line.number);
    server.name = newServerName(alias, static_cast<int>(project.servers.size()), names);
    if (Ipv4::parse(server.host))
        server.hostIp = server.host;
    setDevices(server, byDevice);
    for (qsizetype k = 0; k < detectIps.size() && k < qsizetype(server.devices.size()); ++k) {
        routes.push_back(
            {int(project.servers.size()), k, QString(), detectIps[k].trimmed(), line.number});
    }
    if (detectIps.size() > qsizetype(server.devices.size()))
        log.couldNotCarry(line.number, u"detectip beyond the %1 devices of deviceip"_s.arg(
                                           server.devices.size()));
    project.servers.push_back(server);
}

void readHccnVar(const SourceLine &line, const QStringList &words, Project &project, ImportLog &log)
{
    const QString joined = words.join(u' ');
    const qsizetype equals = joined.indexOf(u'=');
    const QString key = joined.left(equals).trimmed();
    const QString value = joined.mid(equals + 1).trimmed();
    if (key == u"gateways") {
        QStringList gateways;
        for (const QString &gateway : value.split(u',', Qt::SkipEmptyParts)) {
            if (const QString problem = ipv4Problem(gateway.trimmed()); !problem.isEmpty()) {
                log.error(u"inventory-gateways"_s, line.number, u"gateways: "_s + problem);
                return;
            }
            gateways << gateway.trimmed();
        }
        project.deviceNetwork.gateways = gateways;
        return;
    }
    if (key != u"netmask") {
        log.couldNotCarry(line.number, u"[hccn:vars] "_s + key);
        return;
    }
    const std::optional<Ipv4> mask = Ipv4::parse(value);
    if (!mask || !netmaskPrefix(*mask)) {
        log.error(u"inventory-netmask"_s, line.number,
                  u"netmask \"%1\" is not a netmask (a.b.c.d, contiguous ones)"_s.arg(value));
        return;
    }
    project.deviceNetwork.netmask = value;
}

// hccn_inventory_file's [tools:vars]: the ssh user of its hosts; `user` / `group` are the
// installed account's (HwHiAiUser), nothing of the project's.
void readToolsVar(const SourceLine &line, const QStringList &words, QString &user, ImportLog &log)
{
    const QString joined = words.join(u' ');
    const qsizetype equals = joined.indexOf(u'=');
    const QString key = joined.left(equals).trimmed();
    const QString value = joined.mid(equals + 1).trimmed();
    if (key != u"ansible_ssh_user" && key != u"ansible_user") {
        log.couldNotCarry(line.number, u"[tools:vars] "_s + key);
        return;
    }
    if (const QString problem = userProblem(value); !problem.isEmpty()) {
        log.error(u"inventory-ansible_ssh_user"_s, line.number, u"ansible_ssh_user "_s + problem);
        return;
    }
    user = value;
}

} // namespace

ImportResult importDeployerInventory(const QByteArray &text, const QString &source,
                                     const ImportOptions &options)
{
    ImportResult result;
    ImportLog log(&result, source);
    Project project =
        newImportedProject(options, source, Accelerator::Ascend910, LaunchMode::Launch, log);
    QString section;
    QStringList names;
    QHash<QString, int> aliases; // inventory host name -> its line
    QStringList skipped;
    QString toolsUser;
    std::vector<FoundRoute> routes;
    for (const SourceLine &line : meaningfulLines(text, false)) {
        if (line.text.startsWith(u'#') || line.text.startsWith(u';'))
            continue; // Ansible INI comments
        if (line.text.startsWith(u'[') && line.text.endsWith(u']')) {
            section = line.text.mid(1, line.text.size() - 2).trimmed();
            continue;
        }
        const std::optional<QStringList> words = splitWords(line.text);
        if (!words || words->isEmpty()) {
            log.error(u"inventory-syntax"_s, line.number, u"unbalanced quotes"_s);
            continue;
        }
        if (section == u"hccn") {
            if (static_cast<int>(project.servers.size()) >= kMaxServers) {
                log.error(u"inventory-servers"_s, line.number,
                          u"more than %1 servers in [hccn]"_s.arg(kMaxServers));
                break;
            }
            readHost(line, *words, project, names, aliases, routes, log);
        } else if (section == u"hccn:vars") {
            readHccnVar(line, *words, project, log);
        } else if (section == u"tools") {
            if (static_cast<int>(project.servers.size()) >= kMaxServers) {
                log.error(u"inventory-servers"_s, line.number,
                          u"more than %1 servers in [tools]"_s.arg(kMaxServers));
                break;
            }
            readHccnInventoryHost(line, *words, project, names, routes, log);
        } else if (section == u"tools:vars") {
            readToolsVar(line, *words, toolsUser, log);
        } else if (!skipped.contains(section)) {
            skipped << section;
        }
    }
    for (Server &server : project.servers) {
        if (server.user.isEmpty())
            server.user = toolsUser; // [tools:vars] ansible_ssh_user, for hosts without their own
    }
    for (const QString &name : skipped) {
        log.note(u"could not carry: [%1] (only [hccn] and [hccn:vars] describe the training "
                 u"servers and their device IPs)"_s.arg(name.isEmpty() ? u"ungrouped"_s : name));
    }
    if (project.servers.empty() && result.errors.empty())
        log.error(u"inventory-empty"_s, 0,
                  u"no servers in an [hccn] section (inventory_file) nor in a [tools] section "
                  u"(hccn_inventory_file; its example lines start with #)"_s);
    carryRoutes(project, routes, log); // after [hccn:vars]: it may follow [hccn]
    chooseAscendGeneration(project, options, log);
    result.project = project;
    return result;
}

} // namespace cw
