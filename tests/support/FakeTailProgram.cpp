// SPDX-License-Identifier: GPL-3.0-or-later
// The remote tail program's frames on a fake server, from the logs and the status a test sets.
#include "FakeTailProgram.h"

#include "launch/RemoteCommands.h"
#include "logs/RunLogSources.h"

#include <QDeadlineTimer>

using namespace cw;
using namespace Qt::StringLiterals;

namespace cwtest {
namespace {

// The real program reads at most this much of a file per frame.
constexpr qsizetype kChunkBytes = 64 * 1024;

QByteArray dataFrames(int file, qint64 offset, const QByteArray &bytes)
{
    QByteArray frames;
    for (qsizetype at = 0; at < bytes.size(); at += kChunkBytes) {
        const QByteArray chunk = bytes.mid(at, kChunkBytes);
        frames += "D " + QByteArray::number(file) + ' ' + QByteArray::number(offset + at) + ' ' +
                  QByteArray::number(chunk.size()) + '\n' + chunk;
    }
    return frames;
}

// The part every tail command starts with: the interpreter and the program.
QString tailPrefix(const QString &python)
{
    const QString follow = remoteTailCommand(python, {}, TailMode::Follow);
    const QString drain = remoteTailCommand(python, {}, TailMode::Drain);
    qsizetype same = 0;
    while (same < follow.size() && same < drain.size() && follow[same] == drain[same])
        ++same;
    return follow.left(same);
}

} // namespace

FakeTailProgram::FakeTailProgram(FakeServer &server, const Project &project,
                                 const RunRecord &record, int serverIndex, int intervalMs)
    : m_python(project.launch.python), m_status{pollCommand(project, record.runId,
                                                            project.servers[size_t(serverIndex)]),
                                                intervalMs}
{
    for (const ServerLogSources &selected : selectRunLogs(project, record).servers) {
        if (selected.serverIndex == serverIndex)
            m_sources = selected.sources;
    }
    m_logs.resize(size_t(m_sources.size()));
    server.on(FakeMatch::prefix(tailPrefix(m_python)),
              [this](FakeCall &call) { return serve(call); });
    // The poll command on its own (the product polls once more after a gang stop) prints what
    // the status frames carry.
    server.on(FakeMatch::exact(m_status.command), [this](FakeCall &) {
        const std::lock_guard lock(m_mutex);
        return FakeAnswer{m_pollOutput, {}, 0};
    });
}

QList<int> FakeTailProgram::ranks() const
{
    QList<int> ranks;
    for (const LogSource &source : m_sources)
        ranks << source.rank;
    return ranks;
}

void FakeTailProgram::write(int rank, const QByteArray &bytes)
{
    const std::lock_guard lock(m_mutex);
    m_logs.at(size_t(ranks().indexOf(rank))) += bytes;
}

void FakeTailProgram::writeAndDrop(int rank, const QByteArray &bytes)
{
    const std::lock_guard lock(m_mutex);
    const int file = int(ranks().indexOf(rank));
    m_logs.at(size_t(file)) += bytes;
    m_dropFile = file;
}

void FakeTailProgram::setStatus(const QByteArray &pollOutput)
{
    const std::lock_guard lock(m_mutex);
    m_pollOutput = pollOutput;
}

QByteArray FakeTailProgram::log(int rank) const
{
    const std::lock_guard lock(m_mutex);
    return m_logs.at(size_t(ranks().indexOf(rank)));
}

int FakeTailProgram::statusFrames() const
{
    const std::lock_guard lock(m_mutex);
    return m_statusFrames;
}

QStringList FakeTailProgram::problems() const
{
    const std::lock_guard lock(m_mutex);
    return m_problems;
}

void FakeTailProgram::refuse(const QString &why)
{
    const std::lock_guard lock(m_mutex);
    m_problems << why;
}

QList<LogSource> FakeTailProgram::at(const std::vector<qint64> &offsets) const
{
    QList<LogSource> sources = m_sources;
    for (qsizetype i = 0; i < sources.size(); ++i)
        sources[i].offset = offsets[size_t(i)];
    return sources;
}

// The offsets are the last word of each "path offset" pair at the end of the command; the
// command is then rebuilt from them and compared whole.
std::vector<qint64> FakeTailProgram::offsetsIn(const QString &command) const
{
    const QStringList words = command.split(u' ');
    std::vector<qint64> offsets;
    for (qsizetype i = 0; i < m_sources.size(); ++i) {
        const qsizetype word = words.size() - 2 * (m_sources.size() - i) + 1;
        QString number = word > 0 ? words[word] : QString();
        number.remove(u'\'');
        bool ok = false;
        offsets.push_back(number.toLongLong(&ok));
        if (!ok)
            offsets.back() = -1;
    }
    return offsets;
}

FakeAnswer FakeTailProgram::serve(FakeCall &call)
{
    const std::vector<qint64> from = offsetsIn(call.command());
    const bool drain = call.command() == remoteTailCommand(m_python, at(from), TailMode::Drain);
    if (!drain &&
        call.command() != remoteTailCommand(m_python, at(from), TailMode::Follow, m_status)) {
        refuse(u"not the tail command of this server: "_s + call.command().right(300));
        return FakeAnswer{{}, "unexpected tail command\n", 2};
    }
    std::vector<QByteArray> logs;
    {
        const std::lock_guard lock(m_mutex);
        logs = m_logs;
    }
    for (size_t i = 0; i < from.size(); ++i) {
        // The product resumes after the last complete line it was given; never inside a line.
        if (from[i] < 0 || from[i] > logs[i].size() ||
            (from[i] > 0 && logs[i][from[i] - 1] != '\n')) {
            refuse(u"file %1 resumed at byte %2, not at a line start"_s.arg(i).arg(from[i]));
            return FakeAnswer{{}, "bad offset\n", 2};
        }
    }
    if (!drain)
        return follow(call, from);
    QByteArray frames;
    for (size_t i = 0; i < from.size(); ++i)
        frames += dataFrames(int(i), from[i], logs[i].mid(from[i]));
    call.write(frames + "E\n");
    return FakeAnswer{};
}

// One pass every few milliseconds, like the real program: the status is taken first, then every
// log's new bytes go out, then the status frame, so lines written before it come first.
FakeAnswer FakeTailProgram::follow(FakeCall &call, std::vector<qint64> sent)
{
    QDeadlineTimer statusDue(0);
    QDeadlineTimer heartbeatDue(1000);
    for (;;) {
        const bool reports = statusDue.hasExpired();
        std::vector<QByteArray> logs;
        QByteArray status;
        int dropFile = -1;
        {
            const std::lock_guard lock(m_mutex);
            status = m_pollOutput;
            logs = m_logs;
            dropFile = m_dropFile;
        }
        QByteArray frames;
        for (size_t i = 0; i < sent.size(); ++i) {
            const QByteArray fresh = logs[i].mid(sent[i]);
            if (fresh.isEmpty())
                continue;
            if (int(i) == dropFile) {
                // Up to the middle of the last line, then the link goes.
                const qsizetype lastLine = fresh.lastIndexOf('\n', fresh.size() - 2) + 1;
                const qsizetype cut = lastLine + (fresh.size() - lastLine) / 2;
                call.write(frames + dataFrames(int(i), sent[i], fresh.left(cut)));
                {
                    const std::lock_guard lock(m_mutex);
                    m_dropFile = -1;
                }
                call.dropConnection();
                return FakeAnswer{};
            }
            frames += dataFrames(int(i), sent[i], fresh);
            sent[i] += fresh.size();
        }
        if (reports) {
            frames += "S " + QByteArray::number(status.size()) + '\n' + status;
            statusDue.setRemainingTime(m_status.intervalMs);
            const std::lock_guard lock(m_mutex);
            ++m_statusFrames;
        }
        if (frames.isEmpty() && heartbeatDue.hasExpired()) {
            frames = "H\n";
            heartbeatDue.setRemainingTime(1000);
        }
        if (!frames.isEmpty())
            call.write(frames);
        if (call.waitForEnd(5))
            return FakeAnswer{};
    }
}

} // namespace cwtest
