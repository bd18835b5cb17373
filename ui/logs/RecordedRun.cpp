// SPDX-License-Identifier: GPL-3.0-or-later
#include "RecordedRun.h"

#include "diagnose/DiagnoseLogs.h"
#include "logs/RankStates.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QTemporaryDir>

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
    run.readAtMs = nowMs;
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

QString recordedRunMismatch(const Project &project, const RecordedRun &run)
{
    RankStates layout;
    layout.setProject(project);
    if (run.highestRank >= layout.rankCount())
        return QCoreApplication::translate(
                   "RecordedRun", "The recorded run has %1 ranks; %2 has %3 device(s). Open it "
                                  "with a project of 2 servers x 8 devices (server0, server1), "
                                  "or run clusterwiz --demo-run without a project.")
            .arg(run.highestRank + 1)
            .arg(project.name)
            .arg(layout.rankCount());
    for (const LogRecord &line : run.lines) {
        const RankStates::Cell *cell = layout.cell(line.rank);
        if (!cell || layout.serverName(cell->server) != line.server)
            return QCoreApplication::translate(
                       "RecordedRun",
                       "The recorded run has rank %1 on %2; %3 has it on %4. Open it "
                       "with a project of 2 servers x 8 devices (server0, server1), "
                       "or run clusterwiz --demo-run without a project.")
                .arg(line.rank)
                .arg(line.server, project.name,
                     cell ? layout.serverName(cell->server) : QStringLiteral("-"));
    }
    return {};
}

DiagnoseResult diagnoseRecordedRun(const Project &project, const RecordedRun &run,
                                   const RunRecord &record)
{
    DiagnoseResult result;
    QTemporaryDir dir;
    if (!dir.isValid()) {
        result.error = dir.errorString();
        return result;
    }
    const QString root = dir.filePath(record.runId);
    // Each rank's lines in its rank<N>.log, last written when its last line came; its exit code
    // in rank<N>.exit, as rank.sh writes them ("CODE EPOCH_SECONDS").
    std::map<int, QString> serverOf;
    std::map<int, QByteArray> text;
    std::map<int, qint64> lastMs;
    for (const LogRecord &line : run.lines) {
        serverOf[line.rank] = line.server;
        text[line.rank] += line.line.toUtf8() + '\n';
        lastMs[line.rank] = std::max(lastMs[line.rank], line.timeMs);
    }
    for (const auto &[rank, server] : serverOf) {
        const QString folder = root + u'/' + server;
        QDir().mkpath(folder);
        QFile log(u"%1/rank%2.log"_s.arg(folder).arg(rank));
        if (!log.open(QIODevice::WriteOnly) || log.write(text[rank]) != text[rank].size()) {
            result.error = log.errorString();
            return result;
        }
        log.setFileTime(QDateTime::fromMSecsSinceEpoch(lastMs[rank]),
                        QFileDevice::FileModificationTime);
        log.close();
        if (const auto code = run.exitCodes.find(rank); code != run.exitCodes.end()) {
            QFile exit(u"%1/rank%2.exit"_s.arg(folder).arg(rank));
            if (exit.open(QIODevice::WriteOnly))
                exit.write(QByteArray::number(code->second) + ' ' +
                           QByteArray::number(double(lastMs[rank]) / 1000.0, 'f', 3) + '\n');
        }
    }
    LogFolderDiagnosis folder = diagnoseLogFolder(project, root, record, record.runId);
    result.diagnosis = std::move(folder.diagnosis);
    result.servers = std::move(folder.servers);
    result.error = folder.error;
    return result;
}

} // namespace cw
