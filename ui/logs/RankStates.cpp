// SPDX-License-Identifier: GPL-3.0-or-later
#include "RankStates.h"

#include <QDateTime>

using namespace Qt::StringLiterals;

namespace cw {

bool RankStates::setProject(const Project &project)
{
    std::vector<ServerRow> servers;
    for (size_t s = 0; s < project.servers.size(); ++s)
        servers.push_back({project.servers[s].name, project.rankOffset(int(s)),
                           int(project.servers[s].devices.size())});
    if (servers == m_servers)
        return false; // the same ranks: what the last run showed stays
    m_cells.clear();
    m_servers = std::move(servers);
    m_widest = 0;
    for (size_t s = 0; s < project.servers.size(); ++s) {
        const Server &server = project.servers[s];
        const int first = m_servers[s].firstRank;
        const int count = m_servers[s].count;
        m_widest = std::max(m_widest, count);
        for (int k = 0; k < count; ++k) {
            Cell cell;
            cell.rank = first + k;
            cell.server = int(s);
            cell.slot = k;
            cell.device = server.devices[size_t(k)];
            if (size_t(cell.rank) >= m_cells.size())
                m_cells.resize(size_t(cell.rank) + 1);
            m_cells[size_t(cell.rank)] = cell;
        }
    }
    return true;
}

void RankStates::clearRun()
{
    for (Cell &cell : m_cells) {
        cell.lastLine.clear();
        cell.lastMs = 0;
        cell.exitCode = -1;
    }
}

bool RankStates::absorb(const std::vector<LogRecord> &records)
{
    bool moved = false;
    for (const LogRecord &record : records) {
        if (record.rank < 0 || size_t(record.rank) >= m_cells.size() || record.attempt < m_attempt)
            continue;
        Cell &cell = m_cells[size_t(record.rank)];
        cell.lastLine = record.line;
        cell.lastMs = record.timeMs;
        moved = true;
    }
    return moved;
}

bool RankStates::applyPoll(const RunSnapshot &snapshot)
{
    bool moved = false;
    for (const ServerPoll &poll : snapshot.servers) {
        for (const RankExit &exit : poll.exits) {
            if (exit.rank < 0 || size_t(exit.rank) >= m_cells.size())
                continue;
            int &code = m_cells[size_t(exit.rank)].exitCode;
            moved = moved || code != exit.code;
            code = exit.code;
        }
    }
    if (snapshot.failure && snapshot.failure->rank >= 0 &&
        size_t(snapshot.failure->rank) < m_cells.size()) {
        int &code = m_cells[size_t(snapshot.failure->rank)].exitCode;
        if (code < 0 && snapshot.failure->exitCode != 0) {
            code = snapshot.failure->exitCode;
            moved = true;
        }
    }
    return moved;
}

bool RankStates::applyRecord(const RunRecord &record)
{
    bool moved = false;
    if (record.state == RunState::Finished) {
        for (Cell &cell : m_cells) {
            moved = moved || cell.exitCode != 0;
            cell.exitCode = 0;
        }
    }
    if (record.failure && record.failure->rank >= 0 &&
        size_t(record.failure->rank) < m_cells.size()) {
        int &code = m_cells[size_t(record.failure->rank)].exitCode;
        if (code <= 0 && record.failure->exitCode != 0) {
            code = record.failure->exitCode;
            moved = true;
        }
    }
    return moved;
}

RankStates::State RankStates::state(int rank, qint64 nowMs) const
{
    const Cell *c = cell(rank);
    if (!c)
        return Waiting;
    if (c->exitCode > 0)
        return Failed;
    if (c->exitCode == 0)
        return Finished;
    if (c->lastMs == 0)
        return Waiting;
    return nowMs - c->lastMs > m_staleMs ? Stale : Running;
}

QString RankStates::stateName(State state)
{
    switch (state) {
    case Failed:
        return tr("failed");
    case Stale:
        return tr("no output");
    case Running:
        return tr("running");
    case Waiting:
        return tr("no line yet");
    case Finished:
        return tr("finished");
    }
    return {};
}

QString RankStates::toolTip(int rank, qint64 nowMs) const
{
    const Cell *c = cell(rank);
    if (!c)
        return {};
    const State s = state(rank, nowMs);
    QString text = tr("rank %1 on %2, device %3: %4")
                       .arg(c->rank)
                       .arg(serverName(c->server))
                       .arg(c->device)
                       .arg(stateName(s));
    if (s == Failed)
        text += tr(" (exit code %1)").arg(c->exitCode);
    if (c->lastMs > 0)
        text +=
            u'\n' +
            tr("last line %1 s ago: %2").arg((nowMs - c->lastMs) / 1000).arg(c->lastLine.left(200));
    return text;
}

const RankStates::Cell *RankStates::cell(int rank) const
{
    return rank >= 0 && size_t(rank) < m_cells.size() && m_cells[size_t(rank)].rank == rank
               ? &m_cells[size_t(rank)]
               : nullptr;
}

const RankStates::Cell *RankStates::cellAt(int server, int slot) const
{
    if (server < 0 || size_t(server) >= m_servers.size() || slot < 0 ||
        slot >= m_servers[size_t(server)].count)
        return nullptr;
    return cell(m_servers[size_t(server)].firstRank + slot);
}

QString RankStates::serverName(int server) const
{
    return server >= 0 && size_t(server) < m_servers.size() ? m_servers[size_t(server)].name
                                                            : QString();
}

} // namespace cw
