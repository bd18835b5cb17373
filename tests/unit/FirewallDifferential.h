// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The firewall-ports verdict alone, in both languages, over many rule sets (tst_checkDifferential
// firewallRuleSetsAlike): the C++ line (discovery's parser, then the check catalogue) and the
// line of check.sh's awk program, run on its own, for the same firewall sections. The rule sets
// are the recorded ones (tests/data/probes), each cut short at every line, with each line left
// out, turned round (accept for drop, ALLOW for DENY...), with other ports, refused or missing,
// and layered over one another.

#include "ProbeTestData.h"

#include "checks/CheckCatalogue.h"
#include "checks/CheckTable.h"
#include "discover/Discovery.h"
#include "discover/ProbeParsers.h"
#include "generate/ScriptFiles.h"

#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>

#include <utility>
#include <vector>

namespace cwtest {

using namespace Qt::StringLiterals;

// One section as the probe prints it, trailing newlines gone as check.sh's fact loader drops them.
inline QString firewallSection(const QString &name, int rc, QString output)
{
    while (output.endsWith(u'\n'))
        output.chop(1);
    return u"@@clusterwiz-probe %1 rc=%2@@\n"_s.arg(name).arg(rc) +
           (output.isEmpty() ? QString() : output + u'\n');
}

// What a recorded tool answered: its section name, exit status and output.
struct FirewallAnswer {
    QString section;
    int rc = 0;
    QString output;
};

// The sections of a server's firewall: the given answers, and for the tools not given the
// healthy server's (no ufw, no firewalld, Debian's empty nftables ruleset, iptables that accept).
inline QString firewallSections(const std::vector<FirewallAnswer> &answers)
{
    std::vector<FirewallAnswer> all = {
        {u"ufw"_s, 127, u"timeout: failed to run command 'ufw': No such file"_s},
        {u"firewalld-state"_s, 127,
         u"timeout: failed to run command 'firewall-cmd': No such file"_s},
        {u"firewalld"_s, -1, {}}, // -1: not gathered (firewall-cmd --state did not say running)
        {u"nft"_s, 0, probeText(u"nft/debian-default.txt"_s)},
        {u"iptables"_s, 0, probeText(u"iptables/accept-all.txt"_s)}};
    for (const FirewallAnswer &answer : answers) {
        for (FirewallAnswer &slot : all) {
            if (slot.section == answer.section)
                slot = answer;
        }
    }
    QString text;
    for (const FirewallAnswer &slot : all) {
        if (slot.rc >= 0)
            text += firewallSection(slot.section, slot.rc, slot.output);
    }
    return text;
}

// A recorded file as the answer of its tool; firewalld comes with its state "running".
inline std::vector<FirewallAnswer> recordedAnswer(const QString &file, int rc, const QString &text)
{
    const QString tool = file.section(u'/', 0, 0);
    if (tool == u"firewalld"_s)
        return {{u"firewalld-state"_s, 0, u"running"_s}, {u"firewalld"_s, rc, text}};
    return {{tool, rc, text}};
}

// The exit status a recorded refusal came with: ufw 1, iptables 4 ("you must be root"),
// firewall-cmd NOT_AUTHORIZED (253, firewalld's errors.py); 0 for a listing.
inline int recordedStatus(const QString &file)
{
    if (file == u"firewalld/not-authorized.txt"_s)
        return 253;
    if (file == u"iptables/not-root.txt"_s)
        return 4;
    return file.endsWith(u"not-root.txt"_s) ? 1 : 0;
}

// check.sh's firewall awk program, as the script embeds it.
inline QString firewallAwkProgram(const QString &script)
{
    const QString begin = u"cat <<'CLUSTERWIZ_AWK'\n"_s;
    const QString end = u"\nCLUSTERWIZ_AWK\n"_s;
    const qsizetype from = script.indexOf(begin);
    const qsizetype to = script.indexOf(end, from);
    if (from < 0 || to < 0)
        qFatal("check.sh holds no firewall awk program");
    return script.mid(from + begin.size(), to - from - begin.size());
}

// The awk programs on this machine, each once: the one on the PATH, then mawk (Debian's and
// Ubuntu's awk), gawk (RHEL's and openEuler's), busybox awk (Alpine's), the one true awk.
inline std::vector<QStringList> awkCommands()
{
    std::vector<QStringList> commands;
    QStringList seen;
    for (const QString &name : {u"awk"_s, u"mawk"_s, u"gawk"_s, u"busybox"_s, u"original-awk"_s}) {
        const QString path = QStandardPaths::findExecutable(name);
        if (path.isEmpty())
            continue;
        const QString key = QFileInfo(path).canonicalFilePath();
        if (seen.contains(key))
            continue;
        seen << key;
        commands.push_back(name == u"busybox"_s ? QStringList{path, u"awk"_s} : QStringList{path});
    }
    return commands;
}

// The awk program's line for these sections and the ports of `ports` ("FIRST LAST WHY" lines).
inline QString awkFirewallLine(const QStringList &awk, const QString &program,
                               const QString &sections, const QString &ports)
{
    QProcess process;
    process.start(awk.front(), awk.mid(1) << program);
    process.write((sections + u"@@clusterwiz-probe need rc=0@@\n"_s + ports).toUtf8());
    process.closeWriteChannel();
    if (!process.waitForFinished(60000)) {
        process.kill();
        process.waitForFinished();
        return u"(awk did not finish)"_s;
    }
    const QString out = QString::fromUtf8(process.readAllStandardOutput()).trimmed();
    const QString err = QString::fromUtf8(process.readAllStandardError()).trimmed();
    return err.isEmpty() ? out : out + u" (stderr: "_s + err + u')';
}

// The ports the firewall-ports check judges on plan index 0 (the master), as "FIRST LAST WHY"
// lines: what check.sh's clusterwiz_required_ports gives the awk program.
inline QString masterPortLines(const cw::Project &project)
{
    const cw::CheckSpec *spec = cw::checkSpec(QLatin1StringView(cw::check::kFirewallPorts));
    QString lines;
    for (const cw::RequiredPort &port : cw::checkPorts(*spec, project, project.launchOrder()[0]))
        lines += u"%1 %2 %3\n"_s.arg(port.span.first).arg(port.span.last).arg(port.why);
    return lines;
}

// The C++ verdict's line for the master with these sections: "ok|warn|fail REASON".
inline QString cppFirewallLine(const cw::Project &project, const QString &sections)
{
    const int master = project.launchOrder()[0];
    std::vector<cw::ServerDiscovery> discovery(1);
    discovery[0].connection.serverIndex = master;
    discovery[0].connection.serverName = project.servers[size_t(master)].name;
    discovery[0].facts = cw::parseProbeOutput(sections + u"@@clusterwiz-probe end rc=0@@\n"_s);
    const cw::CheckReport report = cw::evaluateChecks(project, discovery, {});
    const cw::CheckResult *result =
        report.find(QLatin1StringView(cw::check::kFirewallPorts), master);
    if (!result)
        return u"(no result)"_s;
    const QString status = result->status == cw::CheckStatus::Ok        ? u"ok"_s
                           : result->status == cw::CheckStatus::Warning ? u"warn"_s
                           : result->status == cw::CheckStatus::Failed  ? u"fail"_s
                                                                        : u"skip"_s;
    return status + u' ' + result->reason;
}

// Every occurrence of each word of a pair turned into the other.
inline QString swapped(QString text, const std::vector<std::pair<QString, QString>> &pairs)
{
    for (const auto &[a, b] : pairs) {
        text.replace(a, u"\x01"_s).replace(b, a).replace(u"\x01"_s, b);
    }
    return text;
}

struct FirewallCase {
    QString name;
    QString sections;
};

// The rule sets: each recorded firewall file, whole, cut short after every line, with every line
// left out, turned round, with other ports and as a refusal; then layers over one another.
inline std::vector<FirewallCase> firewallCases()
{
    std::vector<FirewallCase> cases;
    const auto add = [&](const QString &name, const std::vector<FirewallAnswer> &answers) {
        cases.push_back({name, firewallSections(answers)});
    };
    QStringList files;
    for (const QString &file : allProbeFiles()) {
        const QString tool = file.section(u'/', 0, 0);
        if (tool == u"ufw"_s || tool == u"firewalld"_s || tool == u"nft"_s || tool == u"iptables"_s)
            files << file;
    }
    const std::vector<std::pair<QString, QString>> turned = {
        {u"accept"_s, u"drop"_s}, {u"ACCEPT"_s, u"DROP"_s},    {u"ALLOW"_s, u"DENY"_s},
        {u"allow"_s, u"deny"_s},  {u"reject"_s, u"return"_s},  {u"REJECT"_s, u"RETURN"_s},
        {u"jump"_s, u"goto"_s},   {u"default"_s, u"ACCEPT"_s}, {u"LIMIT"_s, u"REJECT"_s}};
    for (const QString &file : files) {
        const QString text = probeText(file);
        const int rc = recordedStatus(file);
        add(file, recordedAnswer(file, rc, text));
        const QStringList lines = text.split(u'\n');
        for (qsizetype k = 0; k < lines.size(); ++k) {
            add(u"%1 cut after line %2"_s.arg(file).arg(k),
                recordedAnswer(file, rc, lines.mid(0, k).join(u'\n')));
            QStringList without = lines;
            without.removeAt(k);
            add(u"%1 without line %2"_s.arg(file).arg(k + 1),
                recordedAnswer(file, rc, without.join(u'\n')));
        }
        add(file + u" turned round"_s, recordedAnswer(file, rc, swapped(text, turned)));
        add(file + u" other ports"_s, recordedAnswer(file, rc,
                                                     QString(text)
                                                         .replace(u"29501"_s, u"29502"_s)
                                                         .replace(u"60031"_s, u"60015"_s)
                                                         .replace(u"60000"_s, u"60016"_s)));
        for (const int status : {1, 124, 127})
            add(u"%1 exit %2"_s.arg(file).arg(status), recordedAnswer(file, status, text));
    }
    // Layers: nftables and iptables together, ufw over iptables, firewalld stopped.
    for (const QString &nft : files.filter(QRegularExpression(u"^nft/"_s))) {
        for (const QString &iptables : files.filter(QRegularExpression(u"^iptables/"_s)))
            add(nft + u" + "_s + iptables,
                {{u"nft"_s, recordedStatus(nft), probeText(nft)},
                 {u"iptables"_s, recordedStatus(iptables), probeText(iptables)}});
        add(u"ufw inactive + "_s + nft, {{u"ufw"_s, 0, probeText(u"ufw/inactive.txt"_s)},
                                         {u"nft"_s, recordedStatus(nft), probeText(nft)}});
    }
    for (const QString &ufw : files.filter(QRegularExpression(u"^ufw/"_s)))
        add(ufw + u" + iptables/ufw-chains.txt"_s,
            {{u"ufw"_s, recordedStatus(ufw), probeText(ufw)},
             {u"iptables"_s, 0, probeText(u"iptables/ufw-chains.txt"_s)}});
    for (const QString &iptables : files.filter(QRegularExpression(u"^iptables/"_s)))
        add(u"firewalld not running + "_s + iptables,
            {{u"firewalld-state"_s, 252, u"not running"_s},
             {u"iptables"_s, recordedStatus(iptables), probeText(iptables)}});
    add(u"nothing installed"_s, {{u"nft"_s, 127, u"sh: 1: nft: not found"_s},
                                 {u"iptables"_s, 127, u"sh: 1: iptables: not found"_s}});
    return cases;
}

} // namespace cwtest
