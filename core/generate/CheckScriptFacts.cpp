// SPDX-License-Identifier: GPL-3.0-or-later
// check.sh's fact table: the rows of the fact table (discover/FactCommands.h) that the project
// asks for, with the exact words discovery's probe runs. check.sh (resources/server/
// check-facts.sh) gathers them on its server into one file in the probe's own format
// (`@@clusterwiz-probe NAME rc=N@@` and the output), and every verdict reads its facts back from
// there, so both verdicts read the same output of the same commands; with --facts DIR it reads
// recorded facts instead (tst_checkDifferential).
#include "generate/CheckScriptFacts.h"

#include "discover/FactCommands.h"
#include "discover/ProbeScript.h"
#include "shell/ShellQuote.h"

#include <set>

using namespace Qt::StringLiterals;

namespace cw {
namespace {

// A command line stored as one bash word: its words quoted, then quoted once more as a value.
QString storedCommand(const QStringList &argv)
{
    return shellQuote(shellJoin(argv));
}

// Every device some server of the plan probes (discovery asks hccn_tool about these).
std::set<int> probedDevices(const Project &project)
{
    std::set<int> devices;
    for (const Server &server : project.servers) {
        for (int device : probedAscendDevices(server))
            devices.insert(device);
    }
    return devices;
}

} // namespace

QString checkFactTable(const Project &project)
{
    QString commands;
    QStringList order;
    QStringList deviceSections;
    QStringList ifPreviousOk;
    QStringList quick;
    bool devicesListed = false;
    const std::set<int> devices = probedDevices(project);
    const Server &anyServer = project.servers.front();
    for (const FactCommand &fact : factCommands()) {
        if (!factWanted(fact, project))
            continue;
        const QString name = QLatin1StringView(fact.section);
        switch (fact.devices) {
        case FactDevices::None:
            order << name;
            commands += u"    ["_s + name + u"]="_s +
                        storedCommand(factInvocations(fact, project, anyServer).front().argv) +
                        u'\n';
            break;
        case FactDevices::Each:
            if (!devicesListed)
                order << u"@devices"_s;
            devicesListed = true;
            deviceSections << name;
            for (int device : devices)
                commands += u"    ["_s + probe::deviceSection(fact.section, device) + u"]="_s +
                            storedCommand(fact.deviceArgv(device)) + u'\n';
            break;
        case FactDevices::First:
            order << name + u"@first"_s;
            for (int device : devices)
                commands += u"    ["_s + name + u'@' + QString::number(device) + u"]="_s +
                            storedCommand(fact.deviceArgv(device)) + u'\n';
            break;
        }
        if (fact.ifPreviousOk)
            ifPreviousOk << name;
        if (fact.quick)
            quick << name;
    }
    QString text = QStringLiteral(
        "\n# The facts the checks read: discovery's probe runs the same commands "
        "(FACT_COMMANDS[SECTION],\n# per device SECTION.N, the first device's SECTION@N) in the "
        "same order (FACT_ORDER: @devices\n# stands for FACT_DEVICE_SECTIONS of each device in "
        "turn).\n");
    text += u"declare -A FACT_COMMANDS=(\n"_s + commands + u")\n"_s;
    text += u"FACT_ORDER=("_s + order.join(u' ') + u")\n"_s;
    text += u"FACT_DEVICE_SECTIONS=("_s + deviceSections.join(u' ') + u")\n"_s;
    text += u"FACT_IF_PREVIOUS_OK=("_s + ifPreviousOk.join(u' ') + u")\n"_s;
    text += u"FACT_QUICK=("_s + quick.join(u' ') + u")\n"_s;
    text += u"FACT_TIMEOUT=%1\n"_s.arg(kProbeTimeoutSeconds);
    return text;
}

} // namespace cw
