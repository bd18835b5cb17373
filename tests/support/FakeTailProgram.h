// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The remote tail program of a run session (core/logs/RemoteTailProgram.h) played on one fake
// server: the test writes the rank logs and sets what the run's poll command prints; every
// stream the product opens gets the frames the real program would send from there: "D" chunks
// of what each log gained since the offset the product asked for, an "S" status frame every
// interval after the lines written before it, "E" at the end of a drain.
//
// It checks what it is asked: a tail command must be exactly remoteTailCommand() for this
// server's logs with the run's poll command and interval (the drain without them), and resume
// each log at the start of a line that was sent. Anything else is refused (exit 2) and listed by
// problems(), so a wrong offset or status command fails the test that sent it.
//
//   FakeTailProgram tail(fleet->server(u"server0"_s), project, record, 0, kIntervalMs);
//   tail.setStatus(fakePollAnswer(2, 2));
//   tail.write(0, "step 1 loss = 0.5\n");

#include "FakeRemote.h"

#include "launch/RunRecord.h"
#include "logs/RemoteTailProgram.h"
#include "model/Project.h"

#include <QStringList>

#include <mutex>
#include <vector>

namespace cwtest {

class FakeTailProgram {
public:
    // Serves the tail commands of server `serverIndex` of `project` following every rank log of
    // `record` there; the poll command runs every `intervalMs`. Must outlive the product's use.
    FakeTailProgram(FakeServer &server, const cw::Project &project, const cw::RunRecord &record,
                    int serverIndex, int intervalMs);

    QList<int> ranks() const; // the global ranks of this server, in file order
    // The rank appends `bytes` to its log.
    void write(int rank, const QByteArray &bytes);
    // The same, then the live stream sends part of it, up to the middle of its last line, and
    // the connection is lost.
    void writeAndDrop(int rank, const QByteArray &bytes);
    // What the poll command prints from now on.
    void setStatus(const QByteArray &pollOutput);

    QByteArray log(int rank) const;
    int statusFrames() const;
    QStringList problems() const; // tail commands refused, and why

private:
    FakeAnswer serve(FakeCall &call);
    FakeAnswer follow(FakeCall &call, std::vector<qint64> sent);
    std::vector<qint64> offsetsIn(const QString &command) const;
    QList<cw::LogSource> at(const std::vector<qint64> &offsets) const;
    void refuse(const QString &why);

    const QString m_python;
    const cw::TailStatus m_status;
    QList<cw::LogSource> m_sources;

    mutable std::mutex m_mutex;     // guards everything below
    std::vector<QByteArray> m_logs; // per file
    QByteArray m_pollOutput;
    int m_dropFile = -1; // the file whose new bytes end in a lost connection
    int m_statusFrames = 0;
    QStringList m_problems;
};

} // namespace cwtest
