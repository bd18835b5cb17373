// SPDX-License-Identifier: GPL-3.0-or-later
#include "checks/ActiveProbes.h"

#include "discover/ProbeText.h"
#include "programs/ServerPrograms.h"
#include "shell/ShellQuote.h"
#include "ssh/KnownHosts.h"

using namespace Qt::StringLiterals;

namespace cw {
namespace {

PeerTrust::Login loginFrom(int rc, const QString &message)
{
    if (rc == 0)
        return PeerTrust::Login::Ok;
    if (message.contains(u"Permission denied"_s))
        return PeerTrust::Login::Denied;
    if (message.contains(u"Host key verification failed"_s) ||
        message.contains(u"REMOTE HOST IDENTIFICATION HAS CHANGED"_s))
        return PeerTrust::Login::HostKeyFailed;
    for (const auto *word : {"Connection refused", "timed out", "No route to host",
                             "Could not resolve", "Network is unreachable"}) {
        if (message.contains(QLatin1StringView(word)))
            return PeerTrust::Login::Unreachable;
    }
    return PeerTrust::Login::Failed;
}

// `ssh-keygen -F` lines ("NAME TYPE BASE64", the name possibly hashed) against the verified key.
void knownFrom(const QStringList &lines, const PeerTarget &target, PeerTrust &trust)
{
    bool sameType = false;
    bool any = false;
    for (const QString &line : lines) {
        const QStringList words = line.simplified().split(u' ');
        if (words.size() < 3)
            continue;
        any = true;
        if (words.at(1) != target.keyType)
            continue;
        if (words.at(2) == target.keyBase64) {
            trust.known = PeerTrust::Known::Matches;
            trust.knownDetail = target.keyType;
            return;
        }
        sameType = true;
    }
    if (sameType) {
        trust.known = PeerTrust::Known::Differs;
        trust.knownDetail = target.keyType; // the type of key it holds another of
    } else if (any) {
        trust.known = PeerTrust::Known::OtherType;
    } else {
        trust.known = PeerTrust::Known::Missing;
    }
}

} // namespace

// Both programs need the standard library alone: `python -S` skips site's start-up work (the
// .pth files of every installed package), most of an interpreter's start on some servers. The
// listener is the doctor's (resources/server/port-listener.py, doctor/PortTest.h) on one port:
// argv[1] is the marker, so that the stop command can tell our listener from any other process.
QString reachabilityListenerCommand(const Project &project, int expected, int seconds)
{
    return shellJoin({project.launch.python, u"-S"_s, u"-c"_s,
                      programText(program::port_listener_py),
                      QLatin1StringView(kReachabilityProbeMarker), QString::number(seconds),
                      QString::number(expected), QString::number(project.launch.masterPort)});
}

std::optional<int> parseReachabilityListener(const QString &output, QString *problem)
{
    // "bound PORT ACTUAL" or "busy PORT WHY", then "listening PID" or "error ...".
    QString why;
    for (const QString &line : probeLines(output)) {
        const QStringList words = line.simplified().split(u' ');
        if (words.size() == 2 && words[0] == u"listening") {
            bool ok = false;
            const int pid = words[1].toInt(&ok);
            if (ok && pid > 1)
                return pid;
        } else if (words.size() >= 2 && words[0] == u"busy") {
            why = words.mid(2).join(u' ');
        } else if (words[0] == u"error" && why.isEmpty()) {
            why = words.mid(1).join(u' ');
        }
    }
    if (problem) {
        const QString line = firstLineOf(output);
        *problem = !why.isEmpty()   ? why
                   : line.isEmpty() ? u"the listener printed nothing"_s
                                    : u"unrecognised output: "_s + line;
    }
    return std::nullopt;
}

QString reachabilityListenerStopCommand(int pid)
{
    // The doctor's stop (resources/server/port-listener-stop.sh) with the marker as the token.
    return shellScriptCommand(
        u"p=%1\nt=%2\n"_s.arg(QString::number(pid),
                              shellQuote(QLatin1StringView(kReachabilityProbeMarker))) +
        programText(program::port_listener_stop_sh));
}

QString reachabilityConnectCommand(const Project &project)
{
    const Server &master = project.servers[size_t(project.masterIndex())];
    return shellJoin({project.launch.python, u"-S"_s, u"-c"_s,
                      programText(program::master_port_connect_py), master.effectiveHostIp(),
                      QString::number(project.launch.masterPort),
                      QString::number(kPortConnectTimeoutSeconds)});
}

PortReach parseReachabilityConnect(const QString &output, int exitStatus)
{
    const QString line = firstLineOf(output);
    if (line == u"connected")
        return {PortReach::Outcome::Connected, {}};
    if (line == u"refused")
        return {PortReach::Outcome::Refused, u"connection refused"_s};
    if (line == u"timeout")
        return {PortReach::Outcome::TimedOut,
                u"no answer within %1 s"_s.arg(kPortConnectTimeoutSeconds)};
    if (line.startsWith(u"error "_s))
        return {PortReach::Outcome::Failed, line.mid(6)};
    return {PortReach::Outcome::Failed, line.isEmpty()
                                            ? u"no output (exit status %1)"_s.arg(exitStatus)
                                            : u"unrecognised output: "_s + line};
}

QString peerProbeScript(const std::vector<PeerTarget> &targets)
{
    QString script = u"cw_tmp=$(mktemp) || exit 1\ntrap 'rm -f \"$cw_tmp\"' EXIT\n"_s;
    for (const PeerTarget &target : targets) {
        const QString name = knownHostsName(target.hostIp, target.port);
        script += u"echo '@@peer %1'\n"_s.arg(target.serverIndex);
        script += u"ssh-keygen -F %1 -f ~/.ssh/known_hosts 2>/dev/null | grep -v '^#'\n"_s.arg(
            shellQuote(name));
        script += u"printf '%s\\n' %1 > \"$cw_tmp\"\n"_s.arg(
            shellQuote(name + u' ' + target.keyType + u' ' + target.keyBase64));
        script +=
            u"cw_out=$(ssh -n -o BatchMode=yes -o ConnectTimeout=5 "
            u"-o StrictHostKeyChecking=yes -o UserKnownHostsFile=\"$cw_tmp\" "
            u"-o GlobalKnownHostsFile=/dev/null -p %1 -l %2 %3 true 2>&1)\n"_s.arg(
                QString::number(target.port), shellQuote(target.user), shellQuote(target.hostIp));
        script +=
            u"cw_rc=$?\necho \"@@login rc=$cw_rc\"\nprintf '%s\\n' \"$cw_out\" | head -n 3\n"_s;
    }
    script += u"echo '@@pubkeys'\n"
              u"cat ~/.ssh/id_ed25519.pub ~/.ssh/id_ecdsa.pub ~/.ssh/id_rsa.pub 2>/dev/null\n"
              u"exit 0\n"_s;
    return script;
}

void parsePeerProbe(const QString &output, const std::vector<PeerTarget> &targets,
                    ActiveProbes &probes)
{
    enum class Part { None, Known, Login, PublicKeys } part = Part::None;
    int current = -1;
    QStringList known;
    QString loginText;
    int loginRc = -1;
    auto finish = [&] {
        if (current < 0)
            return;
        for (const PeerTarget &target : targets) {
            if (target.serverIndex != current)
                continue;
            PeerTrust trust;
            knownFrom(known, target, trust);
            if (loginRc >= 0) {
                trust.login = loginFrom(loginRc, loginText);
                trust.loginDetail = firstLineOf(loginText);
            }
            probes.peers[current] = trust;
        }
        current = -1;
        known.clear();
        loginText.clear();
        loginRc = -1;
    };
    for (const QString &raw : output.split(u'\n')) {
        const QString line = raw.trimmed();
        if (line.startsWith(u"@@peer "_s)) {
            finish();
            current = line.mid(7).toInt();
            part = Part::Known;
        } else if (line.startsWith(u"@@login rc="_s)) {
            loginRc = line.mid(11).toInt();
            part = Part::Login;
        } else if (line == u"@@pubkeys") {
            finish();
            part = Part::PublicKeys;
        } else if (line.isEmpty()) {
            continue;
        } else if (part == Part::Known) {
            known.append(line);
        } else if (part == Part::Login) {
            loginText += line + u'\n';
        } else if (part == Part::PublicKeys) {
            QString notAKey;
            if (parsePublicKeyLine(line, &notAKey))
                probes.masterPublicKeys.append(line);
        }
    }
    finish();
}

} // namespace cw
