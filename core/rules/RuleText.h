#pragma once

#include "model/Problem.h"
#include "model/Project.h"

#include <QSet>
#include <QString>

namespace cw {

// Wording and paths shared by the rule checks, so that every message names a server and a
// device the same way.

// The text with control characters shown as escapes (\n, \0, \x1b), so a hostile value in a
// message cannot forge extra lines in a terminal or a log.
QString printable(const QString &text);

// The server's name when it is a valid one, else its JSON path ("servers[3]").
QString serverLabel(const Project &project, int serverIndex);

QString serverPath(int serverIndex);                         // "servers[1]"
QString serverFieldPath(int serverIndex, const char *field); // "servers[1].host"
QString deviceIpPath(int serverIndex, int position);         // "servers[1].device_ips[4]"
QString devicePath(int serverIndex, int position);           // "servers[1].devices[4]"

// Collects problems in order, keeping only the first one per (rule, path).
class ProblemList {
public:
    void add(const QString &rule, const QString &path, const QString &message);
    void append(const Problems &problems);
    bool has(const QString &rule, const QString &path) const;
    bool empty() const { return m_problems.empty(); }
    Problems take() { return std::move(m_problems); }

private:
    Problems m_problems;
    QSet<QString> m_seen;
};

} // namespace cw
