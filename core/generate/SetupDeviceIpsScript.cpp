// SPDX-License-Identifier: GPL-3.0-or-later
#include "generate/ScriptFiles.h"

#include "generate/DeviceIpBash.h"
#include "generate/DeviceRouteBash.h"
#include "generate/NodePlanBash.h"
#include "programs/ServerPrograms.h"

using namespace Qt::StringLiterals;

namespace cw {
namespace {

// Check-then-set: read every device, save what will be replaced, set only what differs, read
// back. The plan and the command lines come from the generator; this part only decides. The
// routed parts (DeviceRouteBash.h) are empty unless the project has gateways or detect IPs, so
// that the script of every other project stays as it was; two of them go inside a block of the
// program (the dry run's `if`, the backup's braces), whose lines are therefore written here.
QString setupBody(const Project &project)
{
    QString text = u'\n' + programText(program::setup_device_ips_sh) + u'\n';
    text += deviceRoutePart(project, RoutePart::Read);
    text += programText(program::setup_device_ips_was_sh) + u'\n';

    text += u"if [ \"$DRY_RUN\" = 1 ]; then\n"_s;
    text += programText(program::setup_device_ips_dry_run_sh);
    text += deviceRoutePart(project, RoutePart::DryRun);
    text += programText(program::setup_device_ips_dry_run_end_sh);
    text += u"fi\n"_s;

    text += u'\n' + programText(program::setup_device_ips_before_set_sh);
    text += u"if [ \"$pending\" -gt 0 ]; then\n"_s;
    text += programText(program::setup_device_ips_backup_name_sh);
    text += u"    if ! {\n"_s;
    text += programText(program::setup_device_ips_backup_sh);
    text += deviceRoutePart(project, RoutePart::Backup);
    text += u"    } > \"$BACKUP\"; then\n"_s;
    text += programText(program::setup_device_ips_backup_failed_sh);
    text += u"    fi\nfi\n"_s;

    text += u'\n' + programText(program::setup_device_ips_set_sh) + u'\n';
    text += deviceRoutePart(project, RoutePart::Apply);
    text += programText(program::setup_device_ips_summary_sh);
    return text;
}

} // namespace

QByteArray setupDeviceIpsScript(const Project &project)
{
    QString text = scriptHeader(
        project, QStringLiteral("Sets this server's device IPs with hccn_tool (check, back up, "
                                "set what differs, read back). Same file on every server."));
    text += QStringLiteral("set -u\n\n");
    text += planTable(project);
    text += deviceIpTable(project, DeviceTableUse::SetIps);
    text += deviceRouteTable(project);
    text += findNodeFunction();
    text += hccnFunctions();
    text += deviceRoutePart(project, RoutePart::Functions);
    text += setupBody(project);
    return text.toUtf8();
}

} // namespace cw
