// SPDX-License-Identifier: GPL-3.0-or-later
#include "logs/RemoteTailProgram.h"

#include "programs/ServerPrograms.h"
#include "shell/ShellQuote.h"

using namespace Qt::StringLiterals;

namespace cw {

// The program is resources/server/tail-logs.py. argv: mode ("follow"/"drain"), the status
// interval in ms (0: none), the status command, then path and offset per file. A write that
// cannot proceed for 30 s means the client is gone (a dropped link leaves sshd's pipe full): exit
// rather than linger. A parent of 1 means sshd is gone. The status command runs before a pass
// over the files and its frame goes out after it, so every line written before the status was
// taken comes before its frame.
QString remoteTailCommand(const QString &python, const QList<LogSource> &sources, TailMode mode,
                          const TailStatus &status)
{
    const bool reports = mode == TailMode::Follow && status.intervalMs > 0;
    QStringList argv{python,
                     u"-c"_s,
                     programText(program::tail_logs_py),
                     mode == TailMode::Drain ? u"drain"_s : u"follow"_s,
                     QString::number(reports ? status.intervalMs : 0),
                     reports ? status.command : QString()};
    for (const LogSource &source : sources)
        argv << source.path << QString::number(source.offset);
    return u"exec "_s + shellJoin(argv);
}

} // namespace cw
