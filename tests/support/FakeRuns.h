// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A recorded run on the servers of a FakeFleet project and what its poll command prints there,
// for the unit tests of status, gang stop, stop and the run session.

#include "launch/RemoteCommands.h"
#include "launch/RunRecord.h"
#include "model/Project.h"

#include <QDateTime>
#include <QList>

namespace cwtest {

// A running run `runId` of `project`, its record saved beside `projectPath` when it changes.
inline cw::RunRecord fakeRunRecord(const cw::Project &project, const QString &projectPath,
                                   const QString &runId)
{
    cw::RunRecord record;
    record.runId = runId;
    record.projectPath = projectPath;
    record.mode = project.launch.mode;
    record.master = project.servers[size_t(project.masterIndex())].name;
    record.startedAt = QDateTime::currentDateTimeUtc();
    record.state = cw::RunState::Running;
    for (size_t i = 0; i < project.servers.size(); ++i) {
        const cw::Server &server = project.servers[i];
        record.servers.push_back(
            cw::RunServer{server.name, cw::remoteRunDir(project, runId, server), true,
                          project.rankOffset(int(i)), int(server.devices.size())});
    }
    return record;
}

// pollCommand's output: "started N", "alive N" and one "exit RANK CODE TIME LOGTIME" per
// {rank, code, exit time, time of the log's last write}.
inline QByteArray fakePollAnswer(int started, int alive, const QList<QList<double>> &exits = {})
{
    QByteArray out = "pgid 4242\n";
    for (const QList<double> &exit : exits)
        out += "exit " + QByteArray::number(int(exit[0])) + ' ' + QByteArray::number(int(exit[1])) +
               ' ' + QByteArray::number(exit[2], 'f', 3) + ' ' +
               QByteArray::number(exit[3], 'f', 3) + '\n';
    return out + "started " + QByteArray::number(started) + "\nalive " + QByteArray::number(alive) +
           '\n';
}

} // namespace cwtest
