// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "launch/RunStatus.h"
#include "logs/LogRecord.h"
#include "model/Project.h"

#include <QCoreApplication>

#include <vector>

namespace cw {

// What the run panel knows of every rank of a run, for the rank overview: its server and device
// slot (from the project's rank numbering), its last line and when it came (from the LogStore's
// lines), its exit code (from the run session's status rounds). One cell per rank: a run of
// 128 x 8 holds 1,024 cells and nothing grows with the lines.
class RankStates {
    Q_DECLARE_TR_FUNCTIONS(RankStates)

public:
    // Failed sorts first, then stale, so "failed first" is a plain sort by this order.
    enum State { Failed, Stale, Running, Waiting, Finished };

    struct Cell {
        int rank = -1;
        int server = -1; // project index
        int slot = -1;   // position in that server's devices
        int device = -1; // the device id
        QString lastLine;
        qint64 lastMs = 0; // when the last line came (client time); 0: none yet
        int exitCode = -1; // -1: still running, or not known
    };

    // Every cell starts waiting; false (and nothing changes) when the servers and their rank
    // numbering are those shown already.
    bool setProject(const Project &project);
    void clearRun(); // lines and exit codes go; the layout stays

    // Lines as the session stored them; returns whether any cell moved.
    bool absorb(const std::vector<LogRecord> &records);
    // A restarting run's newest attempt: lines of earlier attempts no longer count.
    void setAttempt(int attempt) { m_attempt = attempt; }
    bool applyPoll(const RunSnapshot &snapshot); // exit codes per server
    bool applyRecord(const RunRecord &record);   // a final record: failure, or all finished

    State state(int rank, qint64 nowMs) const;
    static QString stateName(State state);
    QString toolTip(int rank, qint64 nowMs) const;

    int rankCount() const { return int(m_cells.size()); }
    int serverCount() const { return int(m_servers.size()); }
    int widestServer() const { return m_widest; }
    const Cell *cell(int rank) const;
    const Cell *cellAt(int server, int slot) const;
    QString serverName(int server) const;
    void setStaleSeconds(int seconds) { m_staleMs = qint64(seconds) * 1000; }
    int staleSeconds() const { return int(m_staleMs / 1000); }

private:
    struct ServerRow {
        QString name;
        int firstRank = 0;
        int count = 0;
        bool operator==(const ServerRow &) const = default;
    };
    std::vector<Cell> m_cells; // index = global rank
    std::vector<ServerRow> m_servers;
    int m_widest = 0;
    int m_attempt = 0;
    qint64 m_staleMs = 60000;
};

} // namespace cw
