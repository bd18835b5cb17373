// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Training-loss values in log lines, for the Run panel's plot. A hand-written scanner (no regular
// expression per line: logs arrive at tens of thousands of lines per second).
//
// Accepted: a word `loss`, `train_loss` or `training_loss` (any case, optionally quoted as in a
// printed dict), then `=`, `:`, `is` or only spaces, then a number (`0.5`, `-1`, `1.2e-3`,
// `tensor(0.5...)`). The first such match in the line wins.
// Not the training loss, so skipped: any other word ending in "loss" (`val_loss`, `eval_loss`,
// `test_loss`), words that merely start with it (`losses`, `loss_scale`), and nan/inf values.
// The step is the integer after a word `step`, `global_step`, `iter` or `iteration` (same
// separators; `step 12/100` gives 12), or -1 when the line names none.

#include <QStringView>

#include <optional>

namespace cw {

struct LossPoint {
    int step = -1;
    double loss = 0;
    bool operator==(const LossPoint &) const = default;
};

std::optional<LossPoint> parseLoss(QStringView line);

} // namespace cw
