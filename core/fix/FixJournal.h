// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The journal side of applying and undoing fixes, shared by every front end: record what an
// applied fix replaced (the entry FixApplier returned), and undo the newest fix command. The
// CLI's `fix` and `undo` do exactly this; the GUI's Fix… and "Undo last fix" call these
// functions so that both keep the same journal the same way.

#include "fix/FixApplier.h"
#include "fix/UndoJournal.h"

#include <atomic>
#include <optional>

namespace cw {

// A fresh group id: every entry one fix command records carries the same one.
QString newFixGroup();

// Appends `entry` to the journal at `journalPath` (nothing when it has no steps), in `group`
// (a new group when empty). An unreadable journal is moved aside (setCorruptJournalAside) and a
// new one started; the message says where it went. Returns the errors met (naming files), or "".
QString recordAppliedFix(const QString &journalPath, const UndoEntry &entry,
                         const QString &group = {});

// One fix applied and journalled, as every front end applies a fix: its outcome (fixOutcomeText
// prints it) and the journal's error when what it replaced could not be recorded.
struct AppliedFix {
    FixOutcome outcome;
    QString journalError;
    bool ok() const { return outcome.ok() && journalError.isEmpty(); }
    // The failed step, then the journal's error; "" when both went well.
    QString errors() const;
};

// Applies `plan` (applyFix) and records what it replaced in the journal at `journalPath`, in
// `group` (recordAppliedFix). Blocks: call it off the GUI thread.
AppliedFix applyAndRecordFix(const Project &project, const FixPlan &plan,
                             const FleetOptions &options, const QString &journalPath,
                             const QString &group = {}, const std::atomic<bool> *cancel = nullptr);

// The newest fix command of the journal (all its entries, as one entry to show: titles joined,
// the last time) and the plan that undoes it, for a preview.
struct PendingUndo {
    std::optional<UndoEntry> entry; // none: nothing to undo (error says why when unreadable)
    FixPlan plan;
    QString error;
    int fixes = 0; // the entries of that command
};
PendingUndo pendingUndo(const Project &project, const QString &journalPath);

struct UndoOutcome {
    FixPlan plan;
    FixOutcome outcome;
    bool undone = false; // every step ran and the command's entries left the journal
    QString error;       // the failed step, or the journal's error
    int remaining = 0;   // entries of that command still in the journal after a failure
};

// Undoes the journal's newest fix command: its entries newest first, each leaving the journal as
// soon as all its steps succeeded; at the first failure the rest stay, to try again. Blocks:
// call it off the GUI thread.
UndoOutcome undoLastFix(const Project &project, const QString &journalPath,
                        const FleetOptions &options, const std::atomic<bool> *cancel = nullptr);

} // namespace cw
