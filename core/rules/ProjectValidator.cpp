// SPDX-License-Identifier: GPL-3.0-or-later
#include "rules/ProjectValidator.h"

#include "net/Ipv4.h"
#include "rules/AtlasA3Rules.h"
#include "rules/DeviceRules.h"
#include "rules/SectionValidators.h"
#include "rules/ValueRules.h"

#include <QHash>

using namespace Qt::StringLiterals;

namespace cw {
namespace {

// Linux interface names: at most 15 bytes, no '/', whitespace or shell metacharacters.
ValueProblem nicValueProblem(const QString &nic)
{
    constexpr qsizetype kMaxNic = 15;
    if (nic.size() > kMaxNic) {
        return {ProblemKind::TooLong,
                {.value = nic, .limit = kMaxNic},
                trText("cw::Validation", "\"%1\" is longer than 15 characters").arg(nic)};
    }
    if (nic.front() == u'-')
        return leadingDashValueProblem(nic);
    for (QChar c : nic) {
        const bool ok = (c >= u'a' && c <= u'z') || (c >= u'A' && c <= u'Z') ||
                        (c >= u'0' && c <= u'9') || c == u'_' || c == u'.' || c == u'-' ||
                        c == u':' || c == u'@';
        if (!ok)
            return {ProblemKind::NotInterfaceName,
                    {.value = nic},
                    trText("cw::Validation", "\"%1\" is not a network interface name").arg(nic)};
    }
    return {};
}

void checkServerFields(const Project &project, int s, ProblemList &out)
{
    const Server &server = project.servers[static_cast<size_t>(s)];
    const QString label = serverLabel(project, s);
    // "<server>: <field> <what is wrong>"; the field is named as the project file names it.
    auto report = [&](const QString &rule, const char *field, const TrText &what,
                      const ValueProblem &problem) {
        if (!problem.isEmpty())
            out.add(rule, serverFieldPlace(s, field),
                    trText("cw::Validation", "%1: %2 %3").arg(label).arg(what, problem.reason),
                    problem.kind, problem.values);
    };
    report(u"server-name"_s, "name", trText("cw::Validation", "name"),
           serverNameValueProblem(server.name));
    report(u"host"_s, "host", trText("cw::Validation", "host"), sshHostValueProblem(server.host));
    report(u"port"_s, "port", trText("cw::Validation", "SSH port"), portValueProblem(server.port));
    if (!server.user.isEmpty())
        report(u"user"_s, "user", trText("cw::Validation", "user"), userValueProblem(server.user));
    if (!server.identityFile.isEmpty())
        report(u"identity-file"_s, "identity_file", TrText::verbatim(u"identity_file"_s),
               pathValueProblem(server.identityFile));
    if (!server.nic.isEmpty())
        report(u"nic"_s, "nic", TrText::verbatim(u"nic"_s), nicValueProblem(server.nic));
    if (!server.hostIp.isEmpty()) {
        report(u"host-ip"_s, "host_ip", TrText::verbatim(u"host_ip"_s),
               ipv4ValueProblem(server.hostIp));
    } else if (sshHostProblem(server.host).isEmpty() && !Ipv4::parse(server.host)) {
        // The servers reach each other by address (HCCL_IF_IP, hostfile, hostname -I matching);
        // an ssh alias only tells this machine how to get there.
        out.add(u"host-ip"_s, serverFieldPlace(s, "host_ip"),
                trText("cw::Validation",
                       "%1: host_ip is not set and host \"%2\" is not an IPv4 address; set "
                       "host_ip or let discovery fill it")
                    .arg(label, server.host),
                ProblemKind::HostIpMissing, {.value = server.host});
    }
    if (!isAscend(project.accelerator) && !server.deviceIps.isEmpty()) {
        const QString accelerator = acceleratorName(project.accelerator);
        out.add(
            u"device-ips-unexpected"_s, serverFieldPlace(s, "device_ips"),
            trText("cw::Validation", "%1: device_ips are only for ascend910, not %2; remove them")
                .arg(label, accelerator),
            ProblemKind::DeviceIpsUnexpected, {.value = accelerator});
    }
}

void checkServerList(const Project &project, ProblemList &out)
{
    QHash<QString, int> names;
    QHash<quint32, int> hostIps;
    for (int s = 0; s < static_cast<int>(project.servers.size()); ++s) {
        const Server &server = project.servers[static_cast<size_t>(s)];
        if (!server.name.isEmpty()) {
            if (auto it = names.constFind(server.name); it != names.constEnd()) {
                out.add(u"server-name-unique"_s, serverFieldPlace(s, "name"),
                        trText("cw::Validation", "servers[%1]: name \"%2\" is already used by "
                                                 "servers[%3]; server names must be unique")
                            .arg(QString::number(s), server.name, QString::number(*it)),
                        ProblemKind::NameTaken, {.value = server.name, .otherServer = *it});
            } else {
                names.insert(server.name, s);
            }
        }
        const auto ip = Ipv4::parse(server.effectiveHostIp());
        if (!ip)
            continue;
        if (auto it = hostIps.constFind(ip->value); it != hostIps.constEnd()) {
            out.add(
                u"host-ip-unique"_s,
                serverFieldPlace(s, server.hostIp.isEmpty() ? "host" : "host_ip"),
                trText("cw::Validation",
                       "%1: host IP %2 is already the host IP of %3; every server needs its own")
                    .arg(serverLabel(project, s), ip->toString(), serverLabel(project, *it)),
                ProblemKind::HostIpTaken, {.value = ip->toString(), .otherServer = *it});
        } else {
            hostIps.insert(ip->value, s);
        }
    }
}

// mpirun passes one ssh port to every remote launch, so all servers it reaches (all but the
// master, where it runs) must listen on the same one.
void checkMpirunPorts(const Project &project, ProblemList &out)
{
    if (project.launch.mode != LaunchMode::Mpirun)
        return;
    const std::vector<int> order = project.launchOrder();
    if (order.size() < 3)
        return;
    const int reference = order[1];
    const int port = project.servers[static_cast<size_t>(reference)].port;
    for (size_t r = 2; r < order.size(); ++r) {
        const Server &server = project.servers[static_cast<size_t>(order[r])];
        if (server.port == port)
            continue;
        out.add(u"mpirun-ssh-port"_s, serverFieldPlace(order[r], "port"),
                trText("cw::Validation", "%1: SSH port %2 differs from port %3 of %4; mpirun "
                                         "reaches every other server through one SSH port")
                    .arg(serverLabel(project, order[r]), QString::number(server.port),
                         QString::number(port), serverLabel(project, reference)),
                ProblemKind::SshPortDiffers,
                {.value = QString::number(server.port),
                 .otherServer = reference,
                 .otherValue = QString::number(port)});
    }
}

} // namespace

ValueProblem leadingDashValueProblem(const QString &text)
{
    if (!text.isEmpty() && text.front() == u'-')
        return {ProblemKind::LeadingDash,
                {.value = text},
                trText("cw::Validation", "\"%1\" must not start with '-'").arg(text)};
    return {};
}

void validateServers(const Project &project, ProblemList &out)
{
    if (project.servers.empty())
        out.add(u"no-servers"_s, projectPlace(u"servers"_s),
                trText("cw::Validation", "the project has no servers; add at least one"),
                ProblemKind::NoServers);
    if (static_cast<int>(project.servers.size()) > kMaxServers) {
        out.add(u"server-count"_s, projectPlace(u"servers"_s),
                trText("cw::Validation", "%1 servers; a cluster has at most %2")
                    .arg(project.servers.size())
                    .arg(kMaxServers),
                ProblemKind::TooManyServers,
                {.value = QString::number(project.servers.size()), .limit = kMaxServers});
    }
    for (int s = 0; s < static_cast<int>(project.servers.size()); ++s)
        checkServerFields(project, s, out);
    checkServerList(project, out);
    if (!project.launch.master.isEmpty() && !project.serverIndex(project.launch.master)) {
        out.add(u"master"_s, projectPlace(u"launch.master"_s),
                trText("cw::Validation", "launch: master \"%1\" is not the name of a server")
                    .arg(project.launch.master));
    }
    checkMpirunPorts(project, out);
}

Problems validateProject(const Project &project)
{
    ProblemList out;
    if (ValueProblem problem = serverNameValueProblem(project.name); !problem.isEmpty())
        out.add(u"name"_s, projectPlace(u"name"_s),
                trText("cw::Validation", "project name %1").arg(problem.reason), problem.kind,
                problem.values);
    validateServers(project, out);
    out.append(validateDeviceSubsets(project));
    out.append(validateDeviceNetwork(project));
    validateAtlasA3(project, out);
    validateLaunch(project, out);
    validateLaunchTraps(project, out);
    validateRestart(project, out);
    validateSlurm(project, out);
    validateFrameworkMode(project, out);
    validateContainer(project, out);
    return out.take();
}

ProjectValidation validated(Project project)
{
    ProjectValidation validation;
    validation.problems = validateProject(project);
    if (validation.problems.empty())
        validation.valid = ValidProject(std::move(project));
    return validation;
}

ValidProject containerJobView(const ValidProject &project)
{
    return ValidProject(containerJobProject(project.project()));
}

} // namespace cw
