// SPDX-License-Identifier: GPL-3.0-or-later
#include "diagnose/RankLogScan.h"

#include "diagnose/RankLogLines.h"

#include <QDateTime>
#include <QTimeZone>

#include <algorithm>
#include <cmath>
#include <vector>

using namespace Qt::StringLiterals;

namespace cw {

using namespace ranklog;

namespace {

// Error lines this close together (lines between them) are one failure seen from several sides.
constexpr int kCascadeGap = 8;
// Frames of a traceback kept before its exception line.
constexpr int kFrameLines = 8;

enum class EventKind {
    Exception, // a Python exception line with its message (its traceback, when printed)
    Summary,   // torch elastic's ChildFailedError summary: its root cause
    Fatal,     // the process ended here: Killed, a signal, an abort, terminate
    Error,     // error lines: a code block, NCCL WARN, [E ...], out of memory, ...
    Warning,   // warning lines that name an error
};

struct Event {
    EventKind kind = EventKind::Error;
    int first = 0; // its first line (a traceback's header, a block's first line)
    int last = 0;  // its last line
    int named = 0; // the line that names it
    int strength = 0;
    int messageFirst = -1; // an exception's message: the lines after its line
    int messageLast = -1;
};

bool isFatalKind(EventKind kind)
{
    return kind == EventKind::Exception || kind == EventKind::Summary || kind == EventKind::Fatal;
}

bool isErrorKind(EventKind kind)
{
    return kind == EventKind::Error;
}

bool isWarningKind(EventKind kind)
{
    return kind == EventKind::Warning;
}

// What joins a crash: the error lines before it and the crash's own lines.
bool isCrashPart(EventKind kind)
{
    return kind == EventKind::Error || kind == EventKind::Fatal;
}

class Scanner {
public:
    Scanner(std::vector<Line> lines, int utcOffsetS)
        : m_lines(std::move(lines)), m_utcOffsetS(utcOffsetS)
    {
    }

    std::optional<LogError> scan()
    {
        collectEvents();
        return chooseError();
    }

private:
    const QString &text(int i) const { return m_lines[size_t(i)].text; }
    int count() const { return int(m_lines.size()); }

    int skipBlanks(int i) const
    {
        while (i < count() && isBlank(text(i)))
            ++i;
        return i;
    }

    // The message after an exception line: lines up to a blank one, a record of their own or
    // another exception.
    int messageEnd(int exceptionLine) const
    {
        int last = exceptionLine;
        for (int i = exceptionLine + 1; i < count() && i - exceptionLine <= kMessageLines; ++i) {
            const Line &line = m_lines[size_t(i)];
            if (isBlank(line.text) || startsRecord(line) || isExceptionLine(line.text))
                break;
            last = i;
        }
        return last;
    }

    void addException(int first, int exceptionLine)
    {
        if (text(exceptionLine).contains(u"ChildFailedError"_s)) {
            readSummary(first, exceptionLine + 1);
            return;
        }
        Event event;
        event.kind = EventKind::Exception;
        event.first = first;
        event.named = exceptionLine;
        event.messageFirst = exceptionLine + 1;
        event.messageLast = messageEnd(exceptionLine);
        event.last = event.messageLast;
        event.strength = std::max(1, lineStrength(text(exceptionLine)));
        m_events.push_back(event);
    }

    // A traceback from its header: frames, the exception line and its message, and the
    // tracebacks chained after it; the chain's last complete exception is the one that ended it.
    // Returns the line after it.
    int readTraceback(int header)
    {
        int previous = header - 1;
        while (previous >= 0 && isBlank(text(previous)))
            --previous;
        const bool ignored =
            previous >= 0 && text(previous).startsWith(u"Exception ignored in"_s); // at exit
        int i = header + 1;
        int exceptionLine = -1;
        int resume = i; // the line after what the traceback took
        while (true) {
            while (i < count() && (isIndented(text(i)) || isBlank(text(i))))
                ++i;
            resume = i;
            if (i >= count() || isTracebackHeader(text(i)) || isChainLine(text(i)))
                break; // cut off: no exception line (a chain keeps the one before)
            exceptionLine = i;
            resume = messageEnd(i) + 1;
            const int next = skipBlanks(resume);
            if (next < count() && isChainLine(text(next))) {
                const int chained = skipBlanks(next + 1);
                if (chained < count() && isTracebackHeader(text(chained))) {
                    i = chained + 1;
                    continue;
                }
            }
            break;
        }
        if (exceptionLine >= 0 && !ignored) {
            const size_t before = m_events.size();
            addException(header, exceptionLine);
            if (m_events.size() > before && m_events.back().kind == EventKind::Summary)
                resume = std::max(resume, m_events.back().last + 1);
        }
        return std::max(resume, header + 1);
    }

