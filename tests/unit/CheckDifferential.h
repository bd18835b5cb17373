// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The same facts to both verdicts (tst_checkDifferential): a server's probe output section by
// section (ProbeFacts), healthy facts for a project's servers (the simulated Ascend tools gathered
// by check.sh, operating-system tools from tests/data/probes), and compareVerdicts(), which runs
// the C++ catalogue and `check.sh --facts DIR` over them and lists every (server, check) whose
// status differs (or, for sameReasonChecks(), whose line differs from the C++ reason).

#include "FirewallDifferential.h"
#include "ProbeTestData.h"

#include "checks/CheckCatalogue.h"
#include "checks/CheckTable.h"
#include "discover/FactCommands.h"
#include "generate/ScriptFiles.h"
#include "model/ProjectJson.h"
#include "rules/DeviceRoutes.h"
#include "rules/FrameworkPackages.h"

#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>

#include <map>
#include <utility>
#include <vector>

namespace cwtest {

using namespace Qt::StringLiterals;

// One server's probe output, as sections that a row can change.
struct ProbeFacts {
    std::vector<cw::ProbeSection> sections;

    static ProbeFacts parse(const QString &text) { return {cw::splitProbeSections(text)}; }

    QString text() const
    {
        QString out;
        for (const cw::ProbeSection &section : sections) {
            out += u"@@clusterwiz-probe %1 rc=%2@@\n"_s.arg(section.name).arg(section.rc);
            if (!section.output.isEmpty())
                out += section.output + u'\n';
        }
        return out;
    }

    cw::ProbeSection *find(const QString &name)
    {
        for (cw::ProbeSection &section : sections) {
            if (section.name == name)
                return &section;
        }
        return nullptr;
    }

    // Sets a section's status and output; a new one goes before `before` (default: the end
    // marker), as the probe would have printed it there.
    void set(const QString &name, int rc, const QString &output, const QString &before = u"end"_s)
    {
        if (cw::ProbeSection *section = find(name)) {
            section->rc = rc;
            section->output = output;
            return;
        }
        auto at = std::find_if(sections.begin(), sections.end(),
                               [&](const cw::ProbeSection &s) { return s.name == before; });
        sections.insert(at, {name, rc, output});
    }
    void set(const char *name, int rc, const QString &output)
    {
        set(QLatin1StringView(name).toString(), rc, output);
    }

    void remove(const QString &name)
    {
        std::erase_if(sections, [&](const cw::ProbeSection &s) { return s.name == name; });
    }

    // Replaces `from` with `to` in a section's output (the first `count` times; -1: all).
    void replaceInSection(const char *name, const QString &from, const QString &to, int count = -1)
    {
        cw::ProbeSection *section = find(QLatin1StringView(name).toString());
        if (!section || !section->output.contains(from))
            qFatal("no '%s' in section %s", qPrintable(from), name);
        qsizetype at = 0;
        for (int done = 0; count < 0 || done < count; ++done) {
            at = section->output.indexOf(from, at);
            if (at < 0)
                break;
            section->output.replace(at, from.size(), to);
            at += to.size();
        }
    }

