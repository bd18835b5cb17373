// SPDX-License-Identifier: GPL-3.0-or-later
// fetchLog (declared in RemoteLogFollower.h): one `cat` of the whole file, streamed.
#include "logs/RemoteLogFollower.h"

#include "shell/ShellQuote.h"

using namespace Qt::StringLiterals;

namespace cw {

SshError fetchLog(RemoteHost &host, const QString &remotePath,
                  const std::function<void(QByteArrayView chunk)> &sink, int idleTimeoutMs,
                  const std::atomic<bool> *cancel)
{
    if (remotePath.isEmpty() || remotePath.contains(QChar(0)) || remotePath.contains(u'\n'))
        return SshError::make(SshError::Kind::InvalidTarget,
                              u"a log path must be non-empty, without NUL or newline"_s);
    QByteArray err;
    const ExecResult result = host.execStreaming(
        u"exec cat -- "_s + shellQuote(remotePath),
        [&](QByteArrayView out, QByteArrayView errData) {
            if (!out.isEmpty())
                sink(out);
            if (!errData.isEmpty() && err.size() < 4096)
                err.append(errData);
        },
        idleTimeoutMs, cancel);
    if (result.error.isError())
        return result.error;
    if (result.exitStatus != 0)
        return SshError::make(
            SshError::Kind::Protocol,
            u"cannot read %1 on %2: %3"_s.arg(remotePath, host.endpoint(),
                                              QString::fromUtf8(err.trimmed()).left(200)));
    return {};
}

} // namespace cw
