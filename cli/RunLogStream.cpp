// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/RunLogStream.h"

#include "cli/RunReports.h"
#include "session/RunSession.h"

#include <QHash>
#include <QMutex>

#include <thread>

using namespace Qt::StringLiterals;

namespace cw::cli {

QStringList streamRunLogs(const Project &project, RunRecord &record, const FleetOptions &fleet,
                          const RunLogSelection &selection, QTextStream &out, QTextStream &err)
{
    LogStore store(8192);
    store.ring().setHolding(true); // every line reaches the terminal; the followers wait for it
    QMutex mutex;                  // guards `notes`: state lines and connection events
    QStringList notes;
    const auto note = [&](const QString &text) {
        const QMutexLocker lock(&mutex);
        notes << text;
    };
    RunSessionEvents events;
    events.stateChanged = [&](const RunRecord &current, const RunSnapshot &snapshot) {
        QString text = runStateLine(current, snapshot);
        if (const QString failure = failureText(current); !failure.isEmpty())
            text += u'\n' + failure.chopped(1);
        note(text);
    };
    events.message = note;
    RunSession session(project, record, selection, {fleet}, &store, events);
    std::atomic<bool> done = false;
    std::thread watcher([&] {
        session.run();
        done = true;
    });
    qint64 printed = 0; // the id of the last line printed
    // A restarting run: the mark of each attempt, printed again when lines of another attempt
    // than the last printed one come in (the attempts' logs are followed side by side).
    QHash<int, QString> marks;
    int shown = 0;
    const auto print = [&](const LogRecord &line) {
        if (line.isAttemptMark()) {
            marks.insert(line.attempt, logRecordText(line));
            shown = line.attempt;
            out << marks.value(line.attempt) << '\n';
            return;
        }
        if (line.attempt != shown && marks.contains(line.attempt)) {
            shown = line.attempt;
            out << marks.value(line.attempt) << '\n';
        }
        out << logRecordText(line) << '\n';
    };
    for (bool last = false; !last;) {
        last = done.load(); // read before the lines: none comes after the session's end
        store.ring().waitForRecords(printed, 100);
        qint64 first = 0;
        for (std::vector<LogRecord> lines;
             !(lines = store.ring().since(printed, 4096, &first)).empty();) {
            for (const LogRecord &line : lines)
                print(line);
            printed = first + qint64(lines.size()) - 1;
            store.ring().markRead(printed);
        }
        out.flush();
        const QMutexLocker lock(&mutex);
        for (const QString &text : std::exchange(notes, {}))
            err << text << '\n';
        err.flush();
    }
    watcher.join();
    record = session.record();
    return session.errors();
}

} // namespace cw::cli
