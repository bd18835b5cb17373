// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The remote side of a log follow: one small Python program per SSH connection that reads every
// rank file of that server from its offset and writes framed chunks to stdout:
//
//   "D <file index> <offset> <length>\n" followed by exactly <length> raw bytes of that file
//   "T <file index> <size>\n"   the file is now shorter than what was read (truncated or
//                               replaced by a new file): reading starts over at byte 0
//   "H\n"                       heartbeat, once a second while no file grows (a silent link is
//                               dead; a closed channel makes the next write fail and ends it)
//   "E\n"                       every file was read to its end (drain mode only), then it exits
//   "S <length>\n" + bytes      what the status command printed (follow mode, when asked for):
//                               the server's run state, every interval, so that watching a run
//                               needs no command of its own on the connection
//
// Log contents cannot fake a frame: headers are only read where a frame starts, and a chunk is
// skipped by its byte count. One process with one writer per connection, so frames of different
// files never interleave (several `tail -F` writing into one pipe would split big writes).
// It behaves like `tail -c +N -F` for each file: a missing file is opened once it appears, a
// replaced one (new inode) is reopened. Python is always on a PyTorch server; the interpreter is
// a parameter (the project's launch.python).

#include <QList>
#include <QString>

namespace cw {

struct LogSource {
    int rank = -1;
    QString path;      // remote path; absolute, or relative to the login folder
    qint64 offset = 0; // byte to start at (resume: the byte after the last complete line)
    int attempt = 0;   // the attempt of a restarting run it belongs to (0: not one)
};

enum class TailMode { Follow, Drain };

// A shell command the program runs every `intervalMs` while following (none when 0), its output
// sent as an "S" frame: the run's poll command (launch/RemoteCommands.h).
struct TailStatus {
    QString command;
    int intervalMs = 0;
};

// The whole remote command line; every value is shell-quoted.
QString remoteTailCommand(const QString &python, const QList<LogSource> &sources, TailMode mode,
                          const TailStatus &status = {});

} // namespace cw