    // The paths fact of the project (what the probe asked) with the answers given: the workdir
    // is there, writable, the entry there, every sourced file there.
    void setPaths(bool workdir, bool writable, bool entry, bool setenv)
    {
        cw::ProbeSection *section = find(u"paths"_s);
        if (!section)
            qFatal("no paths section");
        QStringList lines;
        for (const QString &line : section->output.split(u'\n')) {
            const QString kind = line.section(u' ', 0, 0);
            const bool yes = kind == u"workdir"_s    ? workdir
                             : kind == u"writable"_s ? writable
                             : kind == u"entry"_s    ? entry
                                                     : setenv;
            lines << kind + (yes ? u" yes "_s : u" no "_s) + line.section(u' ', 2);
        }
        section->rc = 0;
        section->output = lines.join(u'\n');
    }
};

inline QString tlsLine(int device, bool on)
{
    return u"dev_id:%1, tls switch[%2](0:disable, 1:enable), tls preconfigured[1](0:non-preset, "
           "1:preset), tls alarm time threshold[60]days"_s.arg(device)
               .arg(on ? 1 : 0);
}

// The python probe's output (resources/server/probe-python.py) with these package lines.
inline QString pythonOutput(const QStringList &packageLines)
{
    return (QStringList{u"python 3.11.2"_s, u"executable /usr/bin/python3"_s} + packageLines)
        .join(u'\n');
}

// A recorded firewall's output (tests/data/probes/FILE) in the sections discovery reads it from:
// ufw, firewalld (its state "running" first), nft or iptables, with the exit status the tool
// gave (recordedStatus(): a refusal is not 0).
inline void setFirewall(ProbeFacts &facts, const QString &file)
{
    const QString tool = file.section(u'/', 0, 0);
    const int rc = recordedStatus(file);
    if (tool == u"firewalld"_s) {
        facts.set(u"firewalld-state"_s, 0, u"running"_s, u"nft"_s);
        facts.set(u"firewalld"_s, rc, probeText(file), u"nft"_s);
    } else {
        facts.set(tool, rc, probeText(file));
    }
}

inline cw::Project loadExample(const QString &path)
{
    const cw::ProjectLoad load = cw::loadProjectFile(path);
    if (!load.ok())
        qFatal("cannot load %s", qPrintable(path));
    cw::Project project = load.project;
    // The 16-server mpirun example, cut to 4 servers: the comparison runs check.sh per server.
    if (project.servers.size() > 4)
        project.servers.resize(4);
    return project;
}

inline bool writeText(const QString &path, const QString &text)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly | QIODevice::Truncate) &&
           file.write(text.toUtf8()) == text.toUtf8().size();
}

// The simulated tools' state of one server (tests/fixtures/ascend/README.md): the plan's device
// IPs, a detection address each (so net_health is Success), the gateways of a routed network,
// TLS off, the chip of the project's generation.
inline QString simulatedState(const cw::Project &project, const cw::Server &server)
{
    const bool a3 = project.accelerator == cw::Accelerator::Ascend910_93;
    QString state =
        u"npu_name=%1\n"_s.arg(a3                                                   ? u"Ascend910"_s
                               : project.accelerator == cw::Accelerator::Ascend910b ? u"910B1"_s
                                                                                    : u"910ProB"_s);
    // An Atlas A3 server: its dies' SDIDs and its pod (the physical one the project names).
    for (const cw::SuperPod &pod : a3 ? project.superPods : std::vector<cw::SuperPod>{}) {
        if (pod.servers.contains(server.name))
            state +=
                u"super_pod_id=%1\nsuper_pod_size=%2\n"_s.arg(pod.id).arg(pod.servers.size() * 16);
    }
    for (qsizetype k = 0; k < qsizetype(server.devices.size()); ++k) {
        const int device = server.devices[size_t(k)];
        if (a3 && k < server.superDeviceIds.size())
            state += u"sdid_%1=%2\n"_s.arg(device).arg(server.superDeviceIds[k]);
        const QString address = server.deviceIps.value(k);
        const cw::DeviceRoute route = cw::deviceRoute(project.deviceNetwork, address);
        state += u"address_%1=%2\nnetmask_%1=%3\nnetdetect_%1=%4\ntls_%1=0\n"_s.arg(device).arg(
            address, project.deviceNetwork.netmask,
            route.detectIp.isEmpty() ? address : route.detectIp);
        if (!route.gateway.isEmpty())
            state += u"gateway_%1=%2\n"_s.arg(device).arg(route.gateway);
    }
    return state;
}

