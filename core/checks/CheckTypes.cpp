// SPDX-License-Identifier: GPL-3.0-or-later
#include "checks/CheckTypes.h"

#include "model/NameTable.h"

#include <algorithm>

using namespace Qt::StringLiterals;

namespace cw {
namespace {

// As reports and JSON name them.
constexpr auto kCheckStatusNames = nameTable<CheckStatus>({
    {CheckStatus::Ok, "ok"},
    {CheckStatus::Warning, "warning"},
    {CheckStatus::Failed, "failed"},
    {CheckStatus::Skipped, "skipped"},
});

} // namespace

QString checkStatusName(CheckStatus status)
{
    return kCheckStatusNames.name(status, QLatin1StringView("ok"));
}

TrText checkStatusText(CheckStatus status)
{
    switch (status) {
    case CheckStatus::Ok:
        return trText("cw::Checks", "ok");
    case CheckStatus::Warning:
        return trText("cw::Checks", "warning");
    case CheckStatus::Failed:
        return trText("cw::Checks", "failed");
    case CheckStatus::Skipped:
        return trText("cw::Checks", "skipped");
    }
    return trText("cw::Checks", "ok");
}

int CheckReport::count(CheckStatus status) const
{
    return int(std::count_if(results.begin(), results.end(),
                             [status](const CheckResult &r) { return r.status == status; }));
}

std::vector<const CheckResult *> CheckReport::byId(const QString &id) const
{
    std::vector<const CheckResult *> found;
    for (const CheckResult &result : results) {
        if (result.id == id)
            found.push_back(&result);
    }
    return found;
}

const CheckResult *CheckReport::find(const QString &id, int serverIndex) const
{
    for (const CheckResult &result : results) {
        if (result.id == id && result.serverIndex == serverIndex)
            return &result;
    }
    return nullptr;
}

} // namespace cw
