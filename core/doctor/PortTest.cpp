// SPDX-License-Identifier: GPL-3.0-or-later
#include "doctor/PortTest.h"

#include "discover/ProbeText.h"
#include "programs/ServerPrograms.h"
#include "shell/ShellQuote.h"

using namespace Qt::StringLiterals;

namespace cw {

// argv: token seconds expected port...; the token is argv[1] so that the stop command finds it
// in /proc/PID/cmdline. The check of master_port's reachability (checks/ActiveProbes.h) runs the
// same program on one port.
QString portListenerCommand(const QString &python, const QString &token,
                            const std::vector<int> &ports, int expected, int seconds)
{
    QStringList argv{python,
                     u"-c"_s,
                     programText(program::port_listener_py),
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
    return shellScriptCommand(u"p=%1\nt=%2\n"_s.arg(QString::number(pid), shellQuote(token)) +
                              programText(program::port_listener_stop_sh));
}

bool listenerGone(const QString &output)
{
    return probeLines(output).contains(u"gone"_s);
}

QString portConnectCommand(const QString &python, const std::vector<ConnectTarget> &targets)
{
    QStringList argv{python, u"-c"_s, programText(program::port_connect_py),
                     QString::number(kPortConnectSeconds)};
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
