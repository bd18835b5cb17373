// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A bounded ring of log records (one rank, or any stream) that hands records out by id: every
// append gets the next id (1, 2, 3, ...), the oldest records are dropped when the ring holds more
// than `maxLines` records or more than `maxBytes` bytes of line text, and a reader asks for what
// came after the last id it saw. Readers that fall behind see a gap (ids jump) and `dropped()`.
//
// Holding (setHolding): for a reader that must see every line (a terminal), the oldest record is
// dropped only once that reader marked it read (markRead), and append() waits for that instead,
// so a slow reader makes the writers (the log followers) wait and memory stays bounded. Off by
// default: the GUI reads the newest lines and the oldest go.
//
// Thread-safe: the log followers append from their threads while the GUI or the CLI reads. The
// lock and the conditions are the standard library's, not Qt's: ThreadSanitizer sees them whole
// (Debian's Qt is not built with it, and a QWaitCondition releasing a QMutex inside libQt6Core
// reads to it as the mutex being locked twice).

#include "logs/LogRecord.h"

#include <condition_variable>
#include <deque>
#include <mutex>
#include <optional>
#include <vector>

namespace cw {

class LogRing {
public:
    explicit LogRing(qsizetype maxLines = 100'000, qint64 maxBytes = 32 * 1024 * 1024);

    // Stores `record` and returns its id (> 0). A single record larger than maxBytes is kept
    // alone: the ring never refuses the newest line. While holding, it first waits until the
    // oldest record was read when the ring is full.
    qint64 append(LogRecord record);

    void setHolding(bool hold); // turning it off lets waiting writers go on (the reader left)
    void markRead(qint64 id);   // every record up to `id` was read
    // Waits up to `ms` for a record with an id > `afterId`; true when there is one.
    bool waitForRecords(qint64 afterId, int ms) const;
    // Drops every record (ids go on from lastId()); no reader may be behind.
    void clear();

    // Up to `max` records with ids > `afterId`, oldest first; `firstIdOut` receives the id of the
    // first returned record (ids are consecutive from there). `afterId` 0 starts at the oldest.
    std::vector<LogRecord> since(qint64 afterId, qsizetype max, qint64 *firstIdOut = nullptr) const;
    std::optional<LogRecord> at(qint64 id) const; // nullopt once dropped (or not yet appended)

    qint64 firstId() const; // id of the oldest record held; lastId() + 1 when empty
    qint64 lastId() const;  // id of the newest record ever appended; 0 before the first
    qsizetype size() const;
    qint64 bytes() const;   // bytes of line text held (UTF-16 size x 2)
    qint64 dropped() const; // records dropped to keep the bounds

    qsizetype maxLines() const { return m_maxLines; }
    qint64 maxBytes() const { return m_maxBytes; }

private:
    static qint64 weight(const LogRecord &record);
    bool full() const; // m_mutex held

    mutable std::mutex m_mutex;
    mutable std::condition_variable m_appended;
    std::condition_variable m_read;
    bool m_holding = false;
    qint64 m_readId = 0;
    std::deque<LogRecord> m_records;
    qint64 m_firstId = 1;
    qint64 m_bytes = 0;
    qint64 m_dropped = 0;
    const qsizetype m_maxLines;
    const qint64 m_maxBytes;
};

} // namespace cw
