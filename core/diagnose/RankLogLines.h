// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The lines of a rank log as RankLogScan reads them (pure): each line cleaned, the stream
// prefixes that launchers and loggers put before a process's own text removed, its severity
// marker read, and what it says of an error (which kind of line, how specific). RankLogScan.cpp
// builds the process's ending error from these.

#include "diagnose/RankLogScan.h"

#include <QRegularExpression>
#include <QString>

namespace cw::ranklog {

// The severity a line is marked with: glog/c10 (`[W socket.cpp:..]`, `[E901 05:20:03 ..]`,
// `W0826 12:47:25 ..`), Python logging (`WARNING:name:`, `- ERROR -`), vllm (`INFO 06-09 ..]`),
// `[ERROR]`, `UserWarning:`/`Warning:`. None when unmarked.
enum class Severity { None, Info, Warning, Error };

struct Line {
    QString text; // cleaned, stream prefixes removed
    Severity severity = Severity::None;
    bool byLogger = false; // a logger's prefix gave the severity (each line of what it logged)
};

// One raw line (cut to kScanLineChars, control characters shown as '?', a trailing CR dropped).
Line readLine(QStringView raw);

// The compiled pattern for `pattern` (patterns are few and fixed: compiled once per thread).
const QRegularExpression &re(const char *pattern);
bool has(const QString &text, const char *pattern);

bool isBlank(const QString &text);
bool isIndented(const QString &text);

// "Traceback (most recent call last):"
bool isTracebackHeader(const QString &text);
// "During handling of the above exception ..." / "The above exception was the direct cause ..."
bool isChainLine(const QString &text);
// A Python exception line standing alone: "RuntimeError: ...", "torch.cuda.OutOfMemoryError: ..."
bool isExceptionLine(const QString &text);
// The first line of a CANN code block ("EI0002: ...", "EH9999[PID: 1] ...", torch_npu's
// "Warning: EZ9999: Inner Error!").
bool startsCodeBlock(const QString &text);
// A line that belongs to the message before it: indented, a further CANN code line, torch_npu's
// "[ERROR] <date> (PID:..) ERRnnnnn" and "[Error]:" lines, NCCL's "Last error:" parts.
bool continuesMessage(const Line &line);
// A line that starts a record of its own: a new traceback, a marked or time-stamped log line, a
// step line, a separator. Ends an exception's message.
bool startsRecord(const Line &line);

// What a line is, as an event of the process's end.
enum class LineKind {
    Plain,   // says nothing of an error
    Error,   // an error line (an error marker, or text that names an error)
    Fatal,   // the process ends here: Killed, a signal, an abort, terminate
    Warning, // marked as a warning, with text that names an error
};
LineKind lineKind(const Line &line);

// How much a line says of the failure (higher: more specific); 0 for a plain line.
int lineStrength(const QString &text);

// The HCCL/CANN code, NCCL error name or error code number the text holds ("" for none).
QString errorCode(const QString &text);

// What a stop signal leaves in a log: KeyboardInterrupt, a SignalException, SIGTERM received.
bool isStopSignalText(const QString &text);

} // namespace cw::ranklog
