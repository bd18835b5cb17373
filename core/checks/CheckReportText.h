// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The check report for people (an aligned table, one row per server and check, failures and
// warnings only unless asked for all) and for programs (`clusterwiz-cli check --json`).

#include "checks/CheckTypes.h"

#include <QString>

#include <nlohmann/json_fwd.hpp>

namespace cw {

// Columns SERVER CHECK STATUS REASON, then "fix: ID[, ID]" where fixes are on offer, and a last
// line "N ok, N warning, N failed, N skipped".
QString checkReportTable(const CheckReport &report, bool everyRow);

QString checkReportSummary(const CheckReport &report);

// {"passed": bool, "counts": {...}, "results": [{"server", "server_index", "check", "status",
//   "reason", "fixes": [...]}]}
nlohmann::ordered_json checkReportToJson(const CheckReport &report);

} // namespace cw
