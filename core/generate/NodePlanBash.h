// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/Project.h"

#include <QString>
#include <QStringList>

namespace cw {

// The plan as bash (a script header, the per-server arrays) and the function that finds which
// server a script runs on: every generated script uses them, so that this is decided one way.

enum class BashWords { Quote, AsIs };
// `NAME=(WORD WORD ...)` and a newline: the one form of every plain bash array the generator
// writes. Quote runs each value through shellQuote(); AsIs is for words made safe already
// (shellQuote()d text, numbers).
QString bashArray(const QString &name, const QStringList &values,
                  BashWords words = BashWords::Quote);

// "#!/bin/bash" and a comment naming the project, the mode and what the file is for.
QString scriptHeader(const Project &project, const QString &purpose);

// The plan as bash arrays, servers in launch order (master first):
//   NODE_NAMES, NODE_IPS, NODE_NICS, NODE_DEVICES ("0 1 2 3"), NODE_FIRST_RANK, and
//   NODE_COUNT, WORLD_SIZE, MASTER_ADDR, MASTER_PORT. Every value is quoted with shellQuote().
QString planTable(const Project &project);

// `NODE_DEVICE_IPS=(...)`: per server in launch order, "ip ip ...", parallel to NODE_DEVICES.
QString nodeDeviceIpsArray(const Project &project);

// Defines the bash function `clusterwiz_attempt_plan`: when CLUSTERWIZ_ATTEMPT_SERVERS names
// some servers of the plan (space-separated), it narrows the plan to them, as the supervisor of
// a restarting run asks for one attempt: the plan arrays keep those servers in plan order (the
// master first when it is kept, else the first one kept), NODE_FIRST_RANK is numbered afresh,
// and NODE_COUNT, WORLD_SIZE and MASTER_ADDR follow (plan/AttemptPlan.h is the same re-plan in
// C++). `extraArrays` are further per-server arrays of the script, narrowed alike. Returns 2
// with a message when a name is not in the plan. Call it before clusterwiz_find_node.
QString attemptPlanFunction(const QStringList &extraArrays = {});

// The per-server arrays, parallel to NODE_DEVICES, that `clusterwiz_rank_table` reads besides
// the plan table (rank table mode on Ascend): NODE_DEVICE_IPS always; on the Atlas A3 the ports
// (NODE_DEVICE_PORTS, NODE_HOST_PORTS, and with super pods NODE_BACKUP_DEVICE_PORTS; "" for a
// server without); with super pods NODE_SUPER_DEVICE_IDS, NODE_SERVER_IDS and
// NODE_SUPER_POD_IDS (those two JSON strings). Their names, for attemptPlanFunction().
QString rankTableArrays(const Project &project);
QStringList rankTableArrayNames(const Project &project);

// Bash functions that print, from the (narrowed) plan arrays, what generate writes as files for
// the whole plan: `clusterwiz_hostfile` (hostfile's lines) and, given rankTableArrays() on
// Ascend, `clusterwiz_rank_table` (rank_table.json, byte for byte as rankTableJson() writes it:
// version 1.2 for an Atlas A3 with super pods, else 1.0).
QString attemptFilesFunctions(const Project &project);

// Defines the bash function `clusterwiz_find_node`: sets NODE_RANK (the index into the plan
// arrays) from CLUSTERWIZ_NODE_RANK when set, else by matching `hostname -I` against NODE_IPS;
// then SERVER_NAME, HOST_IP, NIC (the plan's, else the interface holding HOST_IP), DEVICES (an
// array), NPROC and FIRST_RANK. Prints a clear message and returns 2 when it cannot decide.
QString findNodeFunction();

} // namespace cw