// Runs bash on `script` with `arguments` for plan index `rank`; its stdout, or "" and an error.
inline QString runCheckScript(const QString &script, const QStringList &arguments, int rank,
                              const QProcessEnvironment &extra, QString *error)
{
    QProcess bash;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(u"CLUSTERWIZ_NODE_RANK"_s, QString::number(rank));
    for (const QString &key : extra.keys())
        env.insert(key, extra.value(key));
    bash.setProcessEnvironment(env);
    bash.start(u"bash"_s, QStringList{script} + arguments);
    if (!bash.waitForFinished(120000) || bash.exitStatus() != QProcess::NormalExit) {
        bash.kill();
        bash.waitForFinished();
        *error = u"check.sh did not finish: "_s + QString::fromUtf8(bash.readAllStandardError());
        return {};
    }
    if (bash.exitCode() == 2)
        *error = u"check.sh refused: "_s + QString::fromUtf8(bash.readAllStandardError());
    return QString::fromUtf8(bash.readAllStandardOutput());
}

// Healthy facts of every server of the plan, by plan index: check.sh gathers them with the
// simulated Ascend tools, then the operating system's tools get outputs captured on real machines
// and the rest its plain answers, so that nothing depends on this machine.
inline std::vector<ProbeFacts> healthyFacts(const cw::Project &project, QString *error)
{
    QTemporaryDir dir;
    const QString script = dir.filePath(u"check.sh"_s);
    if (!writeText(script, QString::fromUtf8(cw::checkScript(project)))) {
        *error = u"cannot write check.sh"_s;
        return {};
    }
    std::vector<ProbeFacts> all;
    const std::vector<int> order = project.launchOrder();
    for (size_t rank = 0; rank < order.size(); ++rank) {
        const cw::Server &server = project.servers[size_t(order[rank])];
        const QString state = dir.filePath(u"hccn%1.conf"_s.arg(rank));
        writeText(state, simulatedState(project, server));
        QProcessEnvironment env;
        env.insert(u"PATH"_s, QStringLiteral(CLUSTERWIZ_SOURCE_DIR "/tests/fixtures/ascend:") +
                                  qEnvironmentVariable("PATH"));
        env.insert(u"HCCN_CONF"_s, state);
        env.insert(u"CLUSTERWIZ_HCCN_CONF"_s, state);
        const QString text = runCheckScript(script, {u"--print-facts"_s}, int(rank), env, error);
        if (!error->isEmpty())
            return {};
        ProbeFacts facts = ProbeFacts::parse(text);
        const QString ip = server.effectiveHostIp();
        facts.set(u"hostname"_s, 0, server.name);
        facts.set(u"hostname-i"_s, 0, ip + u" 172.17.0.1 "_s);
        facts.set(
            u"ip-addr"_s, 0,
            u"1: lo    inet 127.0.0.1/8 scope host lo\\       valid_lft forever preferred_lft "
            "forever\n2: eth0    inet %1/24 brd 10.0.0.255 scope global eth0\\       "
            "valid_lft forever preferred_lft forever\n3: docker0    inet 172.17.0.1/16 brd "
            "172.17.255.255 scope global docker0\\       valid_lft forever preferred_lft "
            "forever"_s.arg(ip));
        facts.set(u"os-release"_s, 0, probeText(u"os-release/debian12.txt"_s));
        facts.set(u"ssh-connection"_s, 0, u"10.0.0.1 52814 %1 22"_s.arg(ip));
        facts.set(u"sshd-processes"_s, 0,
                  u"1021 sshd: /usr/sbin/sshd -D [listener] 0 of 10-100 startups"_s);
        facts.set(u"ss"_s, 0,
                  u"Netid State  Recv-Q Send-Q Local Address:Port Peer Address:Port Process\n"
                  "tcp   LISTEN 0      128          0.0.0.0:22         0.0.0.0:*    "
                  "users:((\"sshd\",pid=1021,fd=3))"_s);
        facts.setPaths(true, true, true, true);
        facts.set(u"mpirun"_s, 0, probeText(u"mpirun/openmpi-414.txt"_s));
        facts.set(u"ufw"_s, 127, u"timeout: failed to run command 'ufw': No such file"_s);
        facts.set(u"firewalld-state"_s, 127,
                  u"timeout: failed to run command 'firewall-cmd': No such file"_s);
        facts.remove(u"firewalld"_s);
        facts.set(u"nft"_s, 0, probeText(u"nft/debian-default.txt"_s));
        facts.set(u"iptables"_s, 0, probeText(u"iptables/accept-all.txt"_s));
        if (!cw::isAscend(project.accelerator))
            facts.set(u"npu-smi"_s, 127, u"timeout: failed to run command 'npu-smi'"_s);
        if (project.accelerator == cw::Accelerator::Nvidia)
            facts.set(u"nvidia-smi"_s, 0, probeText(u"nvidia-smi/h100-8.txt"_s));
        else
            facts.set(u"nvidia-smi"_s, 127, u"timeout: failed to run command 'nvidia-smi'"_s);
        if (facts.find(u"reserved-ports"_s))
            facts.set(u"reserved-ports"_s, 0, u"60000-60031\n32768\t60999"_s);
        if (facts.find(u"device-holders"_s))
            facts.set(u"device-holders"_s, 0, QString());
        QStringList packages;
        for (const QString &package : cw::frameworkPackages(project))
            packages << u"package %1 %2"_s.arg(package, package == u"torch"_s ? u"2.1.0"_s
                                                                              : u"2.1.0.post3"_s);
        facts.set(u"python"_s, 0, pythonOutput(packages));
        if (facts.find(u"orted"_s))
            facts.set(u"orted"_s, 0, u"/usr/bin/orted"_s);
        if (facts.find(u"msrun"_s))
            facts.set(u"msrun"_s, 0, u"/usr/local/bin/msrun"_s);
        if (facts.find(u"cann-version"_s))
            facts.set(u"cann-version"_s, 0, u"package_name=Ascend-cann-toolkit\nversion=8.0.RC3"_s);
        all.push_back(std::move(facts));
    }
    return all;
}

