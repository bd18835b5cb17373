// SPDX-License-Identifier: GPL-3.0-or-later
// reserve-hccl-ports: adds the HCCL host port range to the kernel's reserved ports on every server
// where hccl-ports-reserved failed, at once (/proc/sys/net/ipv4/ip_local_reserved_ports) and for
// the next boot (a file of its own in /etc/sysctl.d), as CANN's HCCL_IF_BASE_PORT reference asks
// ("sysctl -w net.ipv4.ip_local_reserved_ports=60000-60031",
// https://www.hiascend.com/document/detail/zh/canncommercial/latest/maintenref/envvar/envref_07_0074.html).
// Writing that list replaces it whole, so the fix writes what was reserved plus the range; a read
// step keeps the list and the file as they were, and the undo puts both back.
#include "discover/ReservedPorts.h"
#include "fix/FixPlanner.h"
#include "fix/FixTable.h"
#include "fix/FixText.h"
#include "shell/ShellQuote.h"

using namespace Qt::StringLiterals;

namespace cw {
namespace {

// The sysctl.d file the fix owns; CLUSTERWIZ_SYSCTL_D moves its folder (the tests' servers).
const QString kFile =
    uR"sh(f="${CLUSTERWIZ_SYSCTL_D:-/etc/sysctl.d}/90-clusterwiz-hccl-ports.conf")sh"_s;
const QString kKey = u"/proc/sys/net/ipv4/ip_local_reserved_ports"_s;

// One line: the list now, '|', the value the fix's file holds ('-' when there is none).
QString readCommand()
{
    return kFile + u"; now=$(cat "_s + kKey +
           uR"sh() || exit 1; if [ -e "$f" ]; then was=$(sed -n 's/^net\.ipv4\.ip_local_reserved_ports *= *//p' "$f"); else was=-; fi; printf '%s|%s\n' "$now" "$was")sh"_s;
}

// Writes `list` now and into the file (through a temporary file and a rename), then reads it
// back: the step fails unless the kernel holds the range.
QString setCommand(const QString &list, const PortSpan &range)
{
    const QString quoted = shellQuote(list);
    return u"cat >/dev/null; "_s + kFile + u" && printf '%s\\n' "_s + quoted + u" > "_s + kKey +
           u" && mkdir -p \"${f%/*}\" && printf 'net.ipv4.ip_local_reserved_ports = %s\\n' "_s +
           quoted + uR"sh( > "$f.tmp" && mv -f "$f.tmp" "$f" && grep -q . )sh"_s + kKey +
           u" && echo "_s + shellQuote(u"reserved "_s + portSpanText(range));
}

// From the read step's line on standard input: the list back in the kernel, the file back as
// it was (removed when there was none).
QString undoCommand()
{
    return uR"sh(IFS='|' read -r now was || exit 1; )sh"_s + kFile +
           uR"sh( && printf '%s\n' "$now" > )sh"_s + kKey +
           uR"sh( && if [ "$was" = - ]; then rm -f "$f"; else printf 'net.ipv4.ip_local_reserved_ports = %s\n' "$was" > "$f.tmp" && mv -f "$f.tmp" "$f"; fi)sh"_s;
}

} // namespace

FixPlan planReserveHcclPorts(const Project &project, const CheckRun &run)
{
    FixPlan plan = newFixPlan(fix::kReserveHcclPorts);
    if (!isAscend(project.accelerator)) {
        plan.refusal = u"only Ascend projects use HCCL's host ports"_s;
        return plan;
    }
    const PortSpan range{project.launch.hcclPorts.first, project.launch.hcclPorts.last};
    for (const CheckResult &result : run.report.results) {
        if (result.id != QLatin1StringView(check::kHcclPortsReserved) ||
            result.status != CheckStatus::Failed || result.serverIndex < 0 ||
            size_t(result.serverIndex) >= run.discovery.size() ||
            !run.discovery[size_t(result.serverIndex)].ok())
            continue;
        const ReservedPortsFacts &kernel =
            run.discovery[size_t(result.serverIndex)].facts->reservedPorts;
        RemoteStep read;
        read.serverIndex = result.serverIndex;
        describe(read,
                 trText("cw::Fixes", "read the reserved ports and the sysctl.d file as they are"));
        read.command = readCommand();
        const int readStep = int(plan.steps.size());
        plan.steps.push_back(read);
        RemoteStep set;
        set.serverIndex = result.serverIndex;
        const QString list = reservedPortsWith(kernel.reserved, range);
        describe(set, trText("cw::Fixes",
                             "reserve %1 from the kernel's ephemeral ports: "
                             "ip_local_reserved_ports = %2, now and in "
                             "/etc/sysctl.d/90-clusterwiz-hccl-ports.conf (undo puts both back)")
                          .arg(portSpanText(range), list));
        set.command = setCommand(list, range);
        set.inputFromStep = readStep;
        set.undoCommand = undoCommand();
        plan.steps.push_back(set);
    }
    if (plan.steps.empty())
        plan.nothingToDo =
            u"every server already keeps %1 from its ephemeral ports"_s.arg(portSpanText(range));
    return plan;
}

} // namespace cw
