#pragma once

#include <QString>

namespace cw {

// Checks for single values before they reach a script or a remote command. Each returns an empty
// string when the value is acceptable, else the reason in a few words ("is not an IPv4 address"),
// which callers prefix with the JSON path or field name.

QString ipv4Problem(const QString &text);
QString hostnameProblem(const QString &text); // RFC 1123
QString sshHostProblem(const QString &text);  // IPv4, hostname or ~/.ssh/config alias
QString userProblem(const QString &text);
QString envNameProblem(const QString &text); // ^[A-Za-z_][A-Za-z0-9_]*$
QString portProblem(int port);
QString pathProblem(const QString &text);       // non-empty, no NUL or line break
QString singleLineProblem(const QString &text); // may be empty, no NUL or line break
QString noNulProblem(const QString &text);
QString serverNameProblem(const QString &text); // also a folder name in logs and archives

} // namespace cw
