// SPDX-License-Identifier: GPL-3.0-or-later
// Parsers for the firewall managers: `ufw status verbose` and `firewall-cmd --list-all`.
#include "discover/ProbeParsers.h"

#include "discover/ProbeText.h"

#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace cw {
namespace {

void report(QString *problem, const QString &text)
{
    if (problem && problem->isEmpty())
        *problem = unrecognisedOutput(text);
}

// ufw's "To" column: "22/tcp", "60000:60031/tcp", "29501,29502/tcp", "22", "OpenSSH",
// "Anywhere", "10.0.0.5 22/tcp", each possibly followed by "on eth0".
void readUfwTarget(QString to, UfwRule &rule)
{
    static const QRegularExpression onInterface(u"\\s+on\\s+(\\S+)$"_s);
    static const QRegularExpression portSpec(u"^([0-9][0-9,:]*)(?:/(tcp|udp))?$"_s);
    QStringList conditions;
    if (const auto match = onInterface.match(to); match.hasMatch()) {
        conditions << u"on "_s + match.captured(1);
        to.truncate(match.capturedStart());
    }
    QStringList words = to.simplified().split(u' ', Qt::SkipEmptyParts);
    if (words.isEmpty())
        return;
    if (const auto match = portSpec.match(words.back()); match.hasMatch()) {
        if (const auto spans = parsePortList(match.captured(1))) {
            rule.ports = *spans;
            rule.knownPorts = true;
        }
        rule.protocol = match.captured(2);
        words.removeLast();
    } else if (words.join(u' ') == u"OpenSSH"_s) {
        rule.ports = {{22, 22}};
        rule.protocol = u"tcp"_s;
        rule.knownPorts = true;
        words.clear();
    } else if (words.size() == 1 &&
               (words[0] == u"Anywhere"_s || words[0].contains(u'.') || words[0].contains(u':'))) {
        rule.anyPort = true;
        rule.knownPorts = true;
        if (words[0] != u"Anywhere"_s)
            conditions << u"to "_s + words[0];
        words.clear();
    } else {
        words.clear(); // an application profile this reader does not know: ports unknown
    }
    if (!words.isEmpty() && words.join(u' ') != u"Anywhere"_s)
        conditions << u"to "_s + words.join(u' ');
    if (!conditions.isEmpty())
        rule.condition = conditions.join(u", "_s);
}

} // namespace

UfwFacts parseUfwStatus(const QString &text, QString *problem)
{
    static const QRegularExpression ruleLine(
        u"^(.*?)\\s+(ALLOW|DENY|REJECT|LIMIT)(?:\\s+(IN|OUT|FWD))?\\s+(.*)$"_s);
    static const QRegularExpression incoming(u"(\\w+)\\s*\\(incoming\\)"_s);
    UfwFacts ufw;
    ufw.toolFound = true;
    bool status = false;
    bool inRules = false;
    for (const QString &line : probeLines(text)) {
        const QString trimmed = line.trimmed();
        if (trimmed.isEmpty())
            continue;
        if (const auto value = valueForKey(trimmed, u"Status"); value && !inRules) {
            status = *value == u"active"_s || *value == u"inactive"_s;
            ufw.active = *value == u"active"_s;
            continue;
        }
        if (const auto value = valueForKey(trimmed, u"Default"); value && !inRules) {
            if (const auto match = incoming.match(*value); match.hasMatch())
                ufw.defaultIncoming = match.captured(1).toLower();
            continue;
        }
        if (trimmed.startsWith(u"--"_s)) {
            inRules = true;
            continue;
        }
        if (!inRules)
            continue;
        QString body = trimmed.section(u" # "_s, 0, 0); // a rule's comment
        body.replace(u"(log-all)"_s, QString()).replace(u"(log)"_s, QString());
        const auto match = ruleLine.match(body.simplified());
        if (!match.hasMatch())
            continue;
        UfwRule rule;
        rule.text = trimmed;
        rule.action = match.captured(2);
        rule.direction = match.captured(3);
        QString to = match.captured(1);
        QString from = match.captured(4).trimmed();
        rule.v6 = to.contains(u"(v6)"_s) || from.contains(u"(v6)"_s);
        to.remove(u"(v6)"_s);
        from.remove(u"(v6)"_s);
        readUfwTarget(to, rule);
        from = from.simplified();
        if (from != u"Anywhere"_s && !from.isEmpty())
            rule.condition += (rule.condition.isEmpty() ? u"from "_s : u", from "_s) + from;
        ufw.rules.push_back(rule);
    }
    ufw.readable = status;
    if (!status)
        report(problem, text);
    return ufw;
}

