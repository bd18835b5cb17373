// SPDX-License-Identifier: GPL-3.0-or-later
#include "diagnose/DiagnoseCommands.h"

#include "discover/ProbeText.h"
#include "launch/RemoteCommands.h"
#include "launch/RunStatus.h"
#include "programs/ServerPrograms.h"
#include "shell/ShellQuote.h"

using namespace Qt::StringLiterals;

namespace cw {
namespace {

QByteArray fromBase64(QStringView text, qsizetype limit)
{
    const auto decoded = QByteArray::fromBase64Encoding(text.left(limit * 4 / 3 + 8).toLatin1());
    return decoded ? *decoded : QByteArray();
}

// "+0800" -> 28800; nullopt for anything else.
std::optional<int> zoneOffset(const QString &text)
{
    if (text.size() != 5 || (text[0] != u'+' && text[0] != u'-'))
        return std::nullopt;
    bool okH = false, okM = false;
    const int hours = text.mid(1, 2).toInt(&okH);
    const int minutes = text.mid(3, 2).toInt(&okM);
    if (!okH || !okM || hours > 14 || minutes > 59)
        return std::nullopt;
    const int seconds = hours * 3600 + minutes * 60;
    return text[0] == u'-' ? -seconds : seconds;
}

QString rankList(const std::vector<int> &ranks)
{
    QStringList words;
    for (int rank : ranks)
        words << QString::number(rank);
    return words.join(u' ');
}

} // namespace

QString clockCommand()
{
    return u"date +%s.%N"_s;
}

std::optional<double> parseClock(const QString &output)
{
    bool ok = false;
    const double value = firstLineOf(output).toDouble(&ok);
    if (!ok || value <= 0)
        return std::nullopt;
    return value;
}

QString collectCommand(const Project &project, const RunRecord &record, const Server &server,
                       const std::vector<int> &ranks)
{
    // The poll leaves r at the run's folder, or at its newest attempt's for a restarting run.
    return pollCommand(project, record, server) + u"ranks="_s + shellQuote(rankList(ranks)) +
           u"\nbytes="_s + QString::number(kLogTailBytes) + u'\n' +
           programText(program::diagnose_collect_sh);
}

void parseCollect(const QString &output, const std::vector<int> &ranks, ServerReport &server)
{
    const ServerPoll poll = parseServerPoll(output.toUtf8());
    server.reached = true;
    server.alive = poll.alive;
    server.ranks.clear();
    for (int rank : ranks) {
        RankReport report;
        report.rank = rank;
        for (const RankExit &exit : poll.exits) {
            if (exit.rank == rank) {
                report.exitCode = exit.code;
                report.exitTime = exit.time;
            }
        }
        server.ranks.push_back(report);
    }
    for (const QString &line : output.split(u'\n')) {
        if (line.startsWith(u"@@now "_s)) {
            server.now = line.mid(6).trimmed().toDouble();
        } else if (line.startsWith(u"@@tz "_s)) {
            server.utcOffsetS = zoneOffset(line.mid(5).trimmed()).value_or(0);
        } else if (line == u"@@pyspy"_s) {
            server.pySpy = true;
        } else if (line.startsWith(u"@@log "_s)) {
            const QStringList words = line.mid(6).split(u' ');
            bool ok = false;
            const int rank = words.value(0).toInt(&ok);
            for (RankReport &report : server.ranks) {
                if (!ok || report.rank != rank)
                    continue;
                report.logFound = true;
                report.logSize = words.value(1).toLongLong();
                report.logTime = words.value(2).toDouble();
                report.tail = fromBase64(words.value(3), kLogTailBytes);
            }
        }
    }
    // Written times in lines are read in the server's own zone, known only now.
    for (RankReport &report : server.ranks) {
        if (report.logFound)
            report.scan =
                scanRankLog(report.tail, report.logSize > report.tail.size(), server.utcOffsetS);
    }
}

QString stackCommand(const QString &runId, const std::vector<int> &ranks)
{
    return u"ranks="_s + shellQuote(rankList(ranks)) + u"\nentry="_s +
           shellQuote(u"CLUSTERWIZ_RUN_ID="_s + runId) + u"\nbytes="_s +
           QString::number(kStackBytes) + u'\n' + programText(program::diagnose_stacks_sh);
}

std::map<int, QString> parseStacks(const QString &output)
{
    std::map<int, QString> stacks;
    for (const QString &line : output.split(u'\n')) {
        if (!line.startsWith(u"@@stack "_s))
            continue;
        const QStringList words = line.mid(8).split(u' ');
        bool ok = false;
        const int rank = words.value(0).toInt(&ok);
        if (!ok)
            continue;
        QString &stack = stacks[rank];
        if (!stack.isEmpty())
            stack += u'\n';
        stack += u"pid %1:\n"_s.arg(words.value(1).left(12)) +
                 QString::fromUtf8(fromBase64(words.value(2), kStackBytes));
    }
    return stacks;
}

QString plogCommand(const Project &project, double sinceServerEpoch)
{
    QString root = u"\"$HOME/ascend/log\""_s;
    for (const auto &[name, value] : project.launch.env) {
        if (name == u"ASCEND_PROCESS_LOG_PATH"_s && !value.isEmpty())
            root = shellEnvValue(value);
    }
    return u"root="_s + root + u"\nsince="_s + QString::number(qint64(sinceServerEpoch)) +
           u"\nfiles="_s + QString::number(kPlogFiles) + u"\nbytes="_s +
           QString::number(kPlogTailBytes) + u'\n' + programText(program::diagnose_plog_sh);
}

QStringList parsePlogWindow(const QString &output, double from, double to, int utcOffsetS)
{
    QStringList lines;
    for (const QString &block : output.split(u'\n')) {
        if (!block.startsWith(u"@@plog "_s))
            continue;
        const QString text =
            QString::fromUtf8(fromBase64(QStringView(block).mid(7), kPlogTailBytes));
        for (const QString &line : text.split(u'\n')) {
            const auto time = lineTime(line, utcOffsetS);
            if (!time || *time < from || *time > to)
                continue;
            lines << cleanLogLine(line).left(400);
            if (lines.size() >= kPlogLines)
                return lines;
        }
    }
    return lines;
}

} // namespace cw
