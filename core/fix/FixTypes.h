// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A fix is first a value: the exact commands per server, shown to the user (dry run), then run
// by fix/FixApplier.h. Every step says how to read what it replaces (kept in the undo journal)
// and how to put it back. Commands are POSIX sh built from validated values with shellQuote().

#include "model/TrText.h"

#include <QByteArray>
#include <QString>

#include <vector>

namespace cw {

struct RemoteStep {
    int serverIndex = -1;
    QString description;    // one line for people: "open 29501/tcp in nftables inet filter input"
    TrText descriptionText; // the same line translatable, for the wizard (empty: description)
    // Reads the state the step replaces (`hccn_tool -i 3 -ip -g`, `nft -a list ruleset`,
    // `cat ~/.ssh/authorized_keys`); its output goes into the undo journal. May be empty.
    QString snapshotCommand;
    QString command;     // the change; check-then-set: a second run changes nothing
    QString undoCommand; // restores what `command` changed; empty when nothing to undo
    // Standard input of `command` and `undoCommand` (a public key, say): never a secret.
    QByteArray input;
    // When >= 0, `command` gets the stdout of that earlier step (index into FixPlan::steps) as
    // its input instead of `input`, and the journal records what it got for the undo.
    int inputFromStep = -1;
};

struct FixPlan {
    QString id;                    // a fix:: id
    QString title;                 // "Open the job's ports in the firewall"
    TrText titleText;              // the same title translatable, for the wizard (empty: title)
    std::vector<RemoteStep> steps; // run in order per server; servers of one stage in parallel
    // Steps are grouped into stages by this list of first-step indices ({0} = one stage). A
    // stage starts when every step of the one before succeeded.
    std::vector<int> stageStarts{0};
    QString nothingToDo; // set instead of steps when the state is already right
    QString refusal;     // set when this fix cannot apply (with the reason)

    bool empty() const { return steps.empty(); }
    QString translatedTitle() const { return titleText.isEmpty() ? title : titleText.translated(); }
};

// A step's description in the user's language (the wizard's).
inline QString translatedDescription(const RemoteStep &step)
{
    return step.descriptionText.isEmpty() ? step.description : step.descriptionText.translated();
}

} // namespace cw
