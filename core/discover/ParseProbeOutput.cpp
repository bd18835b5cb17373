// SPDX-License-Identifier: GPL-3.0-or-later
// Splits a probe output into sections and hands each to the reader its fact row names
// (discover/FactCommands.h, FactReaders.h).
#include "discover/ProbeParsers.h"

#include "discover/FactCommands.h"
#include "discover/ProbeScript.h"
#include "discover/ProbeText.h"

#include <QRegularExpression>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace cw {
namespace {

// Hands a section to its fact's reader; the end marker completes the output, and sections no
// row knows are kept in `sections` and ignored.
void readSection(ServerFacts &facts, const ProbeSection &section, QString *problem)
{
    if (section.name == QLatin1String(probe::kEnd)) {
        facts.complete = true;
        return;
    }
    const FactCommand *fact = factCommand(section.name);
    if (!fact || !fact->read)
        return;
    int device = -1;
    if (fact->devices == FactDevices::Each) {
        bool numbered = false;
        device = section.name.section(u'.', 1).toInt(&numbered);
        if (!numbered || device < 0 || section.name.count(u'.') != 1)
            return;
    } else if (section.name != QLatin1String(fact->section)) {
        return; // "hostname.3": no such section
    }
    fact->read(facts, section, device, problem);
}

} // namespace

std::vector<ProbeSection> splitProbeSections(const QString &text)
{
    static const QRegularExpression marker(u"^@@clusterwiz-probe (\\S+) rc=(-?\\d{1,9})@@$"_s);
    std::vector<ProbeSection> sections;
    QStringList output;
    auto finish = [&] {
        if (sections.empty())
            return;
        while (!output.isEmpty() && output.back().isEmpty())
            output.removeLast();
        sections.back().output = output.join(u'\n');
        output.clear();
    };
    for (QString line : text.split(u'\n')) {
        if (line.endsWith(u'\r'))
            line.chop(1);
        const auto match = line.startsWith(u'@') ? marker.match(line) : QRegularExpressionMatch();
        if (match.hasMatch()) {
            finish();
            sections.push_back({match.captured(1), match.captured(2).toInt(), {}});
        } else if (!sections.empty()) {
            output << line;
        }
    }
    finish();
    return sections;
}

ServerFacts parseProbeOutput(const QString &text)
{
    ServerFacts facts;
    facts.sections = splitProbeSections(text);
    for (const ProbeSection &section : facts.sections) {
        if (section.rc == kProbeTimedOut) {
            facts.issues.push_back(
                {section.name, u"timed out after %1 s"_s.arg(kProbeTimeoutSeconds)});
            continue;
        }
        QString problem;
        readSection(facts, section, &problem);
        if (!problem.isEmpty())
            facts.issues.push_back({section.name, problem});
    }
    deriveFirewallKind(facts.firewall);
    // The ports sshd listens on, where ss may show processes (root, or the same user).
    for (const ListeningPort &listener : facts.listeningPorts) {
        if (listener.proto == u"tcp"_s && listener.processes.contains(u"sshd"_s) &&
            std::find(facts.sshd.ports.begin(), facts.sshd.ports.end(), listener.port) ==
                facts.sshd.ports.end())
            facts.sshd.ports.push_back(listener.port);
    }
    if (facts.sections.empty())
        facts.issues.push_back({QLatin1String(probe::kEnd), unrecognisedOutput(text)});
    else if (!facts.complete)
        facts.issues.push_back(
            {QLatin1String(probe::kEnd),
             u"incomplete output: it stops after section "_s + facts.sections.back().name});
    return facts;
}

ServerFacts parseProbeOutput(const QByteArray &utf8)
{
    return parseProbeOutput(QString::fromUtf8(utf8));
}

} // namespace cw
