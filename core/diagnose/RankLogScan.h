#pragma once

// Reading one rank's log for a diagnosis (pure): its first error, classified, with the lines that
// show it, and its last step (the last "step N" / "iter N" / "epoch N" or loss line) for a hang.
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
inline constexpr int kEvidenceLines = 12;

// What kind of failure a rank's first error is. Import errors, kills, device errors and user
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

// Classifies one error text (an exception line with its traceback, or a single line).
FailureClass classifyError(const QString &text);

// A time written in a line ("2026-02-05 18:44:26,379", "[2026-02-05 18:44:26.379]", plog's
// "2026-02-05-18:44:26.379.547"), as seconds since the epoch of a clock `utcOffsetS` east of
// UTC; nullopt when the line holds none.
std::optional<double> lineTime(const QString &line, int utcOffsetS);

struct LogError {
    int lineNo = 0; // 1-based within the scanned text
    QString line;   // the error line (an exception's last line)
    FailureClass failureClass = FailureClass::UserException;
    QString code;               // an HCCL/NCCL/CANN error code or name when the text has one
    QStringList evidence;       // the traceback tail or the line with what precedes it
    std::optional<double> time; // from the line itself, when it carries one
};

struct RankLogScan {
    std::optional<LogError> firstError;
    std::optional<qint64> lastStep; // the last step number the rank printed
    QString lastStepLine;
    QString lastLine;
    bool truncated = false; // the log was longer than what was scanned
};

// `text` is the end of a log (`startsMidFile`: its first line may be cut). `utcOffsetS` turns
// written times into epoch seconds.
RankLogScan scanRankLog(QByteArrayView text, bool startsMidFile = false, int utcOffsetS = 0);

} // namespace cw