    // torch elastic's summary: "<entry> FAILED", "Failures:", "Root Cause (first observed
    // failure):" and its fields up to the closing "=====". Named by the root cause's signal, else
    // its exit code.
    int readSummary(int first, int from)
    {
        int rootCause = -1;
        int i = from;
        for (; i < count() && i - from < 60; ++i) {
            if (text(i).startsWith(u"Root Cause (first observed failure)"_s)) {
                rootCause = i;
                break;
            }
        }
        if (rootCause < 0)
            return from;
        Event event;
        event.kind = EventKind::Summary;
        event.first = first;
        event.named = rootCause;
        int last = rootCause;
        int exitLine = -1;
        for (int k = rootCause + 1; k < count() && k - rootCause <= 12; ++k) {
            const QString &field = text(k);
            if (has(field, "^={5,}") || (k > rootCause + 1 && has(field, "^\\[\\d+\\]:")))
                break;
            last = k;
            if (has(field, "^\\s*exitcode\\s*:"))
                exitLine = k;
            if (has(field, "^\\s*traceback\\s*:\\s*Signal "))
                event.named = k;
        }
        if (event.named == rootCause && exitLine >= 0)
            event.named = exitLine;
        event.last = last;
        event.strength = std::max(1, lineStrength(text(event.named)));
        m_events.push_back(event);
        return last + 1;
    }

    // A CANN code block: its first line and every line of its message.
    int readCodeBlock(int start)
    {
        int last = start;
        for (int i = start + 1; i < count() && i - start <= kMessageLines; ++i) {
            if (!continuesMessage(m_lines[size_t(i)]))
                break;
            last = i;
        }
        Event event;
        event.kind = m_lines[size_t(start)].severity == Severity::Warning ? EventKind::Warning
                                                                          : EventKind::Error;
        event.first = start;
        event.named = start;
        event.last = last;
        event.strength = 10;
        m_events.push_back(event);
        return last + 1;
    }

    int readLineEvent(int i)
    {
        const Line &line = m_lines[size_t(i)];
        const LineKind kind = lineKind(line);
        if (kind == LineKind::Plain)
            return i + 1;
        Event event;
        event.first = event.named = event.last = i;
        event.kind = kind == LineKind::Fatal   ? EventKind::Fatal
                     : kind == LineKind::Error ? EventKind::Error
                                               : EventKind::Warning;
        // "terminate called after throwing an instance of 'X'" then "  what():  <message>".
        if (line.text.startsWith(u"terminate called after throwing"_s) && i + 1 < count() &&
            has(text(i + 1), "^\\s*what\\(\\):")) {
            event.named = event.last = i + 1;
        }
        event.strength = std::max(1, lineStrength(text(event.named)));
        m_events.push_back(event);
        return event.last + 1;
    }

    void collectEvents()
    {
        for (int i = 0; i < count();) {
            const Line &line = m_lines[size_t(i)];
            if (isBlank(line.text)) {
                ++i;
            } else if (isTracebackHeader(line.text)) {
                i = readTraceback(i);
            } else if (line.text.startsWith(u"Root Cause (first observed failure)"_s)) {
                int first = i;
                for (int k = i - 1; k >= 0 && i - k <= 6; --k) {
                    if (text(k).contains(u" FAILED"_s) || text(k).contains(u"ChildFailedError"_s))
                        first = k;
                }
                i = readSummary(first, i);
            } else if (isExceptionLine(line.text) && line.severity != Severity::Warning &&
                       line.severity != Severity::Info) {
                // Its traceback cut off above it (or a logger printed the exception alone):
                // the frames just before it are its context.
                int first = i;
                while (first > 0 && i - first < kFrameLines && isIndented(text(first - 1)))
                    --first;
                const size_t before = m_events.size();
                addException(first, i);
                i = m_events.size() > before ? m_events.back().last + 1 : i + 1;
            } else if (startsCodeBlock(line.text)) {
                i = readCodeBlock(i);
            } else {
                i = readLineEvent(i);
            }
        }
    }

    // The group of events that ends with events[end] and reaches back while each is close to
    // the next; only events `allowed` by kind join it.
    int cascadeStart(int end, bool (*allowed)(EventKind)) const
    {
        int start = end;
        while (start > 0) {
            const Event &before = m_events[size_t(start - 1)];
            if (!allowed(before.kind) ||
                m_events[size_t(start)].first - before.last - 1 > kCascadeGap)
                break;
            --start;
        }
        return start;
    }

