#include "diagnose/RankLogScan.h"

#include "model/NameTable.h"

#include <QDateTime>
#include <QRegularExpression>
#include <QTimeZone>

#include <cmath>
#include <deque>
#include <vector>

using namespace Qt::StringLiterals;

namespace cw {
// Control characters (a terminal escape in a log) are shown as '?'; tabs stay.
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

namespace {

const QRegularExpression &re(const char *pattern)
{
    // Patterns are few and fixed: compiled once each, kept for the process.
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

// A line that reports an error by itself (outside a Python traceback).
bool errorLine(const QString &line)
{
    return has(line,
               "\\bKilled\\b|[Oo]ut of memory|\\bOOM\\b|oom-kill|MemoryError|std::bad_alloc|"
               "NCCL error|NCCL WARN|Watchdog caught|\\bnccl[A-Z][A-Za-z]*Error\\b|\\[ERROR\\]|"
               "HCCL[^\\n]*(?:error|ERROR|failed|timeout)|\\bE[IJEZHKL][0-9]{4}\\b|"
               "CUDA error|\\bFATAL\\b|Segmentation fault|core dumped|"
               "Connection refused|Connection reset|Connection closed by peer|"
               "Broken pipe|[Tt]imed out|^[A-Za-z_.]*(?:Error|Exception): ");
}

QString errorCode(const QString &text)
{
    for (const char *pattern :
         {"\\b(E[IJEZHKL][0-9]{4})\\b", "\\b(nccl[A-Z][A-Za-z]+)\\b",
          "(?:HCCL|NCCL|hccl|nccl)[^\\n]*error code (?:is )?([0-9]+)", "error code is ([0-9]+)"}) {
        const QRegularExpressionMatch match = re(pattern).match(text);
        if (match.hasMatch())
            return match.captured(1).left(40);
    }
    return {};
}

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
    if (has(text, "ImportError|ModuleNotFoundError|No module named|cannot import name"))
        return FailureClass::ImportError;
    if (has(text, "MemoryError|[Oo]ut of memory|OutOfMemory|\\bOOM\\b|oom-kill|\\bKilled\\b|"
                  "std::bad_alloc|SIGKILL"))
        return FailureClass::KilledOrOom;
    if (has(text, "[Tt]imed out|[Tt]ime ?out|TIMEOUT|Watchdog caught collective|\\bEI000[26]\\b"))
        return FailureClass::CollectiveTimeout;
    if (has(text, "Connection (?:refused|reset|closed)|Broken pipe|ECONNRESET|[Cc]onnection "
                  "lost|peer closed|closed by peer"))
        return FailureClass::ConnectionLost;
    if (has(text, "NCCL|HCCL|CUDA error|CUDA_ERROR|cuda runtime error|\\bNPU\\b|\\bACL\\b|aclrt|"
                  "\\bE[IJEZHKL][0-9]{4}\\b|device-side assert|[Dd]evice error"))
        return FailureClass::DeviceError;
    return FailureClass::UserException;
}

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
        scan.truncated = true;
        startsMidFile = true;
    }
    scan.truncated = scan.truncated || startsMidFile;
    const QString decoded = QString::fromUtf8(text);
    QStringList lines = decoded.split(u'\n');
    if (startsMidFile && lines.size() > 1)
        lines.removeFirst(); // cut in the middle
    if (!lines.isEmpty() && lines.last().isEmpty())
        lines.removeLast();

    bool inTraceback = false;
    QStringList block;     // the traceback so far
    QString lastException; // its last exception line
    int exceptionLine = 0;
    bool chained = false; // "During handling of the above exception" seen after it
    int continued = 0;    // lines of a multi-line exception message taken after it
    std::optional<double> blockTime;
    std::optional<qint64> lastEpoch;
    QString lastEpochLine;
    auto finishBlock = [&] {
        if (!lastException.isEmpty() && !scan.firstError) {
            LogError error;
            error.lineNo = exceptionLine;
            error.line = lastException;
            const QString whole = block.join(u'\n');
            error.failureClass = classifyError(lastException + u'\n' + whole);
            error.code = errorCode(whole);
            error.evidence = block.mid(std::max<qsizetype>(0, block.size() - kEvidenceLines));
            error.time = blockTime;
            scan.firstError = error;
        }
        inTraceback = false;
        chained = false;
        block.clear();
        lastException.clear();
        blockTime.reset();
    };
    QStringList recent; // the lines before the current one, for a lone error line's context
    for (int i = 0; i < lines.size(); ++i) {
        QString line = cleanLogLine(lines[i]);
        if (line.endsWith(u'\r'))
            line.chop(1);
        const bool blank = line.trimmed().isEmpty();
        if (!blank)
            scan.lastLine = line;
        if (const auto step = stepOf(line, false)) {
            scan.lastStep = step;
            scan.lastStepLine = line;
        } else if (const auto epoch = stepOf(line, true)) {
            lastEpoch = epoch;
            lastEpochLine = line;
        }
        if (line.startsWith(u"Traceback (most recent call last)"_s)) {
            if (inTraceback && !lastException.isEmpty() && !chained)
                finishBlock(); // a second, unrelated traceback
            if (chained)
                lastException.clear(); // the chain's next exception replaces the last
            chained = false;
            if (!inTraceback && !recent.isEmpty())
                blockTime = lineTime(recent.last(), utcOffsetS);
            inTraceback = true;
            if (block.size() < 400)
                block << line;
        } else if (inTraceback) {
            const bool chain = line.startsWith(u"During handling of the above exception"_s) ||
                               line.startsWith(u"The above exception was the direct cause"_s);
            const bool indented = line.startsWith(u' ') || line.startsWith(u'\t');
            if (chain && !lastException.isEmpty()) {
                chained = true;
                block << line;
            } else if (blank || (indented && lastException.isEmpty()) || chained) {
                if (block.size() < 400)
                    block << line;
            } else if (lastException.isEmpty()) {
                lastException = line; // the exception line closes the traceback
                exceptionLine = i + 1;
                continued = 0;
                block << line;
            } else if (continued < 3 && !stepOf(line, false)) {
                ++continued; // an exception message of several lines (NCCL's error name)
                block << line;
            } else {
                finishBlock(); // anything after the exception: the block was complete
            }
        }
        if (!inTraceback && !scan.firstError && !blank && errorLine(line)) {
            LogError error;
            error.lineNo = i + 1;
            error.line = line;
            error.failureClass = classifyError(line);
            error.code = errorCode(line);
            error.evidence = recent.mid(std::max<qsizetype>(0, recent.size() - 3));
            error.evidence << line;
            error.time = lineTime(line, utcOffsetS);
            if (!error.time && !recent.isEmpty())
                error.time = lineTime(recent.last(), utcOffsetS);
            scan.firstError = error;
        }
        if (!blank) {
            recent << line;
            if (recent.size() > 4)
                recent.removeFirst();
        }
    }
    if (inTraceback)
        finishBlock();
    if (!scan.lastStep && lastEpoch) {
        scan.lastStep = lastEpoch;
        scan.lastStepLine = lastEpochLine;
    }
    return scan;
}

} // namespace cw
