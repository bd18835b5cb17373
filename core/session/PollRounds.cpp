// SPDX-License-Identifier: GPL-3.0-or-later
#include "session/PollRounds.h"

using namespace Qt::StringLiterals;

namespace cw {

PollRounds::PollRounds(int servers, qint64 nowMs, qint64 minGapMs, qint64 silentMs)
    : m_servers(size_t(qMax(0, servers))), m_minGapMs(minGapMs), m_silentMs(silentMs)
{
    for (Server &server : m_servers)
        server.since = nowMs;
}

void PollRounds::report(int server, ServerPoll poll, qint64 nowMs)
{
    Server &entry = m_servers.at(size_t(server));
    entry.fresh = std::move(poll);
    entry.down = false;
    entry.since = nowMs;
}

void PollRounds::linkUp(int server, qint64 nowMs)
{
    Server &entry = m_servers.at(size_t(server));
    entry.down = false;
    entry.since = nowMs;
}

void PollRounds::linkDown(int server, const QString &why, qint64 nowMs)
{
    Server &entry = m_servers.at(size_t(server));
    entry.down = true;
    entry.why = why;
    entry.since = nowMs;
}

std::optional<std::vector<ServerPoll>> PollRounds::take(qint64 nowMs)
{
    if (m_rounds > 0 && nowMs - m_lastRound < m_minGapMs)
        return std::nullopt;
    std::vector<ServerPoll> round;
    for (const Server &server : m_servers) {
        if (server.fresh) {
            round.push_back(*server.fresh);
        } else if (server.down) {
            round.push_back(unreachedPoll(server.why));
        } else if (nowMs - server.since >= m_silentMs) {
            round.push_back(
                unreachedPoll(u"no status for %1 s"_s.arg(QString::number(m_silentMs / 1000))));
        } else {
            return std::nullopt; // still waiting for this one
        }
    }
    for (Server &server : m_servers)
        server.fresh.reset();
    m_lastRound = nowMs;
    ++m_rounds;
    return round;
}

} // namespace cw
