// SPDX-License-Identifier: GPL-3.0-or-later
#include "diagnose/RankLogLines.h"

#include "model/NameTable.h"

#include <deque>

using namespace Qt::StringLiterals;

namespace cw {

QString cleanLogLine(QStringView line)
{
    QString clean = line.left(kScanLineChars).toString();
    for (QChar &c : clean) {
        if ((c.unicode() < 0x20 && c != u'\t') || c.unicode() == 0x7f ||
            c.category() == QChar::Other_Format)
            c = u'?';
    }
    return clean;
}

namespace ranklog {
namespace {

// Before a process's own text: Ray's "(Worker pid=N, ip=A) ", torchrun's "[rank3]:" and
// "[default0]:", mpirun --tag-output's "[1,4]<stderr>:". At most one space after each.
constexpr const char *kStreamPrefix =
    "^(?:\\((?:[^()\\n]{0,80}\\s)?pid=\\d{1,10}(?:,\\s*ip=[^()\\s]{1,64})?\\)"
    "|\\[(?:rank|default)\\d{1,6}\\]:|\\[\\d{1,6},\\d{1,6}\\]<(?:stdout|stderr)>:) ?";
// vllm's logger: "ERROR 06-09 06:57:48 worker_base.py:581] ", "INFO 03-25 06:14:02 [x.py:880] ".
constexpr const char *kLoggerPrefix =
    "^(INFO|WARNING|ERROR|DEBUG|CRITICAL) \\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d(?:\\.\\d+)? "
    "\\[?[\\w./-]{1,120}:\\d{1,6}\\] ?";

// Markers at the start of a line: c10/glog ("[W socket.cpp:697]", "[E901 05:20:03.61 ..]",
// "W0826 12:47:25.33 ..", "W NPUStream.cpp:409]"), Python logging ("WARNING:name:", "ERROR:"),
// torch_npu's "Warning:", "[ERROR]".
constexpr const char *kWarningStart = "^(?:\\[W(?:\\d{3,4}\\b| )|\\[WARN(?:ING)?\\]|W\\d{4} "
                                      "\\d\\d:\\d\\d:\\d\\d|W [\\w.]{1,80}:\\d+\\]"
                                      "|(?:WARNING|WARN|Warning)\\b|\\s+warnings\\.warn\\()";
constexpr const char *kErrorStart =
    "^(?:\\[[EF](?:\\d{3,4}\\b| )|\\[ERROR\\]|\\[Error\\]:|[EF]\\d{4} \\d\\d:\\d\\d:\\d\\d"
    "|[EF] [\\w.]{1,80}:\\d+\\]|(?:ERROR|CRITICAL|FATAL)\\b)";
constexpr const char *kInfoStart =
    "^(?:\\[I(?:\\d{3,4}\\b| )|\\[INFO\\]|I\\d{4} \\d\\d:\\d\\d:\\d\\d|(?:INFO|DEBUG)\\b)";
// Markers inside the first part of a line ("2024-10-21 10:42:00,218 - lmdeploy - ERROR - ..",
// "2023-11-03 17:50:49,472 [INFO] ..", "x.py:13: UserWarning: ..", "host:1:2 [0] NCCL INFO ..").
constexpr const char *kErrorInside = " - (?:ERROR|CRITICAL) - |\\[(?:ERROR|CRITICAL)\\]";
constexpr const char *kWarningInside = " - WARNING - |\\[WARNING\\]|\\b[A-Z]\\w*Warning: ";
constexpr const char *kInfoInside = " - (?:INFO|DEBUG) - |\\[(?:INFO|DEBUG)\\]|\\bNCCL INFO\\b";

// A CANN error code: E, a letter, four digits ("EI0002", "EH9999", "EZ9999", "EJ0001").
constexpr const char *kCannCode = "\\bE[A-Z][0-9]{4}\\b";
constexpr const char *kCodeBlockStart = "^(?:\\s*Warning: )?E[A-Z][0-9]{4}(?:[:\\[ (]|$)";

constexpr const char *kOutOfMemory =
    "[Oo]ut of memory|OutOfMemory|MemoryError|std::bad_alloc|oom-kill|\\bOOM\\b|\\bKilled\\b";
constexpr const char *kImport =
    "ImportError|ModuleNotFoundError|No module named|cannot import name|cannot open shared "
    "object file";
constexpr const char *kDeviceSpecific =
    "Watchdog caught collective operation timeout|CUDA error|device-side assert|illegal memory "
    "access|aicore|aivec|NPU function error|HCCL function error|HCCL error|ACL stream "
    "synchronize failed|uncorrectable ECC";
constexpr const char *kNcclError = "NCCL error|\\bnccl[A-Z]\\w*Error\\b|NCCL WARN|Cuda failure";
constexpr const char *kConnection =
    "Connection (?:refused|reset|closed|timed out)|[Cc]losed by (?:remote )?peer|[Rr]eset by "
    "peer|Broken pipe|ECONNRESET|ECONNREFUSED|failed to connect|trying to connect|[Cc]onnection "
    "lost";
constexpr const char *kTimeout =
    "[Tt]imed out|\\btimes out\\b|timing out|[Tt]imeout(?:Error|Exception)|[Tt]imeout "
    "(?:error|occurred|expired)|task timeout|[Ss]ocket [Tt]imeout|timeout\\]";
constexpr const char *kCrash =
    "Segmentation fault|Signal: (?!code)\\w|Fatal Python error|exited on signal \\d+|\\*\\*\\* "
    "SIG(?:SEGV|ABRT|BUS|FPE|ILL)\\b|exitcode: -?\\d+|is killed by signal";
constexpr const char *kAbort =
    "core dumped|^\\s*Aborted\\b|\\*\\*\\* Process received signal|terminate called after "
    "throwing|Bus error|Illegal instruction|Floating point exception";

} // namespace

const QRegularExpression &re(const char *pattern)
{
    // Patterns are few and fixed: compiled once each, kept for the thread.
    thread_local std::deque<std::pair<const char *, QRegularExpression>> cache; // stable references
    for (const auto &[key, value] : cache) {
        if (key == pattern)
            return value;
    }
    cache.emplace_back(pattern, QRegularExpression(QString::fromLatin1(pattern)));
    return cache.back().second;
}

bool has(const QString &text, const char *pattern)
{
    return re(pattern).match(text).hasMatch();
}

bool isBlank(const QString &text)
{
    for (const QChar c : text) {
        if (!c.isSpace())
            return false;
    }
    return true;
}

bool isIndented(const QString &text)
{
    return !text.isEmpty() && (text[0] == u' ' || text[0] == u'\t') && !isBlank(text);
}

Line readLine(QStringView raw)
{
    Line line;
    if (raw.endsWith(u'\r'))
        raw.chop(1); // a CRLF log
    line.text = cleanLogLine(raw);
    Severity fromLogger = Severity::None;
    for (int round = 0; round < 4; ++round) {
        if (const QRegularExpressionMatch m = re(kStreamPrefix).match(line.text); m.hasMatch()) {
            line.text.remove(0, m.capturedLength());
            continue;
        }
        if (const QRegularExpressionMatch m = re(kLoggerPrefix).match(line.text); m.hasMatch()) {
            const QString level = m.captured(1);
            fromLogger = level == u"ERROR"_s || level == u"CRITICAL"_s ? Severity::Error
                         : level == u"WARNING"_s                       ? Severity::Warning
                                                                       : Severity::Info;
            line.text.remove(0, m.capturedLength());
            continue;
        }
        break;
    }
    const QStringView head = QStringView(line.text).left(160);
    const QString start = head.toString();
    if (has(start, kWarningStart))
        line.severity = Severity::Warning;
    else if (has(start, kErrorStart))
        line.severity = Severity::Error;
    else if (has(start, kInfoStart))
        line.severity = Severity::Info;
    else if (has(start, kErrorInside))
        line.severity = Severity::Error;
    else if (has(start, kWarningInside))
        line.severity = Severity::Warning;
    else if (has(start, kInfoInside))
        line.severity = Severity::Info;
    else
        line.severity = fromLogger;
    line.byLogger = fromLogger != Severity::None;
    return line;
}

bool isTracebackHeader(const QString &text)
{
    return text.startsWith(u"Traceback (most recent call last)"_s);
}

bool isChainLine(const QString &text)
{
    return text.startsWith(u"During handling of the above exception"_s) ||
           text.startsWith(u"The above exception was the direct cause"_s);
}

bool isExceptionLine(const QString &text)
{
    return has(text,
               "^(?:[A-Za-z_]\\w*\\.)*[A-Z]\\w*(?:Error|Exception|Interrupt|Exit)(?::(?: |$)|$)");
}

bool startsCodeBlock(const QString &text)
{
    return has(text, kCodeBlockStart) || has(text, "^\\[[^\\]]{1,120}\\] Warning: E[A-Z][0-9]{4}:");
}

bool continuesMessage(const Line &line)
{
    return isIndented(line.text) || has(line.text, kCodeBlockStart) ||
           has(line.text,
               "^(?:\\[ERROR\\] \\d{4}-\\d\\d-\\d\\d-\\d\\d:\\d\\d:\\d\\d \\(PID:|\\[Error\\]:|"
               "Last error:)");
}

bool startsRecord(const Line &line)
{
    const QString &text = line.text;
    if (isTracebackHeader(text) || isChainLine(text))
        return true;
    if (line.severity != Severity::None && !line.byLogger && !continuesMessage(line))
        return true;
    return has(text, "^(?:\\[?\\d{4}-\\d\\d-\\d\\d[ T_]\\d|[-=*#~_]{5,}\\s*$|clusterwiz: |"
                     "Exception ignored in)");
}

int lineStrength(const QString &text)
{
    if (startsCodeBlock(text))
        return 10;
    if (has(text, kOutOfMemory) || has(text, kImport))
        return 9;
    if (has(text, kDeviceSpecific) || has(text, kCannCode))
        return 8;
    if (has(text, kNcclError))
        return 7;
    if (has(text, kConnection))
        return 6;
    if (const QRegularExpressionMatch what = re("^\\s*what\\(\\):\\s*(.*)").match(text);
        what.hasMatch())
        return std::max(5, lineStrength(what.captured(1)));
    if (has(text, kTimeout))
        return 5;
    if (has(text, kCrash))
        return 4;
    if (has(text, kAbort))
        return 3;
    if (has(text, "\\bERR\\d{5}\\b"))
        return 2;
    return 0;
}

LineKind lineKind(const Line &line)
{
    const QString &text = line.text;
    if (line.severity == Severity::Info || isBlank(text))
        return LineKind::Plain;
    const bool crash = has(text, "\\bKilled\\b") || has(text, kCrash) || has(text, kAbort) ||
                       has(text, "^\\s*what\\(\\): ");
    if (line.severity == Severity::Warning)
        return lineStrength(text) > 0 && !crash ? LineKind::Warning : LineKind::Plain;
    if (crash)
        return LineKind::Fatal;
    if (lineStrength(text) > 0)
        return LineKind::Error;
    // Marked as an error: its own text, not a frame of a traceback a logger printed.
    if (line.severity == Severity::Error && !isIndented(text))
        return LineKind::Error;
    return LineKind::Plain;
}

QString errorCode(const QString &text)
{
    for (const char *pattern :
         {"\\b(E[A-Z][0-9]{4})\\b", "\\b(nccl[A-Z]\\w*Error)\\b",
          "(?:HCCL|NCCL|hccl|nccl|NPU|ACL)[^\\n]*error code(?: is ?|:\\s*)([0-9]+)",
          "error code(?: is |:)([0-9]+)", "\\b(ERR[0-9]{5})\\b"}) {
        const QRegularExpressionMatch match = re(pattern).match(text);
        if (match.hasMatch())
            return match.captured(1).left(40);
    }
    return {};
}

bool isStopSignalText(const QString &text)
{
    return has(text, "KeyboardInterrupt|SignalException|got signal: ?(?:1|2|15)\\b|"
                     "\\*\\*\\* SIG(?:TERM|INT|HUP) received");
}

} // namespace ranklog

QString failureClassName(FailureClass failureClass)
{
    static constexpr auto names = nameTable<FailureClass>({
        {FailureClass::ImportError, "import error"},
        {FailureClass::KilledOrOom, "killed/out of memory"},
        {FailureClass::DeviceError, "device error"},
        {FailureClass::CollectiveTimeout, "collective timeout"},
        {FailureClass::ConnectionLost, "connection lost"},
        {FailureClass::UserException, "user exception"},
    });
    return names.name(failureClass);
}

bool isConsequenceClass(FailureClass failureClass)
{
    return failureClass == FailureClass::CollectiveTimeout ||
           failureClass == FailureClass::ConnectionLost;
}

FailureClass classifyError(const QString &text)
{
    using ranklog::has;
    if (has(text, ranklog::kImport))
        return FailureClass::ImportError;
    if (has(text, "[Oo]ut of memory|OutOfMemory|MemoryError|std::bad_alloc|oom-kill|\\bOOM\\b|"
                  "\\bKilled\\b|SIGKILL|[Ss]ignal 9\\b|exitcode: -9\\b|exitcode\\s*: -9\\b"))
        return FailureClass::KilledOrOom;
    // What the device itself reports, before the timeouts it may also mention.
    if (has(text, "aicore|aivec|AI Core|device-side assert|illegal memory access|CUDA error: "
                  "(?!out of memory)|uncorrectable ECC|\\bXid\\b|\\bE[ZJ][0-9]{4}\\b|HCCP|driver "
                  "error"))
        return FailureClass::DeviceError;
    if (has(text, ranklog::kConnection))
        return FailureClass::ConnectionLost;
    if (has(text, "[Tt]imed out|[Tt]ime ?out|times out|timing out|TIMEOUT|Watchdog caught "
                  "collective|\\bEI000[26]\\b|stuck notify"))
        return FailureClass::CollectiveTimeout;
    if (has(text,
            "NCCL|HCCL|CUDA|cuda runtime error|\\bNPU\\b|\\bACL\\b|aclrt|\\bE[A-Z][0-9]{4}\\b|"
            "[Dd]evice error|\\bERR[0-9]{5}\\b"))
        return FailureClass::DeviceError;
    return FailureClass::UserException;
}

} // namespace cw
