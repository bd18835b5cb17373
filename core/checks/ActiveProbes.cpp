#include "checks/ActiveProbes.h"

#include "discover/ProbeText.h"
#include "shell/ShellQuote.h"
#include "ssh/KnownHosts.h"

using namespace Qt::StringLiterals;

namespace cw {
namespace {

// Both programs need the standard library alone: `python -S` skips site's start-up work (the
// .pth files of every installed package), most of an interpreter's start on some servers.
// argv[1] is the marker, so that the stop command can tell our listener from any other process.
const QString kListenerProgram = uR"(import os, socket, sys, time
port, seconds, expected = int(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4])
try:
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    s.bind(("", port))
    s.listen(128)
except OSError as e:
    print("error " + str(e))
    sys.exit(1)
pid = os.fork()
if pid:
    print("listening %d" % pid)
    sys.stdout.flush()
    os._exit(0)
os.setsid()
null = os.open(os.devnull, os.O_RDWR)
for fd in (0, 1, 2):
    os.dup2(null, fd)
end = time.time() + seconds
done = 0
while done < expected and time.time() < end:
    s.settimeout(max(0.05, end - time.time()))
    try:
        c, _ = s.accept()
        c.close()
        done += 1
    except OSError:
        pass)"_s;

const QString kConnectProgram = uR"(import socket, sys
try:
    socket.create_connection((sys.argv[1], int(sys.argv[2])), timeout=float(sys.argv[3])).close()
    print("connected")
except socket.timeout:
    print("timeout")
except ConnectionRefusedError:
    print("refused")
except OSError as e:
    print("error " + str(e)))"_s;

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

QString reachabilityListenerCommand(const Project &project, int expected, int seconds)
{
    return shellJoin({project.launch.python, u"-S"_s, u"-c"_s, kListenerProgram,
                      QLatin1StringView(kReachabilityProbeMarker),
                      QString::number(project.launch.masterPort), QString::number(seconds),
                      QString::number(expected)});
}

std::optional<int> parseReachabilityListener(const QString &output, QString *problem)
{
    const QString line = firstLineOf(output);
    if (line.startsWith(u"listening "_s)) {
        bool ok = false;
        const int pid = line.mid(10).trimmed().toInt(&ok);
        if (ok && pid > 1)
            return pid;
    }
    if (problem) {
        *problem = line.startsWith(u"error "_s) ? line.mid(6)
                   : line.isEmpty()             ? u"the listener printed nothing"_s
                                                : u"unrecognised output: "_s + line;
    }
    return std::nullopt;
}

QString reachabilityListenerStopCommand(int pid)
{
    // Waits (up to 2 s) until the listener is gone, so that a launch right after the checks
    // finds master_port free; a zombie's cmdline is empty and it holds no port.
    return shellScriptCommand(
        u"p=%1\nours() { case $(tr '\\000' ' ' < /proc/$p/cmdline 2>/dev/null) in\n"
        u"*%2*) return 0 ;;\nesac\nreturn 1\n}\n"
        u"ours && kill $p\ni=0\nwhile ours && [ $i -lt 20 ]; do sleep 0.1; i=$((i + 1)); done\n"
        u"exit 0"_s.arg(pid)
            .arg(QLatin1StringView(kReachabilityProbeMarker)));
}

QString reachabilityConnectCommand(const Project &project)
{
    const Server &master = project.servers[size_t(project.masterIndex())];
    return shellJoin({project.launch.python, u"-S"_s, u"-c"_s, kConnectProgram,
                      master.effectiveHostIp(), QString::number(project.launch.masterPort),
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
