// SPDX-License-Identifier: GPL-3.0-or-later
#include "rules/RuleText.h"

#include "rules/ValueRules.h"

using namespace Qt::StringLiterals;

namespace cw {
namespace {

QString seenKey(const QString &rule, const QString &path)
{
    return rule + QChar(u'\x1f') + path;
}

} // namespace

QString serverLabel(const Project &project, int serverIndex)
{
    if (serverIndex >= 0 && serverIndex < static_cast<int>(project.servers.size())) {
        const QString &name = project.servers[static_cast<size_t>(serverIndex)].name;
        if (serverNameValueProblem(name).isEmpty())
            return name;
    }
    return serverPlace(serverIndex).path();
}

void ProblemList::add(const QString &rule, const ProblemPlace &place, const QString &message)
{
    Problem problem(rule, place, escapeControls(message));
    problem.path = escapeControls(problem.path);
    append({problem});
}

void ProblemList::add(const QString &rule, const ProblemPlace &place, const TrText &message,
                      ProblemKind kind, const ProblemValues &values)
{
    // Escaped on the way out (Problem::toString(), translatedMessage()): the English message
    // here, so that `message` reads as it always did. The values stay raw for a face to escape.
    Problem problem(rule, place, message);
    problem.kind = kind;
    problem.values = values;
    problem.message = escapeControls(problem.message);
    problem.path = escapeControls(problem.path);
    append({problem});
}

void ProblemList::append(const Problems &problems)
{
    for (const Problem &problem : problems) {
        const QString key = seenKey(problem.rule, problem.path);
        if (m_seen.contains(key))
            continue;
        m_seen.insert(key);
        m_problems.push_back(problem);
    }
}

} // namespace cw
