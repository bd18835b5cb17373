#include "cli/RunLogStream.h"

#include "cli/RunReports.h"
#include "launch/JobRunner.h"
#include "logs/RunLogFollowers.h"

#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <thread>

using namespace Qt::StringLiterals;

namespace cw::cli {
namespace {

// Lines for the terminal from the follower and watcher threads; only the thread that called
// streamRunLogs() writes them out. Bounded: when the terminal (or a pipe) reads slower than the
// ranks write, a follower waits here and its SSH channel stops being read, so the backlog stays
// on the servers, not in this process.
class Outbox {
public:
    static constexpr size_t kMaxLines = 8192;

    void push(bool toErr, QString text)
    {
        {
            std::unique_lock lock(m_mutex);
            m_space.wait(lock, [this] { return m_lines.size() < kMaxLines; });
            m_lines.emplace_back(toErr, std::move(text));
        }
        m_ready.notify_one();
    }
    void finish()
    {
        {
            const std::lock_guard lock(m_mutex);
            m_done = true;
        }
        m_ready.notify_one();
    }
    // Writes what is queued; blocks until there is something. False once finished and empty.
    bool writeSome(QTextStream &out, QTextStream &err)
    {
        std::deque<std::pair<bool, QString>> lines;
        bool done = false;
        {
            std::unique_lock lock(m_mutex);
            m_ready.wait(lock, [this] { return m_done || !m_lines.empty(); });
            lines.swap(m_lines);
            done = m_done;
        }
        m_space.notify_all();
        bool wroteErr = false;
        for (const auto &[toErr, text] : lines) {
            (toErr ? err : out) << text << '\n';
            wroteErr = wroteErr || toErr;
        }
        out.flush();
        if (wroteErr)
            err.flush();
        return !(done && lines.empty());
    }

private:
    std::mutex m_mutex;
    std::condition_variable m_ready;
    std::condition_variable m_space;
    std::deque<std::pair<bool, QString>> m_lines;
    bool m_done = false;
};

} // namespace

QStringList streamRunLogs(const Project &project, RunRecord &record, const FleetOptions &fleet,
                          const RunLogSelection &selection, QTextStream &out, QTextStream &err)
{
    Outbox outbox;
    RunLogFollowers followers(
        project, selection, fleet,
        [&outbox](const LogRecord &line) { outbox.push(false, logRecordText(line)); },
        [&outbox](const QString &message) { outbox.push(true, message); });

    QStringList errors;
    std::thread watcher([&] {
        followRun(project, record, fleet, [&](const RunRecord &current, const RunSnapshot &snap) {
            QString text = runStateLine(current, snap);
            if (const QString failure = failureText(current); !failure.isEmpty())
                text += u'\n' + failure.chopped(1);
            outbox.push(true, text);
        });
        // The run is final: its ranks wrote their last lines, so each file's end is final too.
        errors = followers.finish(true);
        outbox.finish();
    });
    while (outbox.writeSome(out, err)) {
    }
    watcher.join();
    return errors;
}

} // namespace cw::cli
