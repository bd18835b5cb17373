// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The doctor's report for people: per part a matrix (rows: from, columns: to; "ok", "FAIL",
// "slow" or GB/s), then every failed cell with its evidence, the suspects and the notes.

#include "doctor/DoctorReport.h"

#include <QString>

namespace cw {

// Matrices: links per device index (server x server), ports per port (server x server),
// bandwidth (server x server, GB/s). Large clusters are listed, not drawn, past `maxColumns`.
QString doctorReportText(const DoctorReport &report, int maxColumns = 16);

} // namespace cw
