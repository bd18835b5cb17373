#pragma once

#include "model/TrText.h"

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
// which callers prefix with the JSON path or field name. The ...Text forms give the same reason
// translatable (model/TrText.h) for the wizard; the QString forms are their English.

TrText ipv4ProblemText(const QString &text);
inline QString ipv4Problem(const QString &text)
{
    return ipv4ProblemText(text).english();
}
// RFC 1123
TrText hostnameProblemText(const QString &text);
inline QString hostnameProblem(const QString &text)
{
    return hostnameProblemText(text).english();
}
// IPv4, hostname or ~/.ssh/config alias
TrText sshHostProblemText(const QString &text);
inline QString sshHostProblem(const QString &text)
{
    return sshHostProblemText(text).english();
}
TrText userProblemText(const QString &text);
inline QString userProblem(const QString &text)
{
    return userProblemText(text).english();
}
// ^[A-Za-z_][A-Za-z0-9_]*$
TrText envNameProblemText(const QString &text);
inline QString envNameProblem(const QString &text)
{
    return envNameProblemText(text).english();
}
TrText portProblemText(int port);
inline QString portProblem(int port)
{
    return portProblemText(port).english();
}
// non-empty, no NUL or line break, <= PATH_MAX
TrText pathProblemText(const QString &text);
inline QString pathProblem(const QString &text)
{
    return pathProblemText(text).english();
}
// A path that a remote shell may parse (scp's old protocol expands the remote path): no shell
// metacharacters, whitespace or control characters.
TrText shellSafePathProblemText(const QString &text);
inline QString shellSafePathProblem(const QString &text)
{
    return shellSafePathProblemText(text).english();
}
// no NUL, at most MAX_ARG_STRLEN
TrText argumentProblemText(const QString &text);
inline QString argumentProblem(const QString &text)
{
    return argumentProblemText(text).english();
}
// may be empty, no NUL or line break, bounded
TrText singleLineProblemText(const QString &text);
inline QString singleLineProblem(const QString &text)
{
    return singleLineProblemText(text).english();
}
TrText noNulProblemText(const QString &text);
inline QString noNulProblem(const QString &text)
{
    return noNulProblemText(text).english();
}
// also a folder name in logs and archives
TrText serverNameProblemText(const QString &text);
inline QString serverNameProblem(const QString &text)
{
    return serverNameProblemText(text).english();
}

} // namespace cw
