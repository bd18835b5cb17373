// SPDX-License-Identifier: GPL-3.0-or-later
// align-device-tls: `hccn_tool -i N -tls -s enable V` on every device whose TLS switch differs
// from the cluster's common value (checks/DeviceTls.h: the majority; a tie gives off, as Huawei's
// install guide advises for distributed training), each read back and undone by setting the
// value the device had.
#include "checks/DeviceTls.h"
#include "fix/FixPlanner.h"
#include "fix/FixTable.h"
#include "fix/FixText.h"
#include "plan/HccnCommands.h"
#include "shell/ShellQuote.h"

using namespace Qt::StringLiterals;

namespace cw {
namespace {

// Sets the switch, then reads it back: the step fails unless `-tls -g` shows the new value.
QString setAndReadBack(int device, bool enable)
{
    return shellJoin(hccnTlsSetCommand(device, enable)) + u" && "_s +
           shellJoin(hccnTlsGetCommand(device)) + u" | grep -q "_s +
           shellQuote(u"tls switch[%1]"_s.arg(enable ? 1 : 0)) + u" -F"_s;
}

} // namespace

FixPlan planAlignDeviceTls(const Project &project, const CheckRun &run)
{
    FixPlan plan = newFixPlan(fix::kAlignDeviceTls);
    if (!isAscend(project.accelerator)) {
        plan.refusal = u"only Ascend projects have an NPU TLS switch"_s;
        return plan;
    }
    std::vector<const ServerFacts *> facts;
    for (const ServerDiscovery &found : run.discovery)
        facts.push_back(found.ok() ? &*found.facts : nullptr);
    const TlsCount count = countDeviceTls(project, facts);
    const std::optional<bool> common = commonDeviceTls(count);
    if (!common) {
        plan.refusal = u"no device's TLS switch could be read (hccn_tool -i N -tls -g)"_s;
        return plan;
    }
    const TrText why =
        count.on == count.off
            ? trText("cw::Fixes", "a tie (%1 on, %2 off): off, as Huawei advises for training")
                  .arg(count.on)
                  .arg(count.off)
            : trText("cw::Fixes", "the majority: %1 on, %2 off").arg(count.on).arg(count.off);
    for (size_t i = 0; i < facts.size() && i < project.servers.size(); ++i) {
        if (!facts[i])
            continue;
        for (const int device : project.servers[i].devices) {
            const AscendDeviceFacts *found = facts[i]->ascendDevice(device);
            if (!found || !found->tls || *found->tls == *common)
                continue;
            RemoteStep step;
            step.serverIndex = int(i);
            describe(step, trText("cw::Fixes", "device %1: TLS %2 -> %3 (%4)")
                               .arg(device)
                               .arg(*found->tls ? u"on"_s : u"off"_s, *common ? u"on"_s : u"off"_s)
                               .arg(why));
            step.snapshotCommand = shellJoin(hccnTlsGetCommand(device));
            step.command = setAndReadBack(device, *common);
            step.undoCommand = setAndReadBack(device, *found->tls);
            plan.steps.push_back(step);
        }
    }
    if (plan.steps.empty())
        plan.nothingToDo =
            u"every device's TLS switch is already %1"_s.arg(*common ? u"on"_s : u"off"_s);
    return plan;
}

} // namespace cw
