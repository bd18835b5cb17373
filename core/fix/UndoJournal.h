#pragma once

// What each applied fix replaced, kept beside the project (NAME.clusterwiz-undo.json) so that
// `clusterwiz-cli undo` and the GUI's "Undo last fix" can put it back: per step the server, the
// command that restores it, its input, and the state read before the change. Saved atomically;
// the last entry is undone first.

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
    std::vector<UndoStep> steps; // in the order they were applied
};

// "dir/NAME.clusterwiz-undo.json" for "dir/NAME.clusterwiz.json" (else PATH + ".undo.json").
QString undoJournalPath(const QString &projectPath);

// Entries oldest first; a missing file is an empty journal. nullopt and *error when unreadable.
std::optional<std::vector<UndoEntry>> loadUndoJournal(const QString &path, QString *error);

// Writes the whole journal atomically (QSaveFile); an empty one removes the file. Returns an
// error message naming the file, or an empty string.
QString saveUndoJournal(const QString &path, const std::vector<UndoEntry> &entries);

} // namespace cw
