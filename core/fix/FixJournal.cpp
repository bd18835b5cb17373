// SPDX-License-Identifier: GPL-3.0-or-later
#include "fix/FixJournal.h"

#include <QDateTime>
#include <QRandomGenerator>

using namespace Qt::StringLiterals;

namespace cw {
namespace {

// The index of the first entry of the newest group: entries without a group (older journals)
// are a group each.
size_t lastGroupStart(const std::vector<UndoEntry> &journal)
{
    size_t start = journal.size() - 1;
    const QString &group = journal.back().group;
    while (!group.isEmpty() && start > 0 && journal[start - 1].group == group)
        --start;
    return start;
}

void appendPlan(FixPlan &into, const FixPlan &more)
{
    const int offset = int(into.steps.size());
    for (const int start : more.stageStarts) {
        if (start < int(more.steps.size()) || more.steps.empty())
            into.stageStarts.push_back(offset + start);
    }
    into.steps.insert(into.steps.end(), more.steps.begin(), more.steps.end());
}

// The plans of entries [start, end) merged newest first, as undo runs them.
FixPlan groupPlan(const Project &project, const std::vector<UndoEntry> &journal, size_t start,
                  QString *error)
{
    FixPlan plan;
    plan.stageStarts.clear();
    QStringList titles;
    for (size_t e = journal.size(); e-- > start;) {
        const FixPlan one = undoPlan(project, journal[e], error);
        if (!error->isEmpty())
            return {};
        titles << journal[e].title;
        plan.id = plan.id.isEmpty() ? one.id : plan.id;
        appendPlan(plan, one);
    }
    plan.title = u"Undo: "_s + titles.join(u"; "_s);
    if (plan.stageStarts.empty())
        plan.stageStarts = {0};
    return plan;
}

} // namespace

QString newFixGroup()
{
    return QDateTime::currentDateTimeUtc().toString(u"yyyyMMdd-HHmmss"_s) + u'-' +
           QString::number(QRandomGenerator::system()->generate(), 16);
}

QString recordAppliedFix(const QString &journalPath, const UndoEntry &entry, const QString &group)
{
    if (entry.steps.empty())
        return {};
    QStringList errors;
    QString error;
    std::optional<std::vector<UndoEntry>> journal = loadUndoJournal(journalPath, &error);
    if (!journal) {
        // Never dropped: the old journal may be the only record of earlier changes.
        QString asideError;
        const QString aside = setCorruptJournalAside(journalPath, &asideError);
        if (aside.isEmpty())
            return error + u"; "_s + asideError + u"; this fix is not recorded"_s;
        errors << error + u"; kept it as "_s + aside + u" and started a new journal"_s;
        journal.emplace();
    }
    UndoEntry recorded = entry;
    recorded.group = group.isEmpty() ? newFixGroup() : group;
    journal->push_back(recorded);
    if (const QString saveError = saveUndoJournal(journalPath, *journal); !saveError.isEmpty())
        errors << saveError;
    return errors.join(u"; "_s);
}

QString AppliedFix::errors() const
{
    QStringList errors;
    if (!outcome.ok())
        errors << outcome.firstError();
    if (!journalError.isEmpty())
        errors << journalError;
    return errors.join(u"; "_s);
}

AppliedFix applyAndRecordFix(const Project &project, const FixPlan &plan,
                             const FleetOptions &options, const QString &journalPath,
                             const QString &group, const std::atomic<bool> *cancel)
{
    AppliedFix applied;
    applied.outcome = applyFix(project, plan, options, cancel);
    applied.journalError = recordAppliedFix(journalPath, applied.outcome.undo, group);
    return applied;
}

PendingUndo pendingUndo(const Project &project, const QString &journalPath)
{
    PendingUndo pending;
    std::optional<std::vector<UndoEntry>> journal = loadUndoJournal(journalPath, &pending.error);
    if (!journal || journal->empty())
        return pending;
    const size_t start = lastGroupStart(*journal);
    UndoEntry shown = journal->back();
    QStringList titles;
    for (size_t e = journal->size(); e-- > start;)
        titles << (*journal)[e].title;
    shown.title = titles.join(u"; "_s);
    pending.entry = shown;
    pending.fixes = int(journal->size() - start);
    pending.plan = groupPlan(project, *journal, start, &pending.error);
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
    const size_t start = lastGroupStart(*journal);
    result.plan = groupPlan(project, *journal, start, &result.error);
    if (!result.error.isEmpty())
        return result;
    // Built again below from what runs, entry by entry, so that plan and outcome line up.
    result.plan.steps.clear();
    result.plan.stageStarts.clear();
    bool failed = false;
    while (journal->size() > start) {
        const FixPlan one = undoPlan(project, journal->back(), &result.error);
        appendPlan(result.plan, one);
        if (failed) {
            // Shown as not run, so the report lists every step of the command.
            for (size_t s = 0; s < one.steps.size(); ++s) {
                StepOutcome skipped;
                skipped.error = u"not run: a later fix's undo failed"_s;
                result.outcome.steps.push_back(skipped);
            }
            ++result.remaining;
            journal->pop_back();
            continue;
        }
        const FixOutcome outcome = applyFix(project, one, options, cancel);
        result.outcome.steps.insert(result.outcome.steps.end(), outcome.steps.begin(),
                                    outcome.steps.end());
        if (!outcome.ok()) {
            failed = true;
            result.error = outcome.firstError();
            ++result.remaining;
        }
        journal->pop_back();
    }
    if (result.plan.stageStarts.empty())
        result.plan.stageStarts = {0};
    if (failed) {
        // Entries of a failed undo, and older ones of the same command, stay to try again.
        std::optional<std::vector<UndoEntry>> again = loadUndoJournal(journalPath, &result.error);
        if (!again)
            return result;
        again->resize(start + size_t(result.remaining));
        const QString saveError = saveUndoJournal(journalPath, *again);
        result.error = u"%1 (the entry stays in %2%3)"_s.arg(
            result.error, journalPath,
            result.remaining > 1
                ? u", with %1 earlier fix(es) of the same command"_s.arg(result.remaining - 1)
                : QString());
        if (!saveError.isEmpty())
            result.error += u"; "_s + saveError;
        return result;
    }
    result.error = saveUndoJournal(journalPath, *journal);
    result.undone = result.error.isEmpty();
    return result;
}

} // namespace cw
