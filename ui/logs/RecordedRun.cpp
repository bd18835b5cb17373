// SPDX-License-Identifier: GPL-3.0-or-later
#include "RecordedRun.h"

#include <QFile>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace cw {

namespace {
constexpr qint64 kMaxBytes = 4 << 20;
} // namespace

QString demoRunPath()
{
    return u":/demo/run-2x8.tsv"_s;
}

std::optional<RecordedRun> readRecordedRun(const QString &path, qint64 nowMs, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = u"cannot read %1: %2"_s.arg(path, file.errorString());
        return std::nullopt;
    }
    if (file.size() > kMaxBytes) {
        *error = u"%1 is larger than 4 MiB"_s.arg(path);
        return std::nullopt;
    }
    RecordedRun run;
    std::map<int, qint64> lastLine; // rank -> time of its newest line
    int number = 0;
    for (const QByteArray &raw : file.readAll().split('\n')) {
        ++number;
        const QString text = QString::fromUtf8(raw);
        if (text.isEmpty() || (text.startsWith(u'#') && !text.startsWith(u"#exit\t"_s)))
            continue;
        const QStringList fields = text.split(u'\t');
        bool rankOk = false;
        bool numberOk = false;
        if (text.startsWith(u"#exit\t"_s) && fields.size() == 3) {
            const int rank = fields[1].toInt(&rankOk);
            const int code = fields[2].toInt(&numberOk);
            if (rankOk && numberOk && rank >= 0) {
                run.exitCodes[rank] = code;
                run.highestRank = std::max(run.highestRank, rank);
                continue;
            }
        } else if (fields.size() >= 4) {
            const int rank = fields[1].toInt(&rankOk);
            const qint64 age = fields[2].toLongLong(&numberOk);
            if (rankOk && numberOk && rank >= 0 && age >= 0) {
                const QString line = text.section(u'\t', 3);
                run.lines.push_back({fields[0], rank, line, nowMs - age, 0});
                run.highestRank = std::max(run.highestRank, rank);
                lastLine[rank] = std::max(lastLine[rank], nowMs - age);
                continue;
            }
        }
        *error = u"%1, line %2: not a recorded line"_s.arg(path).arg(number);
        return std::nullopt;
    }
    std::stable_sort(run.lines.begin(), run.lines.end(),
                     [](const LogRecord &a, const LogRecord &b) { return a.timeMs < b.timeMs; });
    qint64 earliest = 0;
    for (const auto &[rank, code] : run.exitCodes) {
        const qint64 last = lastLine.count(rank) ? lastLine[rank] : 0;
        if (code != 0 && (run.failedFirst < 0 || last < earliest)) {
            run.failedFirst = rank;
            earliest = last;
        }
    }
    return run;
}

} // namespace cw
