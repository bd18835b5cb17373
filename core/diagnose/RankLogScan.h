// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Reading one rank's log for a diagnosis (pure): the error that ended the process, classified,
// with the lines that show it, and its last step (the last "step N" / "iter N" / "epoch N" or
// loss line) for a hang. What ends a process is read from the end of its story, not from the
// first line that holds an error word:
// - the last Python traceback and its exception line with the whole message after it (an
//   exception chain's last complete exception; "Exception ignored in" tracebacks at exit are
//   noise), or such an exception line whose traceback was cut off;
// - torch elastic's ChildFailedError summary: the worker's own error when the log holds it,
//   else the root cause section (its exit code or signal), and elastic's "failed (exitcode: N)";
// - a crash (Killed, a signal, an abort, "terminate called ... what():"), named by the error
//   lines just before it when they say more (a CANN code block before "Aborted");
// - else the last group of error lines: HCCL/CANN code blocks (`EI0002: ...` with every line of
//   their message), NCCL's `NCCL WARN` lines, c10d's `[E ...]` lines, out of memory, lost
//   connections, timeouts; in a group, the line that says the most (a code block over
//   `[ERROR] ... ERR00100`, the watchdog's timeout over "Some NCCL operations have failed");
// - severity markers (`[W ...]`, `W0826 ...`, `Warning:`, `UserWarning`) are never the cause
//   unless nothing else is: then the error is marked warningOnly.
// Stream prefixes that launchers and loggers put before a process's own text (Ray's
// `(Worker pid=N)`, torchrun's `[rank3]:`, vllm's `ERROR 06-09 06:57:48 file.py:581]`, mpirun's
// `[1,4]<stderr>:`) are read through.
// A log is hostile input: any bytes, any length; the scan reads at most kScanBytes of it (the
// end, where a traceback is), lines of at most kScanLineChars, keeps at most kEvidenceLines of
// evidence, and never throws (fuzzed: tests/fuzz/fuzz_rankLogs.cpp).

#include <QByteArrayView>
#include <QString>
#include <QStringList>

#include <optional>

namespace cw {

inline constexpr qsizetype kScanBytes = 256 * 1024;
inline constexpr qsizetype kScanLineChars = 2000;
inline constexpr int kEvidenceLines = 48;
// Lines of an exception's or a code's message kept whole (torch_npu's CANN blocks run to 20).
inline constexpr int kMessageLines = 40;

// What kind of failure a rank's error is. Import errors, kills, device errors and user
// exceptions are causes; a collective timeout and a lost connection are most often what the
// other ranks see of someone else's failure.
enum class FailureClass {
    ImportError,
    KilledOrOom,
    DeviceError,
    CollectiveTimeout,
    ConnectionLost,
    UserException
};
// "import error", "killed/out of memory", "device error", "collective timeout",
// "connection lost", "user exception"
QString failureClassName(FailureClass failureClass);
bool isConsequenceClass(FailureClass failureClass);

// At most kScanLineChars of `line`, its control characters (a terminal escape) shown as '?'.
QString cleanLogLine(QStringView line);

// Classifies one error text (an exception line with its message and traceback, or a few lines).
FailureClass classifyError(const QString &text);

// A time written in a line ("2026-02-05 18:44:26,379", "[2026-02-05 18:44:26.379]", plog's
// "2026-02-05-18:44:26.379.547"), as seconds since the epoch of a clock `utcOffsetS` east of
// UTC; nullopt when the line holds none.
std::optional<double> lineTime(const QString &line, int utcOffsetS);

struct LogError {
    int lineNo = 0; // 1-based within the scanned text
    QString line;   // the error line (an exception's line), its stream prefix removed
    FailureClass failureClass = FailureClass::UserException;
    QString code;               // an HCCL/NCCL/CANN error code or name when the text has one
    QStringList evidence;       // the traceback tail and the whole message, or the lines around
    std::optional<double> time; // from the line itself (or its message), when it carries one
    bool warningOnly = false;   // only lines marked as warnings said it: the cause of nothing
    bool byStopSignal = false;  // what a stop signal leaves (KeyboardInterrupt, SIGTERM received)
};

struct RankLogScan {
    std::optional<LogError> error;  // what ended the process, when the log says
    std::optional<qint64> lastStep; // the last step number the rank printed
    QString lastStepLine;
    QString lastLine;
    bool truncated = false; // the log was longer than what was scanned
};

// `text` is the end of a log (`startsMidFile`: its first line may be cut). `utcOffsetS` turns
// written times into epoch seconds.
RankLogScan scanRankLog(QByteArrayView text, bool startsMidFile = false, int utcOffsetS = 0);

} // namespace cw
