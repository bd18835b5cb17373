// SPDX-License-Identifier: GPL-3.0-or-later
// `clusterwiz-cli top`: a run's devices, speeds and verdicts, refreshed (TopView.h).
#include "cli/Cli.h"
#include "cli/CommandInputs.h"
#include "cli/Commands.h"
#include "cli/FleetCliOptions.h"
#include "cli/RunReports.h"
#include "cli/TopView.h"
#include "session/RunSession.h"

#include <QDateTime>
#include <QMutex>

#include <atomic>
#include <thread>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace cw::cli {

int runTop(const QStringList &arguments, QTextStream &out, QTextStream &err)
{
    CommandParser command(
        u"top"_s,
        u"Shows a run as it goes: per server its devices (utilisation, memory, temperature, from\n"
        u"nvidia-smi, npu-smi or ps on the run's own connection) and its ranks' steps per second\n"
        u"(read from their logs), then what is wrong: stragglers, idle devices, memory above\n"
        u"95 %, temperature alarms (docs/observe.md). Redrawn in place every --interval seconds\n"
        u"on a terminal, printed as plain frames otherwise, until the run is over. The latest\n"
        u"run unless --run.\n"
        u"Exit codes: the run's outcome (0 finished, 1 failed, 3 stopped), 2 no such run or\n"
        u"project, 64 usage."_s,
        u"[options] PROJECT"_s);
    command.addPositional(u"PROJECT"_s, u"The *.clusterwiz.json file."_s);
    QCommandLineParser &parser = command.parser();
    parser.addOption(
        {u"interval"_s, u"Seconds between frames (1-3600, default 5)."_s, u"S"_s, u"5"_s});
    RunCommandInput input;
    if (const int exit =
            parseRunCommand(command, arguments, out, err, input, RunMatch::ProjectDescribesRun);
        exit != kContinue)
        return exit;
    auto &[fleet, path, project, record] = input;
    bool ok = false;
    const int interval = parser.value(u"interval"_s).toInt(&ok);
    if (!ok || interval < 1 || interval > 3600)
        return command.usageError(u"--interval must be a whole number of seconds from 1 to 3600"_s,
                                  err);

    LogStore store(8192); // the lines are read for their speeds; the newest few are kept
    QMutex mutex;         // guards `latest`
    RunSnapshot latest;
    RunSessionEvents events;
    events.polled = [&](const RunSnapshot &snapshot) {
        const QMutexLocker lock(&mutex);
        latest = snapshot;
    };
    RunSession session(project, record, selectRunLogs(project, record), {fleet}, &store, events);
    std::atomic<bool> done = false;
    std::thread watcher([&] {
        session.run();
        done = true;
    });
    const bool terminal = isatty(STDOUT_FILENO) == 1;
    qint64 next = 0;
    for (bool last = false; !last;) {
        last = done.load();
        if (!last && QDateTime::currentMSecsSinceEpoch() < next) {
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
            continue;
        }
        next = QDateTime::currentMSecsSinceEpoch() + qint64(interval) * 1000;
        RunSnapshot snapshot;
        {
            const QMutexLocker lock(&mutex);
            snapshot = latest;
        }
        const RunRecord shown = last ? session.record() : record;
        const std::vector<RunVerdict> verdicts =
            isFinal(snapshot.state) ? std::vector<RunVerdict>() : session.verdicts();
        const QStringList frame =
            topFrame(project, shown, snapshot, session.deviceHistory(),
                     store.rankSpeeds(QDateTime::currentMSecsSinceEpoch()), verdicts);
        if (terminal)
            out << "\x1b[H\x1b[2J"; // home, clear: the frame replaces the last one
        out << frame.join(u'\n') << '\n';
        if (!terminal)
            out << '\n';
        out.flush();
    }
    watcher.join();
    record = session.record();
    for (const QString &error : session.errors())
        err << programName() << " top: " << escapeControls(error) << '\n';
    return runStateExit(record.state);
}

} // namespace cw::cli