// The checks whose check.sh lines carry the C++ reason itself, not only its status (one line per
// line of the reason): every check judged from facts but mpirun, whose check.sh line is the
// tool's own --version line where the C++ shows discovery's summary of it, and master-resolves,
// which words a section an older probe never printed unlike the C++ ("did not answer" against
// "cannot tell ...: "; recordedGpuServer). The value rows (shm-size, memlock, open-files, munge,
// slurm-node) word it alike: one row, read by both.
inline const QStringList &sameReasonChecks()
{
    using namespace cw::check;
    static const QStringList ids = [] {
        QStringList list;
        // clang-format off
        for (const char *id : {kHostname, kHostIp, kAccelerator, kDeviceIps, kDeviceLinks,
                               kDeviceNetHealth, kDeviceTls, kDeviceProcesses, kPython, kMsrun,
                               kCannEnv, kPaths, kSshd, kFirewallPorts, kMasterPortFree,
                               kHcclPortsFree, kHcclPortsReserved, kVersions, kClockSkew,
                               kShmSize, kMemlock, kOpenFiles, kMunge, kSlurmNode})
            list << QLatin1StringView(id);
        // clang-format on
        return list;
    }();
    return ids;
}

struct DifferentialResult {
    QString error;
    int compared = 0;        // (server, check) pairs judged by both
    QStringList differences; // "SERVER CHECK: C++ STATUS, check.sh STATUS (...)"
};

