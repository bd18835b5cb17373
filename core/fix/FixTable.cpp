// SPDX-License-Identifier: GPL-3.0-or-later
#include "fix/FixTable.h"

#include "fix/FixPlanner.h"

#include <QtGlobal>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace cw {

const std::vector<FixSpec> &fixTable()
{
    static const std::vector<FixSpec> table = {
        {.id = fix::kSetDeviceIps,
         .title = QT_TRANSLATE_NOOP("cw::Fixes", "Set the planned device IPs with hccn_tool"),
         .plan = &planSetDeviceIps,
         .help = "hccn_tool -ip -s for every device whose IP differs from the plan"},
        {.id = fix::kAlignDeviceTls,
         .title = QT_TRANSLATE_NOOP("cw::Fixes",
                                    "Set every device's TLS switch to the cluster's common value"),
         .plan = &planAlignDeviceTls,
         .help =
             "hccn_tool -tls -s enable V where a device differs from the majority (a tie: off)"},
        {.id = fix::kOpenPorts,
         .title =
             QT_TRANSLATE_NOOP("cw::Fixes", "Open only the job's ports in each server's firewall"),
         .plan = &planOpenPorts,
         .help = "let only the job's ports in (ufw, firewalld, nftables or iptables)"},
        {.id = fix::kReserveHcclPorts,
         .title = QT_TRANSLATE_NOOP("cw::Fixes",
                                    "Keep the HCCL host ports from the kernel's ephemeral ports"),
         .plan = &planReserveHcclPorts,
         .help = "add the HCCL ports to ip_local_reserved_ports, now and in /etc/sysctl.d"},
        {.id = fix::kAddKnownHosts,
         .title = QT_TRANSLATE_NOOP(
             "cw::Fixes", "Record the other servers' host keys in the master's known_hosts"),
         .plan = &planAddKnownHosts,
         .help = "record the servers' verified host keys in the master's known_hosts"},
        {.id = fix::kDeploySshKey,
         .title = QT_TRANSLATE_NOOP("cw::Fixes",
                                    "Let the master log in to the other servers with its key"),
         .plan = &planDeploySshKey,
         .help = "add the master's public key to the others' authorized_keys"},
        {.id = fix::kStopFirewall,
         .title = QT_TRANSLATE_NOOP("cw::Fixes",
                                    "Stop the firewall (second choice: open-ports changes less)"),
         .plan = &planStopFirewall,
         .chosenByAll = false,
         .help = "stop the firewall instead (second choice; never chosen by --all)"},
    };
    return table;
}

const FixSpec *fixSpec(const QString &id)
{
    for (const FixSpec &spec : fixTable()) {
        if (id == QLatin1StringView(spec.id))
            return &spec;
    }
    return nullptr;
}

QStringList knownFixIds()
{
    QStringList ids;
    for (const FixSpec &spec : fixTable())
        ids.append(QLatin1StringView(spec.id));
    return ids;
}

FixPlan newFixPlan(const char *id)
{
    FixPlan plan;
    plan.id = QLatin1StringView(id);
    if (const FixSpec *spec = fixSpec(plan.id)) {
        // The title is translatable (QT_TRANSLATE_NOOP above): the wizard shows it translated.
        plan.titleText = TrText("cw::Fixes", spec->title);
        plan.title = plan.titleText.english();
    }
    return plan;
}

QString fixHelpText()
{
    qsizetype width = 0;
    for (const FixSpec &spec : fixTable())
        width = std::max(width, qsizetype(qstrlen(spec.id)));
    QString text;
    for (const FixSpec &spec : fixTable())
        text += u"  "_s + QLatin1StringView(spec.id).toString().leftJustified(width + 1) +
                QLatin1StringView(spec.help) + u'\n';
    return text;
}

} // namespace cw
