#pragma once

// The journal side of applying and undoing fixes, shared by every front end: record what an
// applied fix replaced (the entry FixApplier returned), and undo the newest entry. The CLI's
// `fix` and `undo` do exactly this; the GUI's Fix… and "Undo last fix" call these functions so
// that both keep the same journal the same way.

#include "fix/FixApplier.h"
#include "fix/UndoJournal.h"

#include <atomic>
#include <optional>

namespace cw {

// Appends `entry` to the journal at `journalPath` (nothing when it has no steps). An unreadable
// journal is started afresh, as the CLI does. Returns the errors met (naming the file), or "".
QString recordAppliedFix(const QString &journalPath, const UndoEntry &entry);

// The newest entry of the journal and the plan that undoes it, for a preview.
struct PendingUndo {
    std::optional<UndoEntry> entry; // none: nothing to undo (error says why when unreadable)
    FixPlan plan;
    QString error;
};
PendingUndo pendingUndo(const Project &project, const QString &journalPath);

struct UndoOutcome {
    FixPlan plan;
    FixOutcome outcome;
    bool undone = false; // every step ran and the entry left the journal
    QString error;       // the failed step, or the journal's error
};

// Runs the undo of the journal's newest entry; the entry leaves the journal only when every
// step succeeded (else it stays, to try again). Blocks: call it off the GUI thread.
UndoOutcome undoLastFix(const Project &project, const QString &journalPath,
                        const FleetOptions &options, const std::atomic<bool> *cancel = nullptr);

} // namespace cw
