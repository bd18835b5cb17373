// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/Problem.h"
#include "model/TrText.h"

#include <QString>

namespace cw {

// Sizes that bound what one value can add to a generated file (README.txt names the workdir and
// host once per server): PATH_MAX for paths, the kernel's MAX_ARG_STRLEN for one argument or
// environment string (a longer one cannot reach a process anyway), RFC 1123 for host names.
inline constexpr qsizetype kMaxPathLength = 4096;
inline constexpr qsizetype kMaxArgumentLength = 131072;
inline constexpr qsizetype kMaxHostLength = 253;

// What is wrong with one value: the reason in a few words ("is not an IPv4 address"), which
// callers prefix with the JSON path or field name, translatable (model/TrText.h); and the same
// as a kind and its values, which the problem made of it carries (model/Problem.h). Empty when
// the value is acceptable.
struct ValueProblem {
    ProblemKind kind = ProblemKind::General;
    ProblemValues values;
    TrText reason;

    bool isEmpty() const { return reason.isEmpty(); }
};

// Checks for single values before they reach a script or a remote command. The ...ValueProblem()
// forms give a ValueProblem; the ...Problem() forms its English reason, empty when the value is
// fine.

ValueProblem ipv4ValueProblem(const QString &text);
inline QString ipv4Problem(const QString &text)
{
    return ipv4ValueProblem(text).reason.english();
}
// RFC 1123
ValueProblem hostnameValueProblem(const QString &text);
inline QString hostnameProblem(const QString &text)
{
    return hostnameValueProblem(text).reason.english();
}
// IPv4, hostname or ~/.ssh/config alias
ValueProblem sshHostValueProblem(const QString &text);
inline QString sshHostProblem(const QString &text)
{
    return sshHostValueProblem(text).reason.english();
}
ValueProblem userValueProblem(const QString &text);
inline QString userProblem(const QString &text)
{
    return userValueProblem(text).reason.english();
}
// ^[A-Za-z_][A-Za-z0-9_]*$
ValueProblem envNameValueProblem(const QString &text);
inline QString envNameProblem(const QString &text)
{
    return envNameValueProblem(text).reason.english();
}
ValueProblem portValueProblem(int port);
inline QString portProblem(int port)
{
    return portValueProblem(port).reason.english();
}
// non-empty, no NUL or line break, <= PATH_MAX
ValueProblem pathValueProblem(const QString &text);
inline QString pathProblem(const QString &text)
{
    return pathValueProblem(text).reason.english();
}
// A path that a remote shell may parse (scp's old protocol expands the remote path): no shell
// metacharacters, whitespace or control characters.
ValueProblem shellSafePathValueProblem(const QString &text);
inline QString shellSafePathProblem(const QString &text)
{
    return shellSafePathValueProblem(text).reason.english();
}
// no NUL, at most MAX_ARG_STRLEN
ValueProblem argumentValueProblem(const QString &text);
inline QString argumentProblem(const QString &text)
{
    return argumentValueProblem(text).reason.english();
}
// may be empty, no NUL or line break, bounded
ValueProblem singleLineValueProblem(const QString &text);
inline QString singleLineProblem(const QString &text)
{
    return singleLineValueProblem(text).reason.english();
}
ValueProblem noNulValueProblem(const QString &text);
inline QString noNulProblem(const QString &text)
{
    return noNulValueProblem(text).reason.english();
}
// also a folder name in logs and archives
ValueProblem serverNameValueProblem(const QString &text);
inline QString serverNameProblem(const QString &text)
{
    return serverNameValueProblem(text).reason.english();
}

} // namespace cw