    // The event of [from, to] that says the most (the earliest of the strongest).
    int strongest(int from, int to) const
    {
        int best = to;
        for (int k = to; k >= from; --k) {
            if (m_events[size_t(k)].strength >= m_events[size_t(best)].strength)
                best = k;
        }
        return best;
    }

    QString joined(int from, int to) const
    {
        QStringList parts;
        for (int i = std::max(0, from); i <= to && i < count(); ++i)
            parts << text(i);
        return parts.join(u'\n');
    }

    std::optional<LogError> chooseError() const
    {
        if (m_events.empty())
            return std::nullopt;
        int fatal = -1;
        for (int k = int(m_events.size()) - 1; k >= 0 && fatal < 0; --k) {
            if (isFatalKind(m_events[size_t(k)].kind))
                fatal = k;
        }
        if (fatal >= 0 && m_events[size_t(fatal)].kind == EventKind::Summary) {
            // The agent's summary of its workers: a worker's own error above it says more.
            for (int k = fatal - 1; k >= 0; --k) {
                const EventKind kind = m_events[size_t(k)].kind;
                if (kind == EventKind::Exception ||
                    (kind == EventKind::Fatal &&
                     !text(m_events[size_t(k)].named).contains(u"failed (exitcode:"_s))) {
                    fatal = k;
                    break;
                }
            }
        }
        if (fatal >= 0) {
            const Event &event = m_events[size_t(fatal)];
            if (event.kind == EventKind::Exception)
                return exceptionError(fatal);
            if (event.kind == EventKind::Summary)
                return makeError(fatal, fatal, fatal, false);
            // A crash: named by the error lines just before it when they say more.
            const int from = cascadeStart(fatal, isCrashPart);
            return makeError(from, fatal, strongest(from, fatal), false);
        }
        for (const EventKind wanted : {EventKind::Error, EventKind::Warning}) {
            for (int k = int(m_events.size()) - 1; k >= 0; --k) {
                if (m_events[size_t(k)].kind != wanted)
                    continue;
                const int from =
                    cascadeStart(k, wanted == EventKind::Error ? isErrorKind : isWarningKind);
                return makeError(from, k, strongest(from, k), wanted == EventKind::Warning);
            }
        }
        return std::nullopt;
    }

    // An exception: its line and message; its code from the message, else (torch_npu's "The
    // Inner error is reported as above") from the error lines printed just before it.
    std::optional<LogError> exceptionError(int index) const
    {
        const Event &event = m_events[size_t(index)];
        const QString message = joined(event.named, event.messageLast);
        QString classText = message + u'\n' + joined(event.first, event.named - 1);
        QString code = errorCode(message);
        int contextFrom = -1;
        int contextTo = -1;
        if (index > 0 && m_events[size_t(index - 1)].kind == EventKind::Error &&
            event.first - m_events[size_t(index - 1)].last - 1 <= kCascadeGap &&
            (code.isEmpty() || text(event.named).contains(u"as above"_s))) {
            contextTo = index - 1;
            contextFrom = cascadeStart(contextTo, isErrorKind);
            const QString before =
                joined(m_events[size_t(contextFrom)].first, m_events[size_t(contextTo)].last);
            if (code.isEmpty())
                code = errorCode(before);
            if (text(event.named).contains(u"as above"_s))
                classText += u'\n' + before;
        }
        LogError error;
        error.lineNo = event.named + 1;
        error.line = text(event.named).trimmed();
        error.failureClass = classifyError(classText);
        error.code = code;
        error.byStopSignal = isStopSignalText(text(event.named));
        // The frames' tail, the exception line and its whole message.
        QStringList evidence;
        for (int i = std::max(event.first, event.named - kFrameLines); i < event.named; ++i)
            evidence << evidenceLine(i);
        for (int i = event.named; i <= event.messageLast; ++i)
            evidence << evidenceLine(i);
        error.evidence = evidence.mid(std::max<qsizetype>(0, evidence.size() - kEvidenceLines));
        error.time = timeOf(event.named, event.first, event.last);
        return error;
    }

