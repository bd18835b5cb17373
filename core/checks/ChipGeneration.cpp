#include "checks/ChipGeneration.h"

#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace cw::checks {

std::optional<Accelerator> acceleratorOfChip(const QString &chip)
{
    static const QRegularExpression a2(u"^910B\\d"_s, QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression first(u"^910(A|B|ProA|ProB)?$"_s,
                                          QRegularExpression::CaseInsensitiveOption);
    const QString name = chip.trimmed();
    if (a2.match(name).hasMatch())
        return Accelerator::Ascend910b;
    if (first.match(name).hasMatch())
        return Accelerator::Ascend910;
    return std::nullopt;
}

QString chipMismatch(Accelerator project, const QString &chip)
{
    if (!isAscend(project))
        return {};
    const std::optional<Accelerator> hardware = acceleratorOfChip(chip);
    if (!hardware || *hardware == project)
        return {};
    return u"NPU chip %1 is %2 hardware, the project's accelerator is %3"_s.arg(
        chip.trimmed(), acceleratorName(*hardware), acceleratorName(project));
}

} // namespace cw::checks
