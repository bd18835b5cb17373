#pragma once

#include <QString>

namespace cw {

// Sizes that bound what one value can add to a generated file (README.txt names the workdir and
// host once per server): PATH_MAX for paths, the kernel's MAX_ARG_STRLEN for one argument or
// environment string (a longer one cannot reach a process anyway), RFC 1123 for host names.
inline constexpr qsizetype kMaxPathLength = 4096;
inline constexpr qsizetype kMaxArgumentLength = 131072;
inline constexpr qsizetype kMaxHostLength = 253;

// Checks for single values before they reach a script or a remote command. Each returns an empty
// string when the value is acceptable, else the reason in a few words ("is not an IPv4 address"),
// which callers prefix with the JSON path or field name.

QString ipv4Problem(const QString &text);
QString hostnameProblem(const QString &text); // RFC 1123
QString sshHostProblem(const QString &text);  // IPv4, hostname or ~/.ssh/config alias
QString userProblem(const QString &text);
QString envNameProblem(const QString &text); // ^[A-Za-z_][A-Za-z0-9_]*$
QString portProblem(int port);
QString pathProblem(const QString &text); // non-empty, no NUL or line break, <= PATH_MAX
// A path that a remote shell may parse (scp's old protocol expands the remote path): no shell
// metacharacters, whitespace or control characters.
QString shellSafePathProblem(const QString &text);
QString argumentProblem(const QString &text);   // no NUL, at most MAX_ARG_STRLEN
QString singleLineProblem(const QString &text); // may be empty, no NUL or line break, bounded
QString noNulProblem(const QString &text);
QString serverNameProblem(const QString &text); // also a folder name in logs and archives

} // namespace cw
