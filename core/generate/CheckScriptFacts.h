// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/Project.h"

#include <QString>

namespace cw {

// check.sh's fact table: the commands of the facts the project asks for (FACT_COMMANDS,
// FACT_ORDER...), from discover/FactCommands.h, as clusterwiz_gather_facts (check-facts.sh) runs
// them.
QString checkFactTable(const Project &project);

} // namespace cw
