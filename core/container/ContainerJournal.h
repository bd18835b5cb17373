// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What `container up` made, kept beside the project (NAME.clusterwiz-containers.json) so that
// `container down` removes exactly that: per server the container it created, the host key its
// sshd serves (status compares it), the known_hosts line up added on this machine, and every
// step with its time. Saved atomically, owner-only, never through a symbolic link; a hostile or
// broken file is refused with a reason, never followed.

#include <QString>
#include <QStringList>

#include <map>
#include <optional>

namespace cw {

inline constexpr int kMaxContainerJournalSteps = 200; // per server; older steps are dropped

struct ContainerJournalServer {
    QString container;      // the short id `run` printed; empty when up found it made already
    QString hostKey;        // "TYPE BASE64" of the container's sshd
    QString knownHostsFile; // where knownHostsLine was added on this machine
    QString knownHostsLine; // empty: none added
    QStringList steps;      // "2026-12-02T10:00:00Z created 4f2a..." oldest first
    bool operator==(const ContainerJournalServer &) const = default;
};

struct ContainerJournal {
    std::map<QString, ContainerJournalServer> servers; // by server name
    bool operator==(const ContainerJournal &) const = default;
};

// "dir/NAME.clusterwiz-containers.json" for "dir/NAME.clusterwiz.json" (else PATH +
// ".containers.json").
QString containerJournalPath(const QString &projectPath);

// A missing file is an empty journal; nullopt and *error when it cannot be read or is not one.
std::optional<ContainerJournal> loadContainerJournal(const QString &path, QString *error);
// The same from bytes, for tests and fuzzing; `name` starts the error messages.
std::optional<ContainerJournal> containerJournalFromBytes(const QByteArray &bytes,
                                                          const QString &name, QString *error);
QByteArray containerJournalToBytes(const ContainerJournal &journal);
// Writes it atomically (0600); an empty journal removes the file. Returns an error, or "".
QString saveContainerJournal(const QString &path, const ContainerJournal &journal);

// Appends "TIME STEP" to a server's steps, keeping the newest kMaxContainerJournalSteps.
void addContainerStep(ContainerJournalServer &server, const QString &step);

} // namespace cw
