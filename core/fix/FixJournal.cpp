#include "fix/FixJournal.h"

using namespace Qt::StringLiterals;

namespace cw {

QString recordAppliedFix(const QString &journalPath, const UndoEntry &entry)
{
    if (entry.steps.empty())
        return {};
    QStringList errors;
    QString error;
    std::optional<std::vector<UndoEntry>> journal = loadUndoJournal(journalPath, &error);
    if (!journal) {
        errors << error;
        journal.emplace();
    }
    journal->push_back(entry);
    if (const QString saveError = saveUndoJournal(journalPath, *journal); !saveError.isEmpty())
        errors << saveError;
    return errors.join(u"; "_s);
}

PendingUndo pendingUndo(const Project &project, const QString &journalPath)
{
    PendingUndo pending;
    std::optional<std::vector<UndoEntry>> journal = loadUndoJournal(journalPath, &pending.error);
    if (!journal || journal->empty())
        return pending;
    pending.entry = journal->back();
    pending.plan = undoPlan(project, *pending.entry, &pending.error);
    return pending;
}

UndoOutcome undoLastFix(const Project &project, const QString &journalPath,
                        const FleetOptions &options, const std::atomic<bool> *cancel)
{
    UndoOutcome result;
    std::optional<std::vector<UndoEntry>> journal = loadUndoJournal(journalPath, &result.error);
    if (!journal)
        return result;
    if (journal->empty()) {
        result.error = u"%1 holds no applied fix"_s.arg(journalPath);
        return result;
    }
    result.plan = undoPlan(project, journal->back(), &result.error);
    if (!result.error.isEmpty())
        return result;
    result.outcome = applyFix(project, result.plan, options, cancel);
    if (!result.outcome.ok()) {
        result.error =
            u"%1 (the entry stays in %2)"_s.arg(result.outcome.firstError(), journalPath);
        return result;
    }
    journal->pop_back();
    result.error = saveUndoJournal(journalPath, *journal);
    result.undone = result.error.isEmpty();
    return result;
}

} // namespace cw
