// SPDX-License-Identifier: GPL-3.0-or-later
#include "container/ContainerText.h"

#include "ssh/SshTypes.h"

#include <QStringList>

using namespace Qt::StringLiterals;

namespace cw {
namespace {

TrText idList(const std::vector<int> &ids)
{
    QStringList words;
    for (const int id : ids)
        words << QString::number(id);
    return words.isEmpty() ? trText("cw::Container", "none") : TrText::verbatim(words.join(u','));
}

} // namespace

QString containerHostLabel(const Project &project, int serverIndex)
{
    if (serverIndex < 0 || size_t(serverIndex) >= project.servers.size())
        return {};
    const Server &server = project.servers[size_t(serverIndex)];
    return u"%1 (host %2)"_s.arg(server.name, sshEndpoint(server.host, server.port));
}

TrText containerProblemText(const ContainerServerResult &result)
{
    if (!result.connection.ok())
        return TrText::verbatim(result.connection.error.message);
    if (!result.refusalCode.isEmpty())
        return trText("cw::Container", "refused (%1): %2").arg(result.refusalCode, result.refusal);
    return TrText::verbatim(result.failure);
}

TrText containerChangesText(const ContainerServerResult &result, bool stoppedBeforeChanges)
{
    if (stoppedBeforeChanges && result.changes.isEmpty())
        return trText("cw::Container", "passed the first round; nothing made, since another "
                                       "server refused");
    if (result.changes.isEmpty())
        return trText("cw::Container", "unchanged");
    return TrText::verbatim(result.changes.join(u"; "_s));
}

ContainerStatusText containerStatusText(const Project &project, const ContainerServerResult &r)
{
    const ContainerConfig container = project.container.value_or(ContainerConfig{});
    const int port = container.sshPort;
    if (r.state == u"absent")
        return {trText("cw::Container", "no container %1 (run container up)").arg(container.name),
                false};
    if (r.state == u"foreign")
        return {
            trText("cw::Container", "a container named %1 exists that clusterwiz did not create")
                .arg(container.name),
            false};
    const int index = r.connection.serverIndex;
    const std::vector<int> projectDevices = index >= 0 && size_t(index) < project.servers.size()
                                                ? project.servers[size_t(index)].devices
                                                : std::vector<int>{};
    std::vector<TrText> parts{TrText::verbatim(r.state),
                              trText("cw::Container", "image %1").arg(r.image)};
    bool ready = r.state == u"running";
    parts.push_back(r.portListening
                        ? trText("cw::Container", "sshd on %1 listening").arg(port)
                        : trText("cw::Container", "sshd on %1 not listening").arg(port));
    ready = ready && r.portListening && r.sshdRunning;
    if (!r.hostKeyAsRecorded) {
        parts.push_back(trText("cw::Container", "host key differs from the one up recorded (run "
                                                "container up again)"));
        ready = false;
    }
    if (r.state == u"running") {
        if (r.hostname != r.hostHostname) {
            parts.push_back(trText("cw::Container", "hostname %1 differs from the host's %2")
                                .arg(r.hostname, r.hostHostname));
            ready = false;
        }
        const bool hostNetwork = !r.containerIps.isEmpty() && r.containerIps == r.hostIps;
        parts.push_back(
            hostNetwork
                ? trText("cw::Container", "host network (%1)").arg(r.containerIps.join(u' '))
                : trText("cw::Container", "addresses %1 differ from the host's %2")
                      .arg(r.containerIps.join(u' '), r.hostIps.join(u' ')));
        ready = ready && hostNetwork;
        if (r.devicesInside) {
            const bool same = *r.devicesInside == projectDevices ||
                              (project.accelerator == Accelerator::Nvidia &&
                               r.devicesInside->size() == projectDevices.size());
            parts.push_back(trText("cw::Container", "devices inside %1 (project: %2)")
                                .arg(idList(*r.devicesInside), idList(projectDevices)));
            ready = ready && same;
        } else if (!r.devicesProblem.isEmpty()) {
            parts.push_back(TrText::verbatim(r.devicesProblem));
            ready = false;
        }
        if (r.shmKib)
            parts.push_back(
                trText("cw::Container", "shm %1 MiB").arg(QString::number(*r.shmKib / 1024)));
    }
    if (r.firewall) {
        const PortDecision &decision = *r.firewall;
        parts.push_back(trText("cw::Container", "host firewall: port %1 %2")
                            .arg(QString::number(port), portVerdictName(decision.verdict)));
        if (decision.verdict == PortVerdict::Blocked) {
            parts.push_back(
                trText("cw::Container", "fix: open TCP port %1 on the host's firewall").arg(port));
            ready = false;
        }
    }
    return {joinTrTexts(parts), ready};
}

} // namespace cw
