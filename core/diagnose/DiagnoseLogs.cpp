// SPDX-License-Identifier: GPL-3.0-or-later
#include "diagnose/DiagnoseLogs.h"

#include "generate/JobControlBash.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>

#include <algorithm>
#include <map>
#include <set>

using namespace Qt::StringLiterals;

namespace cw {
namespace {

constexpr int kMaxAttempt = 100000;

// A plain file inside the folder (no link followed), else no entry.
std::optional<QFileInfo> plainFile(const QString &path)
{
    const QFileInfo info(path);
    if (info.isSymLink() || !info.isFile())
        return std::nullopt;
    return info;
}

bool plainDir(const QString &path)
{
    const QFileInfo info(path);
    return !info.isSymLink() && info.isDir();
}

// The last `limit` bytes of a plain file; `size` gets its whole size.
QByteArray readTail(const QFileInfo &info, qint64 limit, qint64 *size = nullptr)
{
    QFile file(info.filePath());
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const qint64 total = file.size();
    if (size)
        *size = total;
    if (total > limit)
        file.seek(total - limit);
    return file.read(limit);
}

// The attempt number of an "attempt-K" folder name, else 0.
int attemptOf(const QString &name)
{
    static const QRegularExpression pattern(u"^attempt-([1-9][0-9]{0,5})$"_s);
    const QRegularExpressionMatch match = pattern.match(name);
    const int attempt = match.hasMatch() ? match.captured(1).toInt() : 0;
    return attempt <= kMaxAttempt ? attempt : 0;
}

// Whether `path` holds what train.sh writes for one server: rank logs or exit records, its
// launch.log, or attempt folders.
bool looksLikeServerFolder(const QString &path)
{
    const QDir dir(path);
    for (const QFileInfo &entry :
         dir.entryInfoList(QDir::Files | QDir::Dirs | QDir::NoDotAndDotDot)) {
        const QString name = entry.fileName();
        if (entry.isSymLink())
            continue;
        if (name == launchLogName() || attemptOf(name) > 0 ||
            (name.startsWith(u"rank"_s) && (name.endsWith(u".log"_s) || name.endsWith(u".exit"_s))))
            return true;
    }
    return false;
}

// "CODE EPOCH" as rank.sh writes it.
void readExit(const QFileInfo &info, RankReport &rank)
{
    const QList<QByteArray> words = readTail(info, 200).trimmed().split(' ');
    bool ok = false;
    const int code = words.value(0).toInt(&ok);
    if (!ok || code < 0 || code > 255)
        return;
    rank.exitCode = code;
    rank.exitTime = std::max(0.0, words.value(1).toDouble());
}

ServerReport readServerFolder(const QString &name, const QString &path, int utcOffsetS)
{
    ServerReport server;
    server.name = name;
    server.reached = true;
    server.utcOffsetS = utcOffsetS;
    static const QRegularExpression rankFile(u"^rank([0-9]{1,7})\\.(log|exit)$"_s);
    std::map<int, RankReport> ranks;
    const QDir dir(path);
    for (const QFileInfo &entry :
         dir.entryInfoList(QDir::Files | QDir::NoDotAndDotDot, QDir::Name)) {
        const QRegularExpressionMatch match = rankFile.match(entry.fileName());
        const auto info = plainFile(entry.filePath());
        if (!match.hasMatch() || !info)
            continue;
        const int number = match.captured(1).toInt();
        if (!ranks.count(number) && int(ranks.size()) >= kMaxFolderRanks)
            continue;
        RankReport &rank = ranks[number];
        rank.rank = number;
        if (match.captured(2) == u"exit"_s) {
            readExit(*info, rank);
            continue;
        }
        rank.logFound = true;
        rank.tail = readTail(*info, kScanBytes, &rank.logSize);
        rank.logTime = double(info->lastModified().toMSecsSinceEpoch()) / 1000.0;
    }
    for (auto &[number, rank] : ranks) {
        if (rank.logFound)
            rank.scan = scanRankLog(rank.tail, rank.logSize > rank.tail.size(), utcOffsetS);
        server.ranks.push_back(std::move(rank));
    }
    if (const auto launch = plainFile(dir.filePath(launchLogName()))) {
        server.launchTail = readTail(*launch, kScanBytes);
        server.launch = scanLaunchLog(server.launchTail);
    }
    return server;
}

QString zoneText(int utcOffsetS)
{
    const int minutes = std::abs(utcOffsetS) / 60;
    return u"UTC%1%2:%3"_s.arg(utcOffsetS < 0 ? u"-"_s : u"+"_s)
        .arg(minutes / 60, 2, 10, QChar(u'0'))
        .arg(minutes % 60, 2, 10, QChar(u'0'));
}

// A run stopped from outside: every server's train.sh got a stop signal, none saw a rank fail
// by itself, and no rank ended with a code other than a stop signal's.
bool stoppedFromOutside(const std::vector<ServerReport> &servers)
{
    bool any = false;
    for (const ServerReport &server : servers) {
        if (!server.reached)
            continue;
        if (!server.launch.signalled || !server.launch.failedRanks.empty() ||
            !server.launch.failedLocalRanks.empty())
            return false;
        for (const RankReport &rank : server.ranks) {
            const int code = rank.exitCode.value_or(143);
            if (code != 0 && code != 129 && code != 130 && code != 137 && code != 143)
                return false;
        }
        any = true;
    }
    return any;
}

} // namespace

QString runIdOfLogFolder(const QString &dir)
{
    QFileInfo info(QDir::cleanPath(QFileInfo(dir).absoluteFilePath()));
    QString name = info.fileName();
    if (name == u"logs"_s)
        name = QFileInfo(info.path()).fileName();
    if (name.endsWith(u".diagnosis"_s))
        name.chop(10);
    return isValidRunId(name) ? name : QString();
}

LogFolderDiagnosis diagnoseLogFolder(const Project &project, const QString &dir,
                                     const std::optional<RunRecord> &record, const QString &runId,
                                     int hangAfterS)
{
    LogFolderDiagnosis result;
    if (!QFileInfo(dir).isDir()) {
        result.error = u"%1: not a folder"_s.arg(dir);
        return result;
    }
    // The folder train.sh writes for one run, or an unpacked archive (its logs/ folder).
    QString root = QDir(dir).absolutePath();
    const auto serverFolders = [](const QString &path) {
        QStringList names;
        for (const QFileInfo &entry :
             QDir(path).entryInfoList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name)) {
            if (!entry.isSymLink() && looksLikeServerFolder(entry.filePath()))
                names << entry.fileName();
        }
        return names;
    };
    QStringList found = serverFolders(root);
    if (found.isEmpty() && plainDir(root + u"/logs"_s)) {
        root += u"/logs"_s;
        found = serverFolders(root);
    }
    if (found.isEmpty()) {
        result.error = u"%1 holds no run's logs: expected one folder per server with its "
                       u"rank<N>.log files, as train.sh writes LOG_ROOT/<run id>/<server>/ (or "
                       u"attempt-K/ inside it after restarts)"_s.arg(dir);
        return result;
    }

