// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// known_hosts entries: naming, formatting and appending. Pure text functions plus one writer that
// is safe against other threads and other processes. Servers' own host keys
// (/etc/ssh/ssh_host_*_key.pub, read over an already verified session) become lines here for
// password-free SSH between servers; keys are never fetched with ssh-keyscan.

#include <QString>
#include <QStringList>

#include <optional>

namespace cw {

// One line of an OpenSSH .pub file: "TYPE BASE64 [COMMENT]".
struct PublicKeyLine {
    QString type;    // "ssh-ed25519"
    QString base64;  // the key blob, canonical base64
    QString comment; // may be empty; never copied into known_hosts
};

// Strict: a known host-key algorithm, base64 that decodes and re-encodes to itself, and a blob
// whose embedded type equals TYPE. nullopt and a reason in `error` otherwise.
std::optional<PublicKeyLine> parsePublicKeyLine(const QString &text, QString *error);

// The name known_hosts keys an entry by (OpenSSH's rule): "host" for port 22 (or 0), else
// "[host]:port". The host is not validated here; knownHostsLine() does.
QString knownHostsName(const QString &host, int port);

// "NAMES TYPE BASE64" for `publicKey` (a .pub line), NAMES being every host of `hosts` (an
// address, a host name: each checked with sshHostProblem) named for `port` and joined by commas:
// knownHostsLine({"server1", "10.0.0.12"}, 22, pub) -> "server1,10.0.0.12 ssh-ed25519 AAAA...".
std::optional<QString> knownHostsLine(const QStringList &hosts, int port, const QString &publicKey,
                                      QString *error);

// Appends `line` (no newline) to `file` unless the file holds that exact line already (a second
// run changes nothing; `*added` says which). Creates the file (0600) and its folder (0700) when
// missing. Serialised across threads (a mutex) and processes (flock on the file), so concurrent
// writers never interleave or lose a line. "~/" at the start of `file` means the home folder.
bool addKnownHostsLine(const QString &file, const QString &line, QString *error,
                       bool *added = nullptr);

// Removes every line equal to `line` from `file` (`*removed` says whether there was one), under
// the same locks as addKnownHostsLine(). A missing file holds no such line.
bool removeKnownHostsLine(const QString &file, const QString &line, QString *error,
                          bool *removed = nullptr);
// ~/.ssh/known_hosts, or `file` with a leading "~/" expanded.
QString knownHostsPath(const QString &file);

} // namespace cw
