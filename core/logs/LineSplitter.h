// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Cuts a byte stream (one log file read from some offset) into complete lines. The partial last
// line stays buffered until its newline arrives, so `nextOffset()` is always the byte after the
// last complete line handed out: a resumed read starts there and neither loses nor repeats a line.

#include <QByteArray>
#include <QByteArrayView>
#include <QString>

#include <functional>

namespace cw {

class LineSplitter {
public:
    // `line` has no '\n' and no trailing '\r'; bytes that are not UTF-8 decode to U+FFFD.
    // `offset` is the byte offset of the line's first byte in the file.
    using LineSink = std::function<void(const QString &line, qint64 offset)>;

    // A line longer than this many bytes is handed out in pieces of at most that size (each with
    // its exact offset): one runaway writer must not grow the buffer without bound.
    static constexpr qsizetype defaultMaxLineBytes = 64 * 1024;

    explicit LineSplitter(qint64 startOffset = 0, qsizetype maxLineBytes = defaultMaxLineBytes);

    // Feeds the next bytes of the file; calls `sink` once per complete line, in order.
    void feed(QByteArrayView bytes, const LineSink &sink);

    // Byte offset just after the last line handed out (where a resumed read must start).
    qint64 nextOffset() const { return m_lineStart; }
    // Byte offset just after the last byte fed (buffered partial line included).
    qint64 fedOffset() const { return m_lineStart + m_partial.size(); }
    qsizetype pendingBytes() const { return m_partial.size(); }

    // Forgets the partial line and starts over at `offset` (the file was truncated or replaced).
    void reset(qint64 offset);

private:
    void emitLine(QByteArrayView bytes, qint64 consumed, const LineSink &sink);

    QByteArray m_partial;
    qint64 m_lineStart = 0;
    qsizetype m_maxLineBytes;
};

} // namespace cw
