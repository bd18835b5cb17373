// SPDX-License-Identifier: GPL-3.0-or-later
#include "FuzzEntries.h"

#include "container/ContainerFleet.h"
#include "container/ContainerJournal.h"
#include "diagnose/DiagnoseCommands.h"
#include "diagnose/LaunchLogScan.h"
#include "diagnose/RankLogScan.h"
#include "discover/ProbeParsers.h"
#include "doctor/BandwidthTest.h"
#include "doctor/LinkTest.h"
#include "doctor/PortTest.h"
#include "fix/UndoJournal.h"
#include "launch/RunAttempts.h"
#include "launch/RunRecord.h"
#include "logs/LogFrameReader.h"
#include "model/ProjectJson.h"
#include "rules/ProjectValidator.h"
#include "rules/ProjectWarnings.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>

#include <cstdlib>

using namespace Qt::StringLiterals;

namespace cw::fuzz {

namespace {

// The file readers take paths: one private folder per process, each input written over the last.
const QString &scratchDir()
{
    static QTemporaryDir dir;
    if (!dir.isValid())
        std::abort(); // no place to write the input: the run proves nothing
    static const QString path = dir.path();
    return path;
}

void writeFile(const QString &path, QByteArrayView bytes)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) ||
        file.write(bytes.data(), bytes.size()) != bytes.size())
        std::abort();
}

constexpr auto kRunId = "20261122-230455-3fa9c1";

} // namespace

void projectJson(QByteArrayView bytes)
{
    const ProjectLoad load = projectFromJsonText(bytes.toByteArray());
    if (!load.fatal.isEmpty())
        return;
    validateProject(load.project);
    projectWarnings(load.project); // the wizard asks for them on every edit, valid or not
    // What was read is written and read again: the writer must take every value the reader gave.
    const ProjectLoad again = projectFromJsonText(projectToJsonText(load.project));
    if (!again.fatal.isEmpty())
        std::abort();
}

void runRecord(QByteArrayView bytes)
{
    const QString projectPath = scratchDir() + u"/fuzz.clusterwiz.json"_s;
    static const bool made = QDir().mkpath(runsFolder(projectPath));
    if (!made)
        std::abort();
    const QString runId = QString::fromLatin1(kRunId);
    writeFile(runRecordPath(projectPath, runId), bytes);
    QString error;
    const std::optional<RunRecord> record = loadRunRecord(projectPath, runId, &error);
    if (!record && error.isEmpty())
        std::abort(); // a refusal always says why
    if (record) {
        // What was read is written and read again, a restarting run's attempts included.
        if (!saveRunRecord(*record).isEmpty() || !loadRunRecord(projectPath, runId, &error))
            std::abort();
    }
    // The same bytes as a restarting run's supervisor state, which the record's attempts share
    // their form with (launch/RunAttempts.h): read from a server, as hostile as a record.
    error.clear();
    const std::optional<SupervisorState> state = parseSupervisorState(bytes, &error);
    if (!state && error.isEmpty())
        std::abort();
    if (state) {
        attemptSummary(state->attempts, state->maxAttempts);
        // Its attempts into a record and back, as the client keeps them.
        RunRecord kept;
        kept.projectPath = projectPath;
        kept.runId = runId;
        kept.supervisor = RunSupervision{};
        kept.attempts = state->attempts;
        if (!saveRunRecord(kept).isEmpty() || !loadRunRecord(projectPath, runId, &error))
            std::abort();
    }
}

void undoJournal(QByteArrayView bytes)
{
    const QString path = scratchDir() + u"/fuzz.clusterwiz-undo.json"_s;
    writeFile(path, bytes);
    QString error;
    const auto entries = loadUndoJournal(path, &error);
    if (!entries && error.isEmpty())
        std::abort();
}

void containerJournal(QByteArrayView bytes)
{
    const QByteArray data = bytes.toByteArray();
    QString error;
    if (const auto journal = containerJournalFromBytes(data, u"fuzz"_s, &error)) {
        // What was read is written back and read again the same.
        const auto again =
            containerJournalFromBytes(containerJournalToBytes(*journal), u"again"_s, &error);
        if (!again || !(*again == *journal))
            std::abort();
    } else if (error.isEmpty()) {
        std::abort();
    }
    // The same bytes as a host's answer to a container step.
    ContainerServerResult result;
    parseContainerOutput(QString::fromUtf8(data), result);
}

