// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringList>

namespace cw {

// The one way a value from the project reaches a shell: POSIX single quotes, a quote inside
// written as '\''. Works in sh and bash alike (no $'...', no printf %q). The value must not
// contain NUL (validation refuses it earlier); everything else, newlines included, stays literal.
QString shellQuote(const QString &value);

// Quotes each word and joins them with spaces: a command line from validated argv.
QString shellJoin(const QStringList &words);

// `sh -c 'SCRIPT'`: a POSIX sh script run the same whatever the login shell is.
QString shellScriptCommand(const QString &script);

// An environment value in which only the `${NAME}` references the user wrote expand; every other
// character, `$NAME`, `$(...)` and backticks included, is literal.
QString shellEnvValue(const QString &value);

} // namespace cw