    // The run's servers: as recorded, else the project's that have a folder, then the others.
    QStringList names;
    if (record) {
        for (const RunServer &server : record->servers)
            names << server.name;
    } else {
        for (const Server &server : project.servers) {
            if (found.contains(server.name))
                names << server.name;
        }
    }
    QStringList notes;
    static const QRegularExpression serverName(u"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$"_s);
    for (const QString &name : found) {
        if (names.contains(name))
            continue;
        if (!serverName.match(name).hasMatch())
            continue;
        names << name;
        notes << u"%1: not a server of the project; its logs are read as they are"_s.arg(name);
    }
    if (!record) {
        QStringList absent;
        for (const Server &server : project.servers) {
            if (!found.contains(server.name))
                absent << server.name;
        }
        if (!absent.isEmpty())
            notes << u"no logs in the folder for %1 (not part of this run, or not copied)"_s.arg(
                absent.join(u", "_s));
    }

    // A restarting run: its last attempt, on the servers that ran it.
    int attempt = 0;
    for (const QString &name : names) {
        for (const QFileInfo &entry :
             QDir(root + u'/' + name).entryInfoList(QDir::Dirs | QDir::NoDotAndDotDot)) {
            if (!entry.isSymLink())
                attempt = std::max(attempt, attemptOf(entry.fileName()));
        }
    }
    if (attempt == 2)
        notes << u"a restarting run: its last attempt, 2 (attempt-2/); attempt 1 is also in the "
                 u"folder"_s;
    else if (attempt > 2)
        notes << u"a restarting run: its last attempt, %1 (attempt-%1/); attempts 1-%2 are also "
                 u"in the folder"_s.arg(QString::number(attempt), QString::number(attempt - 1));
    else if (attempt == 1)
        notes << u"a restarting run: its first attempt (attempt-1/)"_s;

    const int utcOffsetS = QDateTime::currentDateTime().offsetFromUtc();
    bool stoppedMarker = false;
    int expected = 0;
    for (const QString &name : names) {
        QString path = root + u'/' + name;
        stoppedMarker = stoppedMarker || plainFile(path + u'/' + stoppedMarkerName()).has_value();
        if (attempt > 0)
            path += u'/' + attemptDirName(attempt);
        if (!plainDir(path)) {
            if (attempt > 0 && !record)
                continue; // not one of the last attempt's servers
            ServerReport missing;
            missing.name = name;
            missing.error = u"no folder of its logs in the folder"_s;
            result.servers.push_back(missing);
            continue;
        }
        ServerReport server = readServerFolder(name, path, utcOffsetS);
        int ranks = int(server.ranks.size());
        if (const auto index = project.serverIndex(name))
            ranks = std::max(ranks, int(project.servers[size_t(*index)].devices.size()));
        if (record) {
            for (const RunServer &recorded : record->servers) {
                if (recorded.name == name && recorded.rankCount >= 0)
                    ranks = std::max(int(server.ranks.size()), recorded.rankCount);
            }
        }
        expected += ranks;
        result.servers.push_back(std::move(server));
    }

    RunRecord run = record.value_or(RunRecord{});
    if (!record) {
        run.runId = runId;
        run.state = RunState::Starting;
    }
    if (stoppedMarker || stoppedFromOutside(result.servers))
        run.state = RunState::Stopped;
    Diagnosis diagnosis =
        evaluateDiagnosis(run, result.servers, expected, hangAfterS, ReportSource::LogFolder);
    if (std::any_of(diagnosis.timeline.begin(), diagnosis.timeline.end(),
                    [](const TimelineEntry &entry) { return entry.timeSource == u"line"_s; }))
        notes << u"times written in lines are read in this machine's time zone (%1)"_s.arg(
            zoneText(utcOffsetS));
    diagnosis.notes << notes;
    result.diagnosis = std::move(diagnosis);
    return result;
}

} // namespace cw