FirewalldFacts parseFirewalldListAll(const QString &text, QString *problem)
{
    static const QRegularExpression portSpec(u"^(\\d+(?:-\\d+)?)/(\\w+)$"_s);
    static const QRegularExpression richPort(
        u"port\\s+port=\"?(\\d+(?:-\\d+)?)\"?\\s+protocol=\"?(\\w+)\"?"_s);
    static const QRegularExpression richService(u"service\\s+name=\"?ssh\"?"_s);
    FirewalldFacts firewalld;
    firewalld.toolFound = true;
    firewalld.running = true;
    bool target = false;
    bool richSection = false;
    for (const QString &line : probeLines(text)) {
        const QString trimmed = line.trimmed();
        if (trimmed.isEmpty())
            continue;
        if (firewalld.zone.isEmpty() && !trimmed.contains(u':') && !line.startsWith(u' ') &&
            !line.startsWith(u'\t')) {
            firewalld.zone = trimmed.section(u' ', 0, 0);
            continue;
        }
        if (trimmed.startsWith(u"rule "_s) || (richSection && trimmed.startsWith(u"rule"_s))) {
            FirewalldRichRule rule;
            rule.text = trimmed;
            if (const auto match = richPort.match(trimmed); match.hasMatch()) {
                if (const auto span = parsePortSpan(match.captured(1))) {
                    rule.ports = {*span};
                    rule.knownPorts = true;
                }
                rule.protocol = match.captured(2);
            } else if (richService.match(trimmed).hasMatch()) {
                rule.ports = {{22, 22}};
                rule.protocol = u"tcp"_s;
                rule.knownPorts = true;
            }
            for (const QString &word : shellishWords(trimmed)) {
                if (word == u"accept"_s || word == u"reject"_s || word == u"drop"_s)
                    rule.action = word;
            }
            rule.conditional =
                trimmed.contains(u"source "_s) || trimmed.contains(u"destination "_s) ||
                trimmed.contains(u" limit "_s) || trimmed.contains(u"family=\"ipv6\""_s);
            firewalld.richRules.push_back(rule);
            continue;
        }
        const qsizetype colon = trimmed.indexOf(u':');
        if (colon < 0)
            continue;
        const QString key = trimmed.left(colon).simplified();
        const QStringList values =
            trimmed.mid(colon + 1).simplified().split(u' ', Qt::SkipEmptyParts);
        richSection = key == u"rich rules"_s;
        if (key == u"target"_s) {
            target = !values.isEmpty();
            firewalld.target = values.value(0);
        } else if (key == u"interfaces"_s) {
            firewalld.interfaces = values;
        } else if (key == u"sources"_s) {
            firewalld.sources = values;
        } else if (key == u"services"_s) {
            firewalld.services = values;
        } else if (key == u"ports"_s) {
            for (const QString &value : values) {
                const auto match = portSpec.match(value);
                const auto span =
                    match.hasMatch() ? parsePortSpan(match.captured(1)) : std::nullopt;
                if (span)
                    firewalld.ports.emplace_back(*span, match.captured(2));
                else
                    report(problem, text);
            }
        }
    }
    if (!target)
        report(problem, text);
    return firewalld;
}

} // namespace cw
