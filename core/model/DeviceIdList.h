// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

#include <vector>

namespace cw {

// Device ids as people type them: numbers and ranges separated by commas and/or spaces
// ("0-7", "0 1 2 3", "0,1,2,3", "0-3,6,7"). Whether the ids suit the accelerator is the rules'
// business (rules/DeviceRules.h); this only reads them.
struct DeviceIdList {
    std::vector<int> ids;
    QString badToken; // the first part that is no id or range; empty when all parsed

    bool ok() const { return badToken.isEmpty(); }
    static DeviceIdList parse(const QString &text);
};

// {0,1,2,3,6} -> "0,1,2,3,6", the form the tables show.
QString deviceIdText(const std::vector<int> &ids);

} // namespace cw
