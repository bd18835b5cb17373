// SPDX-License-Identifier: GPL-3.0-or-later
#include "DeviceProblemText.h"

#include "rules/ValueRules.h"

namespace cw {

QString DeviceProblemText::text(const Problem &problem, const Project &project)
{
    const int count = int(project.servers.size());
    const auto server = [&](int s) {
        if (s < 0 || s >= count)
            return QString();
        const QString &name = project.servers[size_t(s)].name;
        return serverNameValueProblem(name).isEmpty() ? name : tr("row %1").arg(s + 1);
    };
    // The id of the device in position `k` of a server's Devices ("device 4").
    const auto device = [&](int s, int k) {
        const bool known =
            s >= 0 && s < count && k >= 0 && size_t(k) < project.servers[size_t(s)].devices.size();
        return known ? QString::number(project.servers[size_t(s)].devices[size_t(k)])
                     : QString::number(k);
    };
    const ProblemValues &values = problem.values;
    const int s = problem.location.server;
    const int k = problem.location.device;
    const QString &rule = problem.rule;
    // One arg() call per sentence: a name is the user's text and may hold "%1".
    if (rule == u"netmask" && project.deviceNetwork.netmask.isEmpty()) {
        return tr("Netmask is empty, so the device segments cannot be checked: enter one "
                  "(255.255.255.0 is usual) or click Plan automatically.");
    }
    if (rule == u"device-ip-count" && values.limit >= 0) {
        if (values.value == u"0") {
            return tr("%1 has no device IPs for its %2 devices: click Plan automatically to "
                      "assign them.")
                .arg(server(s), QString::number(values.limit));
        }
        return tr("%1 has %2 device IPs for %3 devices (IP #k belongs to the k-th device in "
                  "Devices): click Plan automatically to repair them.")
            .arg(server(s), escapeControls(values.value), QString::number(values.limit));
    }
    if (rule == u"ip-unique" && values.otherServer >= 0) {
        return tr("%1 device %2: %3 is already the IP of %4 device %5; every device needs its "
                  "own (click Plan automatically to give it one).")
            .arg(server(s), device(s, k), escapeControls(values.value), server(values.otherServer),
                 device(values.otherServer, values.otherValue.toInt()));
    }
    if (rule == u"segment" && !values.detail.isEmpty()) {
        return tr("%1 device %2: %3 is not in segment %4, which Segments sets for devices %5 "
                  "and %6.")
            .arg(server(s), device(s, k), escapeControls(values.value),
                 escapeControls(values.detail), QString::number(values.limit),
                 QString::number(values.limit + 4));
    }
    return problem.translatedMessage();
}

} // namespace cw
