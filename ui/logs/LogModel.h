#pragma once

#include <QAbstractListModel>
#include <QMutex>
#include <QSet>
#include <QTimer>

#include <deque>
#include <vector>

namespace cw {

struct LogLine {
    QString server;
    int rank = -1;
    QString text;
};

// The lines of a running job for the views: append() from any thread puts lines in a pending
// buffer; a GUI-thread timer moves them into the model in one insert per tick, and the oldest
// rows go once there are more than the cap. So a job printing thousands of lines a second costs
// the GUI a few model updates a second, and memory stays bounded.
class LogModel : public QAbstractListModel {
    Q_OBJECT

public:
    enum Role { ServerRole = Qt::UserRole + 1, RankRole, TextRole };

    explicit LogModel(int cap = 100000, QObject *parent = nullptr);

    void append(std::vector<LogLine> lines); // thread-safe
    void flush();                            // GUI thread; the timer calls it
    void clear();
    int cap() const { return m_cap; }
    qint64 dropped() const { return m_dropped; } // rows removed to keep the cap
    qint64 received() const { return m_received; }
    void setInterval(int ms) { m_timer.setInterval(ms); }
    // Marks every line of `rank` (the rank that failed first) with a red background; -1: none.
    void markRank(int rank);
    int markedRank() const { return m_marked; }

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;

Q_SIGNALS:
    void rankSeen(const QString &server, int rank);

private:
    const int m_cap;
    std::deque<LogLine> m_lines;
    QMutex m_mutex;
    std::vector<LogLine> m_pending; // guarded by m_mutex
    qint64 m_droppedPending = 0;    // guarded by m_mutex: trimmed from m_pending by append()
    QTimer m_timer;
    qint64 m_dropped = 0;
    qint64 m_received = 0;
    QSet<int> m_ranks;
    int m_marked = -1;
};

} // namespace cw
