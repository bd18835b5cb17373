// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/Project.h"

namespace cw {

int Project::masterIndex() const
{
    if (launch.master.isEmpty())
        return 0;
    return serverIndex(launch.master).value_or(0);
}

int Project::supervisorIndex() const
{
    if (launch.restart.supervisor.isEmpty())
        return masterIndex();
    return serverIndex(launch.restart.supervisor).value_or(masterIndex());
}

int Project::peerLoginIndex() const
{
    return launch.restart.enabled() ? supervisorIndex() : masterIndex();
}

bool Project::needsPeerLogin() const
{
    return servers.size() > 1 && (launch.mode == LaunchMode::Mpirun || launch.restart.enabled());
}

std::vector<int> Project::launchOrder() const
{
    std::vector<int> order;
    const int master = masterIndex();
    if (!servers.empty())
        order.push_back(master);
    for (int i = 0; i < static_cast<int>(servers.size()); ++i) {
        if (i != master)
            order.push_back(i);
    }
    return order;
}

int Project::totalDevices() const
{
    int total = 0;
    for (const Server &server : servers)
        total += static_cast<int>(server.devices.size());
    return total;
}

int Project::rankOffset(int serverIndex) const
{
    // Global ranks are numbered master first, then the other servers in project order.
    const int master = masterIndex();
    if (serverIndex == master)
        return 0;
    int offset = static_cast<int>(servers[master].devices.size());
    for (int i = 0; i < serverIndex; ++i) {
        if (i != master)
            offset += static_cast<int>(servers[i].devices.size());
    }
    return offset;
}

std::optional<int> Project::serverIndex(const QString &name) const
{
    for (size_t i = 0; i < servers.size(); ++i) {
        if (servers[i].name == name)
            return static_cast<int>(i);
    }
    return std::nullopt;
}

Project containerJobProject(const Project &project)
{
    if (!project.container)
        return project;
    Project view = project;
    for (Server &server : view.servers) {
        server.port = project.container->sshPort;
        server.user = QStringLiteral("root");
    }
    return view;
}

bool reachesContainer(const Project &project, const Server &server)
{
    return project.container && server.port == project.container->sshPort;
}

QString acceleratorName(Accelerator accelerator)
{
    return kAcceleratorNames.name(accelerator);
}

std::optional<Accelerator> acceleratorFromName(const QString &name)
{
    return kAcceleratorNames.fromName(name);
}

QString launchModeName(LaunchMode mode)
{
    return kLaunchModeNames.name(mode);
}

std::optional<LaunchMode> launchModeFromName(const QString &name)
{
    return kLaunchModeNames.fromName(name);
}

std::vector<LaunchMode> launchModes()
{
    return kLaunchModeNames.values();
}

QString launchModeNames(const std::vector<LaunchMode> &modes, const QString &lastSeparator)
{
    QString text;
    for (size_t i = 0; i < modes.size(); ++i) {
        if (i > 0)
            text += i + 1 == modes.size() ? lastSeparator : QStringLiteral(", ");
        text += launchModeName(modes[i]);
    }
    return text;
}

QString frameworkName(Framework framework)
{
    return kFrameworkNames.name(framework);
}

std::optional<Framework> frameworkFromName(const QString &name)
{
    return kFrameworkNames.fromName(name);
}

int defaultMasterPort(LaunchMode mode)
{
    return mode == LaunchMode::Msrun ? kMsrunDefaultMasterPort : kDefaultMasterPort;
}

int masterPortForMode(int port, LaunchMode mode)
{
    const bool aDefault = port == kDefaultMasterPort || port == kMsrunDefaultMasterPort;
    return aDefault ? defaultMasterPort(mode) : port;
}

} // namespace cw