    // The error of events [from, to] named by events[named].
    std::optional<LogError> makeError(int from, int to, int named, bool warningOnly) const
    {
        const Event &name = m_events[size_t(named)];
        const int first = m_events[size_t(from)].first;
        const int last = m_events[size_t(to)].last;
        const QString all = joined(first, last);
        LogError error;
        error.lineNo = name.named + 1;
        error.line = text(name.named).trimmed();
        error.failureClass =
            classifyError(joined(name.first, name.last) + u'\n' + all); // its own words first
        error.code = errorCode(joined(name.first, name.last));
        if (error.code.isEmpty())
            error.code = errorCode(all);
        error.warningOnly = warningOnly;
        error.byStopSignal = isStopSignalText(all);
        // Every line of the group, around the one that names it when they are too many.
        const int start = last - first + 1 > kEvidenceLines
                              ? std::clamp(name.first - 2, first, last - kEvidenceLines + 1)
                              : first;
        for (int i = start; i <= last && error.evidence.size() < kEvidenceLines; ++i)
            error.evidence << evidenceLine(i);
        error.time = timeOf(name.named, first, last);
        return error;
    }

    QString evidenceLine(int i) const
    {
        QString line = text(i);
        while (line.endsWith(u' ') || line.endsWith(u'\t'))
            line.chop(1);
        return line;
    }

    // The time written in the naming line, else in its other lines, else in the line before.
    std::optional<double> timeOf(int named, int first, int last) const
    {
        if (const auto time = lineTime(text(named), m_utcOffsetS))
            return time;
        for (int i = first; i <= last; ++i) {
            if (const auto time = lineTime(text(i), m_utcOffsetS))
                return time;
        }
        int before = first - 1;
        while (before >= 0 && isBlank(text(before)))
            --before;
        return before >= 0 ? lineTime(text(before), m_utcOffsetS) : std::nullopt;
    }

    std::vector<Line> m_lines;
    int m_utcOffsetS = 0;
    std::vector<Event> m_events;
};

std::optional<qint64> stepOf(const QString &line, bool epochs)
{
    const char *pattern = epochs ? "(?i)\\bepoch\\s*[:=#]?\\s*\\[?([0-9]{1,12})"
                                 : "(?i)\\b(?:step|iter|iteration)\\s*[:=#]?\\s*\\[?([0-9]{1,12})";
    std::optional<qint64> last;
    QRegularExpressionMatchIterator it = re(pattern).globalMatch(line);
    while (it.hasNext())
        last = it.next().captured(1).toLongLong();
    return last;
}

} // namespace

std::optional<double> lineTime(const QString &line, int utcOffsetS)
{
    const QRegularExpressionMatch match =
        re("(\\d{4})-(\\d{2})-(\\d{2})[ T-](\\d{2}):(\\d{2}):(\\d{2})(?:[.,](\\d{1,6}))?")
            .match(QStringView(line).left(200));
    if (!match.hasMatch())
        return std::nullopt;
    const QDate date(match.captured(1).toInt(), match.captured(2).toInt(),
                     match.captured(3).toInt());
    const QTime time(match.captured(4).toInt(), match.captured(5).toInt(),
                     match.captured(6).toInt());
    if (!date.isValid() || !time.isValid())
        return std::nullopt;
    const QString fraction = match.captured(7);
    const double part =
        fraction.isEmpty() ? 0 : fraction.toDouble() / std::pow(10.0, fraction.size());
    const qint64 seconds = QDateTime(date, time, QTimeZone::utc()).toSecsSinceEpoch() - utcOffsetS;
    return double(seconds) + part;
}

RankLogScan scanRankLog(QByteArrayView text, bool startsMidFile, int utcOffsetS)
{
    RankLogScan scan;
    if (text.size() > kScanBytes) {
        text = text.last(kScanBytes);
        startsMidFile = true;
    }
    scan.truncated = startsMidFile;
    const QString decoded = QString::fromUtf8(text);
    QList<QStringView> raw = QStringView(decoded).split(u'\n');
    if (startsMidFile && raw.size() > 1)
        raw.removeFirst(); // cut in the middle
    if (!raw.isEmpty() && raw.last().isEmpty())
        raw.removeLast();

    std::vector<Line> lines;
    lines.reserve(size_t(raw.size()));
    std::optional<qint64> lastEpoch;
    QString lastEpochLine;
    for (const QStringView part : raw) {
        Line line = readLine(part);
        if (!isBlank(line.text))
            scan.lastLine = line.text;
        if (const auto step = stepOf(line.text, false)) {
            scan.lastStep = step;
            scan.lastStepLine = line.text;
        } else if (const auto epoch = stepOf(line.text, true)) {
            lastEpoch = epoch;
            lastEpochLine = line.text;
        }
        lines.push_back(std::move(line));
    }
    if (!scan.lastStep && lastEpoch) {
        scan.lastStep = lastEpoch;
        scan.lastStepLine = lastEpochLine;
    }
    scan.error = Scanner(std::move(lines), utcOffsetS).scan();
    return scan;
}

} // namespace cw
