// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The attempts of a restarting run (launch.restart) and the state its supervisor writes on its
// server (supervisor.json, written by supervise.py, read back through the run's poll). Both are
// read from files a server or a user could have changed: every value is type-checked, sizes are
// bounded (at most kMaxAttemptsKept attempts, servers and lines per attempt, text lengths), and
// nothing throws. The record keeps the attempts in the same JSON form (RunRecord.h).
#include <QByteArrayView>
#include <QDateTime>
#include <QString>
#include <QStringList>

#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <vector>

namespace cw {

inline constexpr int kMaxAttemptsKept = 128; // max_restarts is at most 100
inline constexpr qsizetype kMaxSupervisorStateBytes = 1024 * 1024;

// A server an attempt runs without: why, and since when.
struct RunLeftOut {
    QString server;
    QString reason; // "unreachable: ...", "unhealthy: accelerator: ..."
    QDateTime since;
    bool operator==(const RunLeftOut &) const = default;
};

struct RunAttempt {
    int number = 0;                  // 1, 2, ...: the folder attempt-N on every server
    QStringList servers;             // in launch order; the first is the attempt's master
    std::vector<RunLeftOut> leftOut; // left out of this attempt (and every later one)
    QDateTime startedAt;
    QDateTime endedAt;
    QString state;   // running, finished, failed, not-started, stopped
    QString message; // what ended it, one line
    std::optional<QString> failedServer;
    int failedRank = -1; // the attempt's global rank that failed first, -1 when none
    int exitCode = -1;
    QStringList lastLines; // that rank's last lines
    bool operator==(const RunAttempt &) const = default;
};

// What the supervisor says about the run.
struct SupervisorState {
    QString phase; // starting, running, health, backoff, finished, failed, stopped
    int attempt = 0;
    int maxAttempts = 0;     // max_restarts + 1
    QDateTime nextAttemptAt; // during a backoff
    QDateTime updatedAt;
    QString message;
    std::vector<RunAttempt> attempts;
    bool isFinal() const
    {
        return phase == u"finished" || phase == u"failed" || phase == u"stopped";
    }
};

nlohmann::ordered_json attemptsToJson(const std::vector<RunAttempt> &attempts);
// Appends "PATH: ..." to `problems` for every member that is off; bounded as said above.
std::vector<RunAttempt> attemptsFromJson(const nlohmann::ordered_json &array, const QString &path,
                                         QStringList &problems);

// supervisor.json's bytes; nullopt with `error` set when they are not a supervisor state.
std::optional<SupervisorState> parseSupervisorState(QByteArrayView bytes, QString *error);

// "server2 left out: unreachable since 12:03:05; ...": each server's kind of reason (the words
// before its detail) and the local time it was lost; empty when none is left out.
QString leftOutText(const std::vector<RunLeftOut> &leftOut);
// "attempt 2 of 4, 2 servers (server2 left out: unreachable since 12:03:05)"; the newest attempt.
QString attemptSummary(const std::vector<RunAttempt> &attempts, int maxAttempts);

} // namespace cw
