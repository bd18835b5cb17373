#include "doctor/PortTest.h"

#include "discover/ProbeText.h"
#include "shell/ShellQuote.h"

using namespace Qt::StringLiterals;

namespace cw {
namespace {

// argv: token seconds expected port...; the token is argv[1] so that the stop command finds it
// in /proc/PID/cmdline.
const QString kListenerProgram = uR"(import os, select, socket, sys, time
seconds, expected = float(sys.argv[2]), int(sys.argv[3])
socks = []
for p in sys.argv[4:]:
    try:
        s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        s.bind(("", int(p)))
        s.listen(1024)
        s.setblocking(False)
        socks.append(s)
        print("bound %s %d" % (p, s.getsockname()[1]))
    except OSError as e:
        print("busy %s %s" % (p, str(e).replace("\n", " ")))
if not socks:
    print("error no port could be bound")
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
    ready, _, _ = select.select(socks, [], [], max(0.05, min(1.0, end - time.time())))
    for s in ready:
        try:
            c, _ = s.accept()
            c.close()
            done += 1
        except OSError:
            pass)"_s;

const QString kConnectProgram = uR"(import socket, sys, threading
limit = float(sys.argv[1])
targets = sys.argv[2:]
result = ["error no result"] * len(targets)
def connect(i, host, port):
    try:
        socket.create_connection((host, port), timeout=limit).close()
        result[i] = "connected"
    except socket.timeout:
        result[i] = "timeout"
    except ConnectionRefusedError:
        result[i] = "refused"
    except OSError as e:
        result[i] = "error " + str(e).replace("\n", " ")
threads = []
for i, target in enumerate(targets):
    host, port = target.rsplit(":", 1)
    t = threading.Thread(target=connect, args=(i, host, int(port)))
    t.start()
    threads.append(t)
for t in threads:
    t.join()
for target, outcome in zip(targets, result):
    print(target, outcome))"_s;

} // namespace

QString portListenerCommand(const QString &python, const QString &token,
                            const std::vector<int> &ports, int expected, int seconds)
{
    QStringList argv{python,
                     u"-c"_s,
                     kListenerProgram,
                     token,
                     QString::number(seconds),
                     QString::number(expected)};
    for (int port : ports)
        argv << QString::number(port);
    return shellJoin(argv);
}

ListenerStart parsePortListener(const QString &output)
{
    ListenerStart start;
    for (const QString &raw : probeLines(output)) {
        const QStringList words = raw.simplified().split(u' ');
        bool ok = false;
        if (words.size() == 3 && words[0] == u"bound") {
            const int requested = words[1].toInt(&ok);
            bool actualOk = false;
            const int actual = words[2].toInt(&actualOk);
            if (ok && actualOk && actual > 0 && actual < 65536)
                start.bound[requested] = actual;
        } else if (words.size() >= 2 && words[0] == u"busy") {
            const int requested = words[1].toInt(&ok);
            if (ok)
                start.busy[requested] = words.mid(2).join(u' ').left(160);
        } else if (words.size() == 2 && words[0] == u"listening") {
            const int pid = words[1].toInt(&ok);
            if (ok && pid > 1)
                start.pid = pid;
        } else if (words.value(0) == u"error") {
            start.problem = words.mid(1).join(u' ').left(160);
        }
    }
    if (!start.pid && start.problem.isEmpty())
        start.problem = output.trimmed().isEmpty() ? u"the listener printed nothing"_s
                                                   : unrecognisedOutput(output);
    return start;
}

QString portListenerStopCommand(int pid, const QString &token)
{
    // A zombie's cmdline is empty: it holds no port and counts as gone.
    return shellScriptCommand(uR"SH(p=@PID@
ours() { case $(tr '\000' ' ' < /proc/$p/cmdline 2>/dev/null) in *@TOKEN@*) return 0 ;; esac; return 1; }
ours && kill "$p" 2>/dev/null
i=0
while ours && [ "$i" -lt 30 ]; do sleep 0.1; i=$((i + 1)); done
if ours; then kill -9 "$p" 2>/dev/null; sleep 0.3; fi
if ours; then echo "left $p"; else echo gone; fi
)SH"_s.replace(u"@PID@"_s, QString::number(pid))
                                  .replace(u"@TOKEN@"_s, token));
}

bool listenerGone(const QString &output)
{
    return probeLines(output).contains(u"gone"_s);
}

QString portConnectCommand(const QString &python, const std::vector<ConnectTarget> &targets)
{
    QStringList argv{python, u"-c"_s, kConnectProgram, QString::number(kPortConnectSeconds)};
    for (const ConnectTarget &target : targets)
        argv << target.host + u':' + QString::number(target.port);
    return shellJoin(argv);
}

std::vector<QString> parsePortConnect(const QString &output,
                                      const std::vector<ConnectTarget> &targets)
{
    std::vector<QString> outcomes(targets.size(), u"no answer from the connecting program"_s);
    const QStringList lines = probeLines(output);
    // Lines come in target order; matched by text so a missing line cannot shift the rest.
    qsizetype from = 0;
    for (size_t k = 0; k < targets.size(); ++k) {
        const QString prefix = targets[k].host + u':' + QString::number(targets[k].port) + u' ';
        for (qsizetype i = from; i < lines.size(); ++i) {
            if (!lines[i].startsWith(prefix))
                continue;
            const QString outcome = lines[i].mid(prefix.size()).trimmed();
            outcomes[k] = outcome == u"connected"_s         ? QString()
                          : outcome == u"timeout"_s         ? u"timed out"_s
                          : outcome == u"refused"_s         ? u"refused"_s
                          : outcome.startsWith(u"error "_s) ? outcome.mid(6).left(160)
                                                            : unrecognisedOutput(outcome);
            from = i + 1;
            break;
        }
    }
    return outcomes;
}

} // namespace cw
