// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The translatable side of fix plans (model/TrText.h, context "cw::Fixes"): a step's line for
// people set in English and translatable at once, and the plan's preview in the user's language
// for the wizard (the CLI prints fixPlanText(), in English).

#include "fix/FixTypes.h"
#include "model/Project.h"

namespace cw {

inline void describe(RemoteStep &step, const TrText &text)
{
    step.descriptionText = text;
    step.description = text.english();
}

// fixPlanText() (fix/FixPlanner.h) with the title, the step lines and the frame translated.
QString translatedFixPlanText(const Project &project, const FixPlan &plan);

} // namespace cw
