// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The client side of RemoteTailProgram's framing: takes stdout of the remote program in chunks of
// any size, checks every frame against what was read before (a chunk must start exactly where the
// file's last one ended) and turns the file bytes into lines with one LineSplitter per file.
// Pure (no I/O): the follower feeds it, unit tests feed it hostile input.

#include "logs/LineSplitter.h"

#include <QByteArray>
#include <QString>

#include <functional>
#include <vector>

namespace cw {

class LogFrameReader {
public:
    // `file` is the index into the starting offsets given to the constructor.
    using LineSink = std::function<void(int file, const QString &line, qint64 offset)>;
    // The body of a status frame ("S"), whole.
    using StatusSink = std::function<void(const QByteArray &status)>;

    explicit LogFrameReader(const std::vector<qint64> &startOffsets,
                            qsizetype maxLineBytes = LineSplitter::defaultMaxLineBytes);

    // Feeds the next bytes of the stream. Returns false on a frame that breaks the protocol (the
    // error says which); the reader must then be restart()ed before it is fed again.
    bool feed(QByteArrayView bytes, const LineSink &sink, const StatusSink &status = {});

    // A new stream (after a reconnect) resumes every file at its nextOffset(): the partial last
    // line of each file is dropped here and read again from the server.
    void restart();

    // A file more, read from `startOffset`; its index is the next one. Call it between two
    // streams (after restart(), before the next feed).
    void addFile(qint64 startOffset);

    qint64 nextOffset(int file) const; // byte after the last complete line handed out
    int fileCount() const { return int(m_files.size()); }
    bool ended() const { return m_ended; }         // "E" seen (drain finished)
    qint64 frames() const { return m_frames; }     // frames of any kind seen so far
    qint64 statuses() const { return m_statuses; } // status frames seen so far
    qint64 truncations() const { return m_truncations; }
    QString error() const { return m_error; }

private:
    bool header(const QByteArray &line);
    bool fail(const QString &message);

    std::vector<LineSplitter> m_files;
    qsizetype m_maxLineBytes;
    QByteArray m_header;   // a header line being collected
    int m_bodyFile = -1;   // file of the chunk being read, kStatusBody for a status, -1 between
    qint64 m_bodyLeft = 0; // bytes of that chunk still to come
    QByteArray m_status;   // the status body read so far
    qint64 m_statuses = 0;
    bool m_ended = false;
    qint64 m_frames = 0;
    qint64 m_truncations = 0;
    QString m_error;
};

} // namespace cw