// check.sh's word for a status ("[ OK ]" -> ok); the worst line of a check counts.
inline QString worstBashStatus(const QStringList &lines)
{
    int worst = -1;
    static const QStringList order = {u"skipped"_s, u"ok"_s, u"warning"_s, u"failed"_s};
    for (const QString &line : lines) {
        const QString word = line.mid(1, 4).trimmed();
        const QString status = word == u"OK"_s     ? u"ok"_s
                               : word == u"WARN"_s ? u"warning"_s
                               : word == u"FAIL"_s ? u"failed"_s
                                                   : u"skipped"_s;
        worst = std::max(worst, int(order.indexOf(status)));
    }
    return worst < 0 ? u"(no line)"_s : order[worst];
}

// Both verdicts over the same facts (by plan index); `edits` change check.sh's text first
// (from, to), to prove that a broken verdict is caught.
inline DifferentialResult
compareVerdicts(const cw::Project &project, const std::vector<ProbeFacts> &facts,
                const std::vector<std::pair<QString, QString>> &edits = {})
{
    DifferentialResult result;
    QTemporaryDir dir;
    QString script = QString::fromUtf8(cw::checkScript(project));
    for (const auto &[from, to] : edits) {
        if (!script.contains(from)) {
            result.error = u"check.sh has no '%1' to change"_s.arg(from);
            return result;
        }
        script.replace(from, to);
    }
    const QString scriptPath = dir.filePath(u"check.sh"_s);
    const QString factsDir = dir.filePath(u"facts"_s);
    QDir().mkpath(factsDir);
    writeText(scriptPath, script);
    const std::vector<int> order = project.launchOrder();
    std::vector<cw::ServerDiscovery> discovery(project.servers.size());
    for (size_t rank = 0; rank < order.size() && rank < facts.size(); ++rank) {
        const QString text = facts[rank].text();
        writeText(factsDir + u"/%1.facts"_s.arg(rank), text);
        cw::ServerDiscovery &entry = discovery[size_t(order[rank])];
        entry.connection.serverIndex = order[rank];
        entry.connection.serverName = project.servers[size_t(order[rank])].name;
        entry.facts = cw::parseProbeOutput(text);
    }
    const cw::CheckReport report = cw::evaluateChecks(project, discovery, {});
    static const QRegularExpression line(u"^\\[(?: OK |WARN|FAIL|SKIP)\\] ([a-z0-9-]+): "_s);
    for (size_t rank = 0; rank < order.size(); ++rank) {
        const int index = order[rank];
        const QString output =
            runCheckScript(scriptPath, {u"--facts"_s, factsDir}, int(rank), {}, &result.error);
        if (!result.error.isEmpty())
            return result;
        std::map<QString, QStringList> lines;
        for (const QString &row : output.split(u'\n')) {
            if (const auto match = line.match(row); match.hasMatch())
                lines[match.captured(1)] << row;
        }
        for (const cw::CheckSpec *spec : cw::applicableCheckSpecs(project)) {
            if (spec->facts.empty())
                continue; // live connections: tests/cluster/tst_checkDifferentialLive
            const QString id = QLatin1StringView(spec->id);
            const cw::CheckResult *cpp = report.find(id, index);
            const QString cppStatus = cpp ? cw::checkStatusName(cpp->status) : u"(none)"_s;
            const QString bashStatus = worstBashStatus(lines[id]);
            ++result.compared;
            // A check whose bash verdict mirrors the C++ reason word for word: a line per line.
            const bool sameText = sameReasonChecks().contains(id);
            QStringList bashReasons;
            for (const QString &row : lines[id])
                bashReasons << row.section(u": "_s, 1);
            const QString bashReason = bashReasons.join(u'\n');
            if (cppStatus != bashStatus || (sameText && cpp && cpp->reason != bashReason))
                result.differences << u"%1 %2: C++ %3, check.sh %4 (C++: %5 | check.sh: %6)"_s.arg(
                    project.servers[size_t(index)].name, id, cppStatus, bashStatus,
                    cpp ? cpp->reason : QString(), lines[id].join(u" / "_s));
        }
    }
    return result;
}

} // namespace cwtest
