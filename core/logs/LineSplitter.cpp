// SPDX-License-Identifier: GPL-3.0-or-later
// Splits at '\n' with memchr-speed QByteArrayView::indexOf; only a partial last line is copied
// into the carry buffer, complete lines are decoded straight from the caller's chunk.
#include "logs/LineSplitter.h"

#include <QtGlobal>

#include <utility>

namespace cw {

LineSplitter::LineSplitter(qint64 startOffset, qsizetype maxLineBytes)
    : m_lineStart(startOffset), m_maxLineBytes(qMax<qsizetype>(1, maxLineBytes))
{
}

void LineSplitter::reset(qint64 offset)
{
    m_partial.clear();
    m_lineStart = offset;
}

// `consumed`: how many file bytes this line took (its content plus the '\n', if any).
void LineSplitter::emitLine(QByteArrayView bytes, qint64 consumed, const LineSink &sink)
{
    if (bytes.endsWith('\r') && consumed > bytes.size()) // "\r\n" endings; a lone cut keeps it
        bytes.chop(1);
    const qint64 start = m_lineStart;
    m_lineStart += consumed;
    sink(QString::fromUtf8(bytes), start); // lossy: invalid sequences become U+FFFD
}

void LineSplitter::feed(QByteArrayView bytes, const LineSink &sink)
{
    while (!bytes.isEmpty()) {
        const qsizetype room = m_maxLineBytes - m_partial.size();
        const qsizetype newline = bytes.first(qMin(room + 1, bytes.size())).indexOf('\n');
        if (newline >= 0 && newline <= room) {
            // A complete line: decode from the chunk directly when nothing is carried over.
            if (m_partial.isEmpty()) {
                emitLine(bytes.first(newline), newline + 1, sink);
            } else {
                m_partial.append(bytes.first(newline));
                const QByteArray line = std::exchange(m_partial, {});
                emitLine(line, line.size() + 1, sink);
            }
            bytes = bytes.sliced(newline + 1);
            continue;
        }
        if (bytes.size() <= room) { // no newline yet and still room: keep it for the next chunk
            m_partial.append(bytes);
            return;
        }
        // The line reaches the cap: hand out a piece of exactly m_maxLineBytes bytes.
        m_partial.append(bytes.first(room));
        bytes = bytes.sliced(room);
        const QByteArray piece = std::exchange(m_partial, {});
        emitLine(piece, piece.size(), sink);
    }
}

} // namespace cw
