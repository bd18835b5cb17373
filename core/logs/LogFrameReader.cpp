// SPDX-License-Identifier: GPL-3.0-or-later
#include "logs/LogFrameReader.h"

#include <QList>

#include <utility>

using namespace Qt::StringLiterals;

namespace cw {

namespace {
constexpr qsizetype maxHeader = 80; // "D <index> <offset> <length>" is far shorter
constexpr qint64 maxChunk = 64 * 1024 * 1024;
constexpr qint64 maxStatus = 1024 * 1024; // a poll prints a few lines per rank
constexpr int kStatusBody = -2;
} // namespace

LogFrameReader::LogFrameReader(const std::vector<qint64> &startOffsets, qsizetype maxLineBytes)
    : m_maxLineBytes(maxLineBytes)
{
    m_files.reserve(startOffsets.size());
    for (qint64 offset : startOffsets)
        m_files.emplace_back(offset, maxLineBytes);
}

void LogFrameReader::addFile(qint64 startOffset)
{
    m_files.emplace_back(startOffset, m_maxLineBytes);
}

void LogFrameReader::restart()
{
    for (LineSplitter &file : m_files)
        file.reset(file.nextOffset());
    m_header.clear();
    m_bodyFile = -1;
    m_bodyLeft = 0;
    m_status.clear();
    m_ended = false;
    m_error.clear();
}

qint64 LogFrameReader::nextOffset(int file) const
{
    return m_files.at(size_t(file)).nextOffset();
}

bool LogFrameReader::fail(const QString &message)
{
    m_error = u"log stream: "_s + message;
    return false;
}

bool LogFrameReader::feed(QByteArrayView bytes, const LineSink &sink, const StatusSink &status)
{
    if (!m_error.isEmpty())
        return false;
    while (!bytes.isEmpty() || m_bodyFile == kStatusBody) {
        if (m_bodyFile == kStatusBody) { // a status is handed out whole
            const qsizetype n = qsizetype(qMin<qint64>(m_bodyLeft, bytes.size()));
            m_status.append(bytes.first(n));
            bytes = bytes.sliced(n);
            m_bodyLeft -= n;
            if (m_bodyLeft > 0)
                return true;
            m_bodyFile = -1;
            ++m_statuses;
            if (status)
                status(std::exchange(m_status, {}));
            m_status.clear();
            continue;
        }
        if (m_bodyFile >= 0) { // file bytes go straight to that file's splitter
            const qsizetype n = qsizetype(qMin<qint64>(m_bodyLeft, bytes.size()));
            const int file = m_bodyFile;
            m_files[size_t(file)].feed(bytes.first(n), [&](const QString &line, qint64 offset) {
                sink(file, line, offset);
            });
            bytes = bytes.sliced(n);
            m_bodyLeft -= n;
            if (m_bodyLeft == 0)
                m_bodyFile = -1;
            continue;
        }
        if (m_ended)
            return fail(u"data after the end mark"_s);
        const qsizetype newline = bytes.indexOf('\n');
        const qsizetype take = newline >= 0 ? newline : bytes.size();
        if (m_header.size() + take > maxHeader)
            return fail(u"a frame header longer than %1 bytes"_s.arg(maxHeader));
        m_header.append(bytes.first(take));
        bytes = bytes.sliced(newline >= 0 ? newline + 1 : take);
        if (newline < 0)
            return true;
        const QByteArray line = std::exchange(m_header, {});
        if (!header(line))
            return false;
    }
    return true;
}

bool LogFrameReader::header(const QByteArray &line)
{
    ++m_frames;
    const QList<QByteArray> words = line.split(' ');
    const QByteArray kind = words.value(0);
    if (kind == "H" && words.size() == 1)
        return true;
    if (kind == "E" && words.size() == 1) {
        m_ended = true;
        return true;
    }
    auto number = [&](int i, qint64 *value) {
        bool ok = false;
        *value = words.value(i).toLongLong(&ok);
        return ok && *value >= 0 && !words.value(i).startsWith('+');
    };
    qint64 file = -1, a = -1, b = -1;
    if (kind == "D" && words.size() == 4 && number(1, &file) && number(2, &a) && number(3, &b)) {
        if (file >= qint64(m_files.size()))
            return fail(u"a chunk of file %1, which was not asked for"_s.arg(file));
        LineSplitter &splitter = m_files[size_t(file)];
        if (a != splitter.fedOffset())
            return fail(u"a chunk of file %1 at byte %2, expected %3"_s.arg(file).arg(a).arg(
                splitter.fedOffset()));
        if (b <= 0 || b > maxChunk)
            return fail(u"a chunk of %1 bytes"_s.arg(b));
        m_bodyFile = int(file);
        m_bodyLeft = b;
        return true;
    }
    if (kind == "S" && words.size() == 2 && number(1, &b)) {
        if (b > maxStatus)
            return fail(u"a status of %1 bytes"_s.arg(b));
        m_bodyFile = kStatusBody; // an empty status is complete at once (feed() sees to it)
        m_bodyLeft = b;
        return true;
    }
    if (kind == "T" && words.size() == 3 && number(1, &file) && number(2, &a)) {
        if (file >= qint64(m_files.size()))
            return fail(u"a restart of file %1, which was not asked for"_s.arg(file));
        m_files[size_t(file)].reset(0); // truncated or replaced: its lines start over
        ++m_truncations;
        return true;
    }
    return fail(u"unrecognised frame header \"%1\""_s.arg(QString::fromUtf8(line.left(40))));
}

} // namespace cw
