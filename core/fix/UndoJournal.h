// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What each applied fix replaced, kept beside the project (NAME.clusterwiz-undo.json) so that
// `clusterwiz-cli undo` and the GUI's "Undo last fix" can put it back: per step the server, the
// command that restores it, its input, and the state read before the change. Saved atomically,
// owner-only (snapshots may hold key lists), never through a symbolic link. Entries applied by one
// fix command share a group; undo takes the newest group back whole, newest entry first.

#include <QByteArray>
#include <QString>

#include <optional>
#include <vector>

namespace cw {

struct UndoStep {
    QString server;      // by name: the project's order may change between fix and undo
    int stage = 0;       // undo runs the stages of a fix last-first
    QString description; // of the step it undoes
    QString command;     // the undo command
    QByteArray input;
    QString snapshot; // what the snapshot command printed before the change
};

struct UndoEntry {
    QString fixId;
    QString title;
    QString appliedAt;           // ISO 8601, UTC
    QString group;               // one per fix command; empty in journals older than groups
    std::vector<UndoStep> steps; // in the order they were applied
};

// "dir/NAME.clusterwiz-undo.json" for "dir/NAME.clusterwiz.json" (else PATH + ".undo.json").
QString undoJournalPath(const QString &projectPath);

// Entries oldest first; a missing file is an empty journal. nullopt and *error when unreadable
// (not a regular file, over 16 MB, not JSON, or a member of the wrong type, named by its path).
std::optional<std::vector<UndoEntry>> loadUndoJournal(const QString &path, QString *error);
// The same from the journal's bytes, for tests and fuzzing; `name` starts the error messages.
std::optional<std::vector<UndoEntry>> undoJournalFromBytes(const QByteArray &bytes,
                                                           const QString &name, QString *error);

// Moves an unreadable journal aside to PATH.corrupt-YYYYMMDDTHHMMSSZ so that nothing in it is
// lost when a new one is started; returns the new name, empty (and *error) when that failed.
QString setCorruptJournalAside(const QString &path, QString *error);

// Writes the whole journal atomically (writeFileReplacing, mode 0600); an empty one removes it.
// Returns an error message naming the file, or an empty string.
QString saveUndoJournal(const QString &path, const std::vector<UndoEntry> &entries);

} // namespace cw
