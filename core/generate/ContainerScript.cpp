// SPDX-License-Identifier: GPL-3.0-or-later
#include "generate/ContainerScript.h"

#include "net/Ipv4.h"
#include "programs/ServerPrograms.h"
#include "shell/ShellQuote.h"

using namespace Qt::StringLiterals;

namespace cw {
namespace {

QString bashArray(const QString &name, const QStringList &words)
{
    QStringList quoted;
    for (const QString &word : words)
        quoted << shellQuote(word);
    return name + u"=("_s + quoted.join(u' ') + u")\n"_s;
}

QString assign(const QString &name, const QString &value)
{
    return name + u'=' + shellQuote(value) + u'\n';
}

// The values every host of the project shares.
QString sharedValues(const Project &project)
{
    const ContainerConfig &container = *project.container;
    return assign(u"engine"_s, kContainerEngineNames.name(container.engine)) +
           assign(u"name"_s, container.name) + assign(u"image"_s, container.image) +
           assign(u"project_label"_s, project.name) +
           assign(u"ssh_port"_s, QString::number(container.sshPort)) +
           assign(u"accelerator"_s, acceleratorName(project.accelerator)) +
           bashArray(u"options"_s, containerRunOptions(container)) +
           bashArray(u"host_mounts"_s, containerHostMounts(container)) +
           assign(u"env_block"_s, container.envSetup.join(u'\n')) +
           assign(u"inside"_s, programText(program::container_inside_sh));
}

// The values of one host.
QString serverValues(const Server &server)
{
    QStringList devices;
    for (const int device : server.devices)
        devices << QString::number(device);
    return assign(u"listen_ip"_s, containerListenAddress(server)) +
           bashArray(u"devices"_s, devices);
}

QString programs()
{
    return programText(program::container_common_sh) + programText(program::container_devices_sh) +
           programText(program::container_up_sh) + programText(program::container_trust_sh) +
           programText(program::container_status_sh) + programText(program::container_down_sh);
}

QString stepFunction(ContainerStep step)
{
    switch (step) {
    case ContainerStep::Check:
        return u"cw_container_check && cw_say ready"_s;
    case ContainerStep::Up:
        return u"cw_container_up"_s;
    case ContainerStep::Trust:
        return u"cw_container_trust"_s;
    case ContainerStep::Status:
        return u"cw_container_status"_s;
    case ContainerStep::Down:
        return u"cw_container_down"_s;
    }
    return {};
}

} // namespace

QStringList containerRunOptions(const ContainerConfig &container)
{
    QStringList options;
    if (container.shmSize.isEmpty())
        options << u"--ipc"_s << u"host"_s;
    else
        options << u"--shm-size"_s << container.shmSize;
    for (const QString &mount : container.mounts)
        options << u"-v"_s << mount;
    if (container.privileged)
        options << u"--privileged"_s;
    options << container.runArgs;
    return options;
}

QStringList containerHostMounts(const ContainerConfig &container)
{
    QStringList paths;
    for (const QString &mount : container.mounts)
        paths << mount.section(u':', 0, 0);
    return paths;
}

QString containerListenAddress(const Server &server)
{
    const QString ip = server.effectiveHostIp();
    return Ipv4::parse(ip) ? ip : QString();
}

QString containerHostScript(const Project &project, int serverIndex, ContainerStep step,
                            const ContainerPeers &peers)
{
    if (!project.container || serverIndex < 0 || serverIndex >= int(project.servers.size()))
        return {};
    QString script =
        u"set -u\n"_s + sharedValues(project) + serverValues(project.servers[size_t(serverIndex)]);
    if (step == ContainerStep::Trust)
        script += assign(u"peer_keys"_s, peers.userKeys.join(u'\n')) +
                  assign(u"peer_hosts"_s, peers.knownHosts.join(u'\n'));
    return script + programs() + stepFunction(step) + u'\n';
}

QString containerHostCommand(const Project &project, int serverIndex, ContainerStep step,
                             const ContainerPeers &peers)
{
    return u"bash -c "_s + shellQuote(containerHostScript(project, serverIndex, step, peers));
}

QByteArray containersScript(const Project &project)
{
    if (!project.container)
        return {};
    QString text = u"#!/bin/bash\n"
                   u"# The training containers of project "_s +
                   project.name +
                   u", by hand: on each server, as the user clusterwiz logs in as,\n"
                   u"#   bash containers.sh up SERVER                 create it, start its sshd\n"
                   u"#   bash containers.sh keys SERVER > SERVER.keys its keys, for the others\n"
                   u"#   cat *.keys | bash containers.sh trust SERVER every container's keys\n"
                   u"#   bash containers.sh status SERVER             what runs\n"
                   u"#   bash containers.sh down SERVER               remove it\n"
                   u"# The same commands `clusterwiz-cli container up|status|down` runs "
                   u"(docs/containers.md).\n"
                   u"set -u\n"_s;
    text += sharedValues(project);
    text += u"case \"${2-}\" in\n"_s;
    for (const Server &server : project.servers) {
        text += shellQuote(server.name) + u")\n"_s;
        for (const QString &line : serverValues(server).split(u'\n', Qt::SkipEmptyParts))
            text += u"    "_s + line + u'\n';
        text += u"    known_ip="_s + shellQuote(server.effectiveHostIp()) + u"\n    ;;\n"_s;
    }
    text += u"*)\n    echo \"usage: bash containers.sh up|keys|trust|status|down SERVER\" >&2\n"
            u"    exit 64\n    ;;\nesac\n"_s;
    text += programs() + programText(program::container_by_hand_sh);
    return text.toUtf8();
}

} // namespace cw
