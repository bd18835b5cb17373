// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Why a run failed or where it is stuck (`clusterwiz-cli diagnose`, "Why?" in the run panel),
// from what each server says of it (collected by DiagnoseRun.h) and evaluated here (pure):
// - failed: every rank's first error on one timeline, each server's time corrected by its clock
//   offset, and the first failure named with its class and evidence. Causes (an import error, a
//   kill, a device error, a user exception) come before consequences (a collective timeout, a
//   lost connection: what the others see of a dead rank) unless the consequence came more than
//   kCauseWindowS earlier. Ranks ended by a stop (an exit code of a stop signal) whose log holds
//   no cause of their own (nothing, warnings only, a consequence, what the signal left) are
//   victims; a server's launch.log says which of its ranks train.sh or the torch launcher saw
//   fail by themselves (LaunchLogScan.h): those are never victims of that server's stop;
// - hung: no rank exited and every rank has been silent for `hangAfterS`: the ranks behind (the
//   lowest last step, or the longest silent when no step is printed), with their stacks where
//   py-spy is installed.
//
// JSON (stable; docs/doctor.md):
//   {"run", "state": "failed|hung|running|finished|stopped",
//    "first": {"server", "rank", "time", "class", "line", "code", "exit_code"} | null,
//    "behind": [{"server", "rank", "last_step", "silent_s", "last_line", "stack"}],
//    "clock_offsets_ms": {"server": ms}, "evidence": [...], "timeline": [...], "notes": [...],
//    "archive": path}

#include "diagnose/LaunchLogScan.h"
#include "diagnose/RankLogScan.h"
#include "launch/RunRecord.h"

#include <QString>
#include <QStringList>

#include <map>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <vector>

namespace cw {

inline constexpr int kDefaultHangAfterS = 120;
inline constexpr double kCauseWindowS = 30;

// One rank as its server reported it.
struct RankReport {
    int rank = -1;
    bool logFound = false;
    qint64 logSize = 0;
    double logTime = 0; // the log's last write, server clock (epoch seconds)
    std::optional<int> exitCode;
    double exitTime = 0; // server clock
    RankLogScan scan;
    QByteArray tail; // the end of its log, as fetched (for the archive)
};

// One server as it answered (or did not).
struct ServerReport {
    QString name;
    bool reached = false;
    QString error;
    double clockOffsetMs = 0; // server clock minus this machine's
    double now = 0;           // the server's clock when it answered
    int utcOffsetS = 0;       // the server's time zone, for times written in lines
    int alive = 0;            // processes of the run there
    bool pySpy = false;       // py-spy is installed there
    std::vector<RankReport> ranks;
    std::map<int, QString> stacks; // rank -> py-spy dump
    QStringList plog;              // plog lines of the failure window
    LaunchLogScan launch;          // what its launch.log says of its own stop
    QByteArray launchTail;         // the end of its launch.log, as fetched (for the archive)
};

// Where the reports come from: the servers over SSH (their processes counted, their clocks
// measured), or a folder of one run's logs (nothing known alive; clocks unknown, so a rank's
// time is its rank.exit record's when it has one: true epoch seconds, not a zone-less text).
enum class ReportSource { Servers, LogFolder };

enum class DiagnosisState { Running, Finished, Failed, Hung, Stopped };
QString diagnosisStateName(DiagnosisState state); // "running", "finished", ...

struct FirstFailure {
    QString server;
    int rank = -1;
    double time = 0; // this machine's clock (epoch seconds)
    FailureClass failureClass = FailureClass::UserException;
    QString line;
    QString code;
    std::optional<int> exitCode;
};

struct BehindRank {
    QString server;
    int rank = -1;
    std::optional<qint64> lastStep;
    double silentS = 0;
    QString lastLine;
    QString stack; // py-spy's dump, when taken
};

// One rank's first error on the common timeline.
struct TimelineEntry {
    double time = 0; // this machine's clock
    QString server;
    int rank = -1;
    FailureClass failureClass = FailureClass::UserException;
    QString line;
    QString timeSource; // "line" (written in it), "log" (the log's last write) or "exit"
};

struct Diagnosis {
    QString runId;
    DiagnosisState state = DiagnosisState::Running;
    std::optional<FirstFailure> first;
    std::vector<BehindRank> behind;
    std::map<QString, double> clockOffsetsMs;
    QStringList evidence;
    std::vector<TimelineEntry> timeline;
    QStringList notes;
    QString archive; // where everything was saved, when it was
    ReportSource source = ReportSource::Servers;
};

// `record`: the run as recorded (its state says stopped); `servers`: what each said, in project
// order; `hangAfterS`: how long every rank must have been silent for a hang. From a LogFolder
// nothing is alive, no clock offset is known and a run neither failed nor over is "running"
// (the logs were copied while it ran, or hung: the servers can tell).
Diagnosis evaluateDiagnosis(const RunRecord &record, const std::vector<ServerReport> &servers,
                            int expectedRanks, int hangAfterS,
                            ReportSource source = ReportSource::Servers);

// The hang rule on what a run panel sees live: no rank exited and every rank has been silent
// for `hangAfterS` (a rank that printed nothing yet counts from the run's start). Times in ms of
// one clock (the client's).
struct RankActivity {
    bool exited = false;
    qint64 lastLineMs = 0; // 0: no line yet
};
bool looksHung(const std::vector<RankActivity> &ranks, qint64 startedMs, qint64 nowMs,
               int hangAfterS);

nlohmann::ordered_json diagnosisToJson(const Diagnosis &diagnosis);
QString diagnosisText(const Diagnosis &diagnosis);

} // namespace cw
