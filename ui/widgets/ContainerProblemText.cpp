// SPDX-License-Identifier: GPL-3.0-or-later
#include "ContainerProblemText.h"

#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace cw {
namespace {

const QString kPrefix = u"container."_s;

} // namespace

bool ContainerProblemText::isContainerProblem(const Problem &problem)
{
    return problem.location.server < 0 && problem.location.field.startsWith(kPrefix);
}

QString ContainerProblemText::fieldTitle(const QString &member)
{
    static const QRegularExpression item(u"^([a-z_]+)\\[([0-9]+)\\]$"_s);
    QString name = member;
    int line = -1;
    if (const QRegularExpressionMatch match = item.match(member); match.hasMatch()) {
        name = match.captured(1);
        line = match.captured(2).toInt() + 1;
    }
    if (name == u"engine")
        return tr("Engine");
    if (name == u"image")
        return tr("Image");
    if (name == u"name")
        return tr("Container name");
    if (name == u"ssh_port")
        return tr("SSH port");
    if (name == u"shm_size")
        return tr("Shared memory");
    if (name == u"privileged")
        return tr("Privileged");
    QString list;
    if (name == u"mounts")
        list = tr("Mounts");
    else if (name == u"env_setup")
        list = tr("Environment setup");
    else if (name == u"run_args")
        list = tr("Run options");
    else
        return {};
    return line > 0 ? tr("%1 line %2").arg(list).arg(line) : list;
}

QString ContainerProblemText::fieldText(const Problem &problem)
{
    // The member as the path names it: "container.mounts[1]".
    const QString member = problem.path.startsWith(kPrefix) ? problem.path.mid(kPrefix.size())
                                                            : problem.location.field;
    const QString title = fieldTitle(member);
    if (title.isEmpty() || problem.values.reason.isEmpty())
        return problem.translatedMessage(); // the file's own mistakes: the core's words
    return tr("%1 %2").arg(title, escapeControls(problem.values.reason.translated()));
}

QString ContainerProblemText::text(const Problem &problem)
{
    return tr("Training containers: %1").arg(fieldText(problem));
}

} // namespace cw