void probeOutput(QByteArrayView bytes)
{
    const QByteArray utf8 = bytes.toByteArray();
    parseProbeOutput(utf8);
    // Each parser on the whole text too: most inputs never reach them through the markers.
    const QString text = QString::fromUtf8(utf8);
    QString problem;
    parseHostname(text, &problem);
    parseHostIps(text, &problem);
    parseOsRelease(text, &problem);
    parsePythonProbe(text, &problem);
    parseMpirunVersion(text, &problem);
    parseNvidiaSmiList(text, &problem);
    parsePathsProbe(text, &problem);
    parseSshdProcesses(text, &problem);
    SshdFacts sshd;
    parseSshConnection(text, sshd, &problem);
    parseIpAddr(text, &problem);
    parsePortOwners(text, &problem);
    parseNpuSmiInfo(text, &problem);
    parseHccnIp(text, &problem);
    parseHccnLink(text, &problem);
    parseHccnNetHealth(text, &problem);
    parseHccnConf(text, &problem);
    parseUfwStatus(text, &problem);
    parseFirewalldListAll(text, &problem);
    parseNftRuleset(text, &problem);
    parseIptablesRules(text, &problem);
    splitProbeSections(text);
}

void logFrames(QByteArrayView bytes)
{
    // Byte 0: how many files and the longest line; byte 1: the chunk size the stream arrives in.
    if (bytes.size() < 2)
        return;
    const int files = 1 + (uchar(bytes[0]) & 3);
    const qsizetype maxLine = (uchar(bytes[0]) & 4) ? 16 : LineSplitter::defaultMaxLineBytes;
    const qsizetype chunk = 1 + uchar(bytes[1]);
    bytes = bytes.sliced(2);

    LogFrameReader reader(std::vector<qint64>(size_t(files), 0), maxLine);
    std::vector<qint64> last(size_t(files), 0);
    const auto sink = [&](int file, const QString &, qint64 offset) {
        if (file < 0 || file >= files || offset < last[size_t(file)])
            std::abort(); // a line outside the files, or going backwards
        last[size_t(file)] = offset;
    };
    while (!bytes.isEmpty()) {
        const QByteArrayView piece = bytes.first(qMin(chunk, bytes.size()));
        bytes = bytes.sliced(piece.size());
        if (!reader.feed(piece, sink, [](const QByteArray &) {})) {
            if (reader.error().isEmpty())
                std::abort();
            reader.restart(); // as the follower does after a reconnect
        }
    }
}

void rankLogs(QByteArrayView bytes)
{
    // Byte 0: whether the log starts mid-file, and a time zone for the times written in it.
    if (bytes.isEmpty())
        return;
    const auto flags = static_cast<unsigned char>(bytes[0]);
    const bool midFile = flags & 1;
    const int utcOffsetS = (static_cast<int>(flags >> 1) - 64) * 900;
    bytes = bytes.sliced(1);
    const RankLogScan scan = scanRankLog(bytes, midFile, utcOffsetS);
    if (scan.error) {
        const LogError &error = *scan.error;
        if (error.line.isEmpty() || error.evidence.size() > kEvidenceLines ||
            error.line.size() > kScanLineChars)
            std::abort(); // an error is a line, and what is kept of it stays bounded
    }
    if (scan.lastLine.size() > kScanLineChars || scan.lastStepLine.size() > kScanLineChars)
        std::abort();
    const LaunchLogScan launch = scanLaunchLog(bytes);
    if (launch.failedRanks.size() > 4096 || launch.failedLocalRanks.size() > 4096)
        std::abort(); // what is kept of a launch.log stays bounded
    const QString text = QString::fromUtf8(bytes);
    classifyError(text);
    lineTime(text, utcOffsetS);

    ServerReport server;
    parseCollect(text, {0, 1, 7}, server);
    if (server.ranks.size() != 3)
        std::abort();
    if (parsePlogWindow(text, 0, 4e9, utcOffsetS).size() > kPlogLines)
        std::abort();
    parseStacks(text);
    parseClock(text);

    parsePingOutput(text, int(bytes.size() % 256));
    const std::vector<LinkProbe> probes{{0, 1, 1, 1, u"192.168.1.2"_s}, {0, 2, 1, 2, u"x"_s}};
    if (parseLinkTestOutput(text, probes, {u"a"_s, u"b"_s}).size() != probes.size())
        std::abort();
    parsePortListener(text);
    const std::vector<ConnectTarget> targets{{u"10.0.0.1"_s, 22}, {u"10.0.0.2"_s, 29500}};
    if (parsePortConnect(text, targets).size() != targets.size())
        std::abort();
    listenerGone(text);
    parseBandwidthOutput(text, 1);
    parseBackendProbe(text);
}

QStringList targetNames()
{
    return {u"projectJson"_s, u"runRecord"_s, u"undoJournal"_s,     u"probeOutput"_s,
            u"logFrames"_s,   u"rankLogs"_s,  u"containerJournal"_s};
}

bool runTarget(const QString &name, QByteArrayView bytes)
{
    if (name == u"projectJson")
        projectJson(bytes);
    else if (name == u"runRecord")
        runRecord(bytes);
    else if (name == u"undoJournal")
        undoJournal(bytes);
    else if (name == u"probeOutput")
        probeOutput(bytes);
    else if (name == u"logFrames")
        logFrames(bytes);
    else if (name == u"rankLogs")
        rankLogs(bytes);
    else if (name == u"containerJournal")
        containerJournal(bytes);
    else
        return false;
    return true;
}

} // namespace cw::fuzz
