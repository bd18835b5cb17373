// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The status reports of a run's servers (one per interval from each server's log stream) put
// together into rounds, each like one poll of every server at once: a round is ready when every
// server has reported since the last round or is known to be unreachable (its connection is
// down, or it has said nothing for `silentMs`), and at most one round per `minGapMs`. Taking the
// newest report of each server without waiting for the slow ones could pair a server's report
// from before its ranks started with another's from after the job ended, and read "ended without
// exit codes" into it; rounds cannot. Pure: the session feeds it, unit tests feed it times.

#include "launch/RunStatus.h"

#include <optional>
#include <vector>

namespace cw {

class PollRounds {
public:
    PollRounds(int servers, qint64 nowMs, qint64 minGapMs = 250, qint64 silentMs = 15000);

    void report(int server, ServerPoll poll, qint64 nowMs);
    void linkUp(int server, qint64 nowMs);
    void linkDown(int server, const QString &why, qint64 nowMs);

    // The next round (in project order) when it is ready at `nowMs`.
    std::optional<std::vector<ServerPoll>> take(qint64 nowMs);
    qint64 rounds() const { return m_rounds; }

private:
    struct Server {
        std::optional<ServerPoll> fresh; // reported since the last round
        bool down = false;
        QString why;      // why it is down
        qint64 since = 0; // its last report or connection change
    };
    std::vector<Server> m_servers;
    const qint64 m_minGapMs;
    const qint64 m_silentMs;
    qint64 m_lastRound = 0;
    qint64 m_rounds = 0;
};

} // namespace cw
