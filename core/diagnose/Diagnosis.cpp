// SPDX-License-Identifier: GPL-3.0-or-later
#include "diagnose/Diagnosis.h"

#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

namespace cw {
namespace {

// Exit codes of a rank ended by a stop signal (HUP, INT, KILL, TERM): a victim of a stop.
bool stopSignalCode(int code)
{
    return code == 128 + 1 || code == 128 + 2 || code == 128 + 9 || code == 128 + 15;
}

struct Candidate {
    TimelineEntry entry;
    const RankReport *rank = nullptr;
    QStringList evidence;
    QString code;
    bool warningOnly = false;
};

int firstRankOf(const ServerReport &server)
{
    int first = -1;
    for (const RankReport &rank : server.ranks)
        first = first < 0 ? rank.rank : std::min(first, rank.rank);
    return first;
}

// A rank that a stop ended and whose log holds no cause of its own: a victim. Its exit code is
// a stop signal's; its server's launch.log, when it recorded a stop, does not name it as failed
// by itself (a SIGKILL that no stop there sent is most often the out-of-memory killer's).
bool isVictim(const ServerReport &server, const RankReport &rank)
{
    if (!rank.exitCode || !stopSignalCode(*rank.exitCode))
        return false;
    const LaunchLogScan &launch = server.launch;
    if (launchLogNamesFailed(launch, rank.rank, firstRankOf(server)))
        return false;
    const auto &error = rank.scan.error;
    if (!error)
        return true;
    if (*rank.exitCode == 137 && !launch.stopped)
        return false;
    return error->warningOnly || error->byStopSignal ||
           (launch.stopped && isConsequenceClass(error->failureClass));
}

// Each rank's failure: its error, else a failing exit code. Victims of a stop are counted only
// when `victims` (no other rank failed: a SIGKILL alone is most often the kernel's
// out-of-memory killer).
std::vector<Candidate> candidates(const std::vector<ServerReport> &servers, bool victims,
                                  ReportSource source)
{
    std::vector<Candidate> found;
    for (const ServerReport &server : servers) {
        if (!server.reached)
            continue;
        const double offsetS = server.clockOffsetMs / 1000.0;
        for (const RankReport &rank : server.ranks) {
            // A rank that exited 0 failed nothing, whatever warnings it printed.
            if (rank.exitCode && *rank.exitCode == 0)
                continue;
            if (!victims && isVictim(server, rank))
                continue;
            Candidate candidate;
            candidate.rank = &rank;
            TimelineEntry &entry = candidate.entry;
            entry.server = server.name;
            entry.rank = rank.rank;
            if (const auto &error = rank.scan.error) {
                entry.failureClass = error->failureClass;
                entry.line = error->line;
                candidate.evidence = error->evidence;
                candidate.code = error->code;
                candidate.warningOnly = error->warningOnly;
                if (source == ReportSource::LogFolder && rank.exitCode && rank.exitTime > 0) {
                    entry.time = rank.exitTime;
                    entry.timeSource = u"exit"_s;
                } else if (error->time) {
                    entry.time = *error->time;
                    entry.timeSource = u"line"_s;
                } else {
                    entry.time = rank.logTime > 0 ? rank.logTime : rank.exitTime;
                    entry.timeSource = rank.logTime > 0 ? u"log"_s : u"exit"_s;
                }
            } else if (rank.exitCode) {
                entry.failureClass =
                    *rank.exitCode == 137 ? FailureClass::KilledOrOom : FailureClass::UserException;
                entry.line = u"exit code %1%2; no error line in its log (last line: %3)"_s.arg(
                    QString::number(*rank.exitCode),
                    *rank.exitCode == 137 ? u" (SIGKILL: often the out-of-memory killer)"_s
                                          : QString(),
                    rank.scan.lastLine.isEmpty() ? u"none"_s : rank.scan.lastLine);
                entry.time = rank.exitTime > 0 ? rank.exitTime : rank.logTime;
                entry.timeSource = u"exit"_s;
            } else {
                continue;
            }
            entry.time -= offsetS;
            found.push_back(candidate);
        }
    }
    std::stable_sort(found.begin(), found.end(), [](const Candidate &a, const Candidate &b) {
        return a.entry.time < b.entry.time;
    });
    return found;
}

// Causes before consequences (unless a consequence came kCauseWindowS earlier); what only
// warnings said comes last: the cause of nothing unless nothing else is.
const Candidate *chooseFirst(const std::vector<Candidate> &found)
{
    const Candidate *cause = nullptr;
    const Candidate *consequence = nullptr;
    const Candidate *warned = nullptr;
    for (const Candidate &candidate : found) {
        if (candidate.warningOnly) {
            if (!warned)
                warned = &candidate;
        } else if (isConsequenceClass(candidate.entry.failureClass)) {
            if (!consequence)
                consequence = &candidate;
        } else if (!cause) {
            cause = &candidate;
        }
    }
    if (cause && (!consequence || cause->entry.time <= consequence->entry.time + kCauseWindowS))
        return cause;
    if (consequence)
        return consequence;
    return cause ? cause : warned;
}

void findBehind(Diagnosis &diagnosis, const std::vector<ServerReport> &servers, double startedLocal)
{
    struct Seen {
        const ServerReport *server;
        const RankReport *rank;
        double silent;
    };
    std::vector<Seen> seen;
    for (const ServerReport &server : servers) {
        for (const RankReport &rank : server.ranks) {
            const double since = rank.logFound && rank.logTime > 0
                                     ? rank.logTime
                                     : startedLocal + server.clockOffsetMs / 1000.0;
            seen.push_back({&server, &rank, std::max(0.0, server.now - since)});
        }
    }
    std::optional<qint64> lowest;
    std::optional<qint64> highest;
    for (const Seen &s : seen) {
        if (const auto step = s.rank->scan.lastStep) {
            lowest = lowest ? std::min(*lowest, *step) : *step;
            highest = highest ? std::max(*highest, *step) : *step;
        }
    }
    double longest = 0;
    for (const Seen &s : seen)
        longest = std::max(longest, s.silent);
    for (const Seen &s : seen) {
        const auto step = s.rank->scan.lastStep;
        bool behind = false;
        if (lowest && highest && *lowest < *highest)
            behind = !step || *step == *lowest; // the lowest step, or none printed at all
        else
            behind = s.silent >= longest - 1.0; // no step tells: the longest silent
        if (!behind)
            continue;
        BehindRank rank;
        rank.server = s.server->name;
        rank.rank = s.rank->rank;
        rank.lastStep = step;
        rank.silentS = s.silent;
        rank.lastLine = step ? s.rank->scan.lastStepLine : s.rank->scan.lastLine;
        if (const auto stack = s.server->stacks.find(s.rank->rank); stack != s.server->stacks.end())
            rank.stack = stack->second;
        diagnosis.behind.push_back(rank);
    }
}

} // namespace

QString diagnosisStateName(DiagnosisState state)
{
    static constexpr auto names = nameTable<DiagnosisState>({
        {DiagnosisState::Running, "running"},
        {DiagnosisState::Finished, "finished"},
        {DiagnosisState::Failed, "failed"},
        {DiagnosisState::Hung, "hung"},
        {DiagnosisState::Stopped, "stopped"},
    });
    return names.name(state);
}

Diagnosis evaluateDiagnosis(const RunRecord &record, const std::vector<ServerReport> &servers,
                            int expectedRanks, int hangAfterS, ReportSource source)
{
    const bool folder = source == ReportSource::LogFolder;
    Diagnosis diagnosis;
    diagnosis.runId = record.runId;
    diagnosis.source = source;
    int exitedOk = 0;
    int exited = 0;
    int alive = 0;
    bool failedExit = false;
    bool unreached = false;
    for (const ServerReport &server : servers) {
        if (!server.reached) {
            unreached = true;
            diagnosis.notes
                << (folder ? u"%1: %2"_s : u"%1 not reached: %2"_s).arg(server.name, server.error);
            continue;
        }
        if (!folder)
            diagnosis.clockOffsetsMs[server.name] = server.clockOffsetMs;
        alive += server.alive;
        for (const RankReport &rank : server.ranks) {
            if (!rank.exitCode)
                continue;
            ++exited;
            exitedOk += *rank.exitCode == 0 ? 1 : 0;
            failedExit = failedExit || (*rank.exitCode != 0 && !stopSignalCode(*rank.exitCode));
        }
    }
    std::vector<Candidate> found = candidates(servers, false, source);
    if (found.empty() && record.state != RunState::Stopped)
        found = candidates(servers, true, source);
    for (const Candidate &candidate : found)
        diagnosis.timeline.push_back(candidate.entry);

    if (failedExit || (alive == 0 && (!unreached || folder) && !found.empty() &&
                       exitedOk < expectedRanks && record.state != RunState::Stopped)) {
        diagnosis.state = DiagnosisState::Failed;
    } else if (record.state == RunState::Stopped) {
        diagnosis.state = DiagnosisState::Stopped;
    } else if (alive == 0 && !unreached && exitedOk >= expectedRanks) {
        diagnosis.state = DiagnosisState::Finished;
    } else if (folder && exited == 0) {
        diagnosis.state = DiagnosisState::Running;
        diagnosis.notes << u"no rank recorded an exit code and none an error: the run was running "
                           u"(or hung) when its logs were copied; diagnose it on the servers to "
                           u"tell"_s;
    } else if (folder) {
        diagnosis.state = DiagnosisState::Failed;
        diagnosis.notes << u"only %1 of %2 ranks recorded an exit code in the folder (a rank "
                           u"killed together with its rank.sh, or still running when the logs "
                           u"were copied, records none)"_s.arg(QString::number(exited),
                                                               QString::number(expectedRanks));
    } else if (alive == 0 && !unreached) {
        diagnosis.state = DiagnosisState::Failed;
        diagnosis.notes << u"nothing of the run is alive, but only %1 of %2 ranks recorded an "
                           u"exit code"_s.arg(QString::number(exited),
                                              QString::number(expectedRanks));
    } else {
        diagnosis.state = DiagnosisState::Running;
        if (exited == 0 && hangAfterS > 0) {
            bool silent = true;
            int ranks = 0;
            const double started = double(record.startedAt.toMSecsSinceEpoch()) / 1000.0;
            for (const ServerReport &server : servers) {
                for (const RankReport &rank : server.ranks) {
                    ++ranks;
                    const double since = rank.logFound && rank.logTime > 0
                                             ? rank.logTime
                                             : started + server.clockOffsetMs / 1000.0;
                    silent = silent && server.now - since >= hangAfterS;
                }
            }
            if (silent && ranks > 0 && !unreached) {
                diagnosis.state = DiagnosisState::Hung;
                findBehind(diagnosis, servers, started);
            }
        }
    }

    if (diagnosis.state == DiagnosisState::Failed) {
        if (const Candidate *first = chooseFirst(found)) {
            FirstFailure failure;
            failure.server = first->entry.server;
            failure.rank = first->entry.rank;
            failure.time = first->entry.time;
            failure.failureClass = first->entry.failureClass;
            failure.line = first->entry.line;
            failure.code = first->code;
            failure.exitCode = first->rank->exitCode;
            diagnosis.first = failure;
            for (const QString &line : first->evidence)
                diagnosis.evidence << u"%1 rank %2 | %3"_s.arg(failure.server,
                                                               QString::number(failure.rank), line);
            if (!folder && first->entry.timeSource != u"line"_s)
                diagnosis.notes << u"error times without a time in the line are the last write "
                                   u"of the rank's log (or its exit)"_s;
        }
    }
    if (folder)
        diagnosis.notes << u"read from a folder of logs: clock offsets unknown, each server's "
                           u"times are its own clock's (a rank's exit record first, else the "
                           u"time written in its line, else its log file's time)"_s;
    for (const ServerReport &server : servers) {
        for (const QString &line : server.plog)
            diagnosis.evidence << u"%1 plog | %2"_s.arg(server.name, line);
    }
    return diagnosis;
}

bool looksHung(const std::vector<RankActivity> &ranks, qint64 startedMs, qint64 nowMs,
               int hangAfterS)
{
    if (ranks.empty() || hangAfterS <= 0)
        return false;
    const qint64 limit = nowMs - qint64(hangAfterS) * 1000;
    for (const RankActivity &rank : ranks) {
        if (rank.exited || (rank.lastLineMs > 0 ? rank.lastLineMs : startedMs) > limit)
            return false;
    }
    return true;
}

} // namespace cw
