// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/Problem.h"
#include "model/Project.h"

#include <QCoreApplication>
#include <QString>

namespace cw {

// A device network problem in the words of the Devices page: the server by its name (its row
// when the name is no valid one), the device by its id, the fields by their labels (Netmask,
// Segments, IP #k) and the button to press (Plan automatically), never the JSON path or a CLI
// command ("servers[1].device_ips[0]", "run `clusterwiz-cli plan`"). Built from the problem's
// rule and values (rules/DeviceNetworkRules.cpp), translated; any other keeps the core's
// translated message, which names the server and device itself, without the path in front.
class DeviceProblemText {
    Q_DECLARE_TR_FUNCTIONS(DeviceProblemText)

public:
    static QString text(const Problem &problem, const Project &project);
};

} // namespace cw
