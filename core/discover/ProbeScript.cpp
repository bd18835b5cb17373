// SPDX-License-Identifier: GPL-3.0-or-later
#include "discover/ProbeScript.h"

#include "discover/FactCommands.h"
#include "programs/ServerPrograms.h"
#include "shell/ShellQuote.h"

using namespace Qt::StringLiterals;

namespace cw {
namespace {

// The probe's frame: its environment (resources/server/probe-prelude.sh), whether `timeout` is
// there, then cw_probe and cw_quick (probe-run.sh). cw_probe runs one fact: captures stdout and
// stderr together, escapes any line of the output that looks like a section marker (so output can
// never fake a section), then prints the marker with the exit status and the output. `timeout`
// stops a hung tool (a stuck driver, D-Bus), for a tool that is there; cw_quick runs a fact that
// never waits on anything without it (one process less: at 128 servers the probe's processes are
// most of discovery's cost). The script and the programs it embeds (resources/server/probe-*) use
// no single quote after a backslash and no double backslash, so that probeCommand() also reads
// the same in fish, whose quoting differs there.
QString prelude()
{
    return programText(program::probe_prelude_sh) +
           u"if timeout -k 2 1 true >/dev/null 2>&1; then cw_t='timeout -k 2 %1'; "
           u"else cw_t=''; fi\n"_s.arg(kProbeTimeoutSeconds) +
           programText(program::probe_run_sh);
}

QString probeCall(const FactCommand &fact, const QString &name, const QStringList &argv)
{
    return (fact.quick ? u"cw_quick "_s : u"cw_probe "_s) + shellQuote(name) + u' ' +
           shellJoin(argv) + u'\n';
}

// Every per-device fact the project asks for, device by device, each device's sections in
// table order.
QString deviceProbes(const Project &project, const Server &server)
{
    QString text;
    for (int device : probedAscendDevices(server)) {
        for (const FactCommand &fact : factCommands()) {
            if (fact.devices == FactDevices::Each && factWanted(fact, project))
                text += probeCall(fact, probe::deviceSection(fact.section, device),
                                  fact.deviceArgv(device));
        }
    }
    return text;
}

} // namespace

QString probeScript(const Project &project, int serverIndex)
{
    if (serverIndex < 0 || serverIndex >= static_cast<int>(project.servers.size()))
        return {};
    const Server &server = project.servers[static_cast<size_t>(serverIndex)];
    QString text = prelude();
    // Every fact the project asks for, in the table's order; the facts of each device together,
    // device by device, where the first per-device fact stands.
    bool devicesDone = false;
    for (const FactCommand &fact : factCommands()) {
        if (!factWanted(fact, project))
            continue;
        if (fact.devices == FactDevices::Each) {
            if (!devicesDone)
                text += deviceProbes(project, server);
            devicesDone = true;
            continue;
        }
        for (const FactInvocation &call : factInvocations(fact, project, server)) {
            // Only when the section just before it said yes (firewall-cmd --state: running).
            text += fact.ifPreviousOk ? u"if [ \"$cw_rc\" -eq 0 ]; then\n    "_s +
                                            probeCall(fact, call.section, call.argv) + u"fi\n"_s
                                      : probeCall(fact, call.section, call.argv);
        }
    }
    text += u"printf '%s\\n' "_s +
            shellQuote(QLatin1String(probe::kMarker) + u' ' + QLatin1String(probe::kEnd) +
                       u" rc=0@@"_s) +
            u'\n';
    return text;
}

QString probeCommand(const Project &project, int serverIndex)
{
    const QString script = probeScript(project, serverIndex);
    return script.isEmpty() ? QString() : shellScriptCommand(script);
}

} // namespace cw
