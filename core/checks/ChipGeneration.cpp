// SPDX-License-Identifier: GPL-3.0-or-later
#include "checks/ChipGeneration.h"

#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace cw::checks {

std::optional<Accelerator> acceleratorOfChip(const QString &chip)
{
    static const QRegularExpression a2(u"^910B\\d"_s, QRegularExpression::CaseInsensitiveOption);
    // 910PremiumA: the first generation's Premium A (Atlas 800 9000-series training servers).
    static const QRegularExpression first(u"^910(A|B|ProA|ProB|PremiumA)?$"_s,
                                          QRegularExpression::CaseInsensitiveOption);
    const QString name = chip.trimmed();
    if (isAtlasA3Chip(name))
        return Accelerator::Ascend910_93;
    if (a2.match(name).hasMatch())
        return Accelerator::Ascend910b;
    if (first.match(name).hasMatch())
        return Accelerator::Ascend910;
    return std::nullopt;
}

// Atlas A3 servers name their chips "Ascend910" in npu-smi info (project accelerator
// ascend910_93).
bool isAtlasA3Chip(const QString &chip)
{
    return chip.trimmed().compare(u"Ascend910"_s, Qt::CaseInsensitive) == 0;
}

namespace {

// The reason check.sh prints too (chipScriptConstants()).
constexpr char kChipOther[] = "NPU chip %1 is %2 hardware, the project's accelerator is %3";

} // namespace

std::vector<ScriptConstant> chipScriptConstants()
{
    return {
        {"TEXT_CHIP_OTHER", QString::fromUtf8(kChipOther)},
    };
}

QString chipMismatch(Accelerator project, const QString &chip)
{
    if (!isAscend(project))
        return {};
    const std::optional<Accelerator> hardware = acceleratorOfChip(chip);
    if (!hardware || *hardware == project)
        return {};
    return QString::fromUtf8(kChipOther)
        .arg(chip.trimmed(), acceleratorName(*hardware), acceleratorName(project));
}

} // namespace cw::checks
