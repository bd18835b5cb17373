// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// One line of one rank's log as the client received it.

#include <QString>

namespace cw {

struct LogRecord {
    QString server;    // the server's name in the project
    int rank = -1;     // global rank
    QString line;      // without its newline (and without a trailing '\r')
    qint64 timeMs = 0; // client receive time, ms since the epoch
    qint64 offset = 0; // byte offset of the line's start in its file on the server
    // A restarting run: the attempt the line belongs to (0: not one). A record with rank -1 and
    // an attempt marks where that attempt begins (its line says which servers it runs on).
    int attempt = 0;
    bool isAttemptMark() const { return rank < 0 && attempt > 0; }
};

} // namespace cw
