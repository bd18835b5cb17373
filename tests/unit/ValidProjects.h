// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The gates that act on a project (generateScripts, exportProject, planLaunch) take a
// ValidProject, which only validated() makes; tests build their projects by hand and hand them
// on through these, as the CLI and the wizard do with a project they read.

#include "generate/Generator.h"
#include "rules/ProjectValidator.h"

#include <QtGlobal>

#include <utility>
#include <vector>

namespace cwtest {

// `project` as the gates take it. A test's project that the rules reject ends the test here,
// naming the first problem: it is the test that is wrong.
inline cw::ValidProject valid(const cw::Project &project)
{
    cw::ProjectValidation rules = cw::validated(project);
    if (!rules.ok())
        qFatal("the test's project is invalid: %s", qPrintable(rules.problems.front().toString()));
    return std::move(*rules.valid);
}

// What `clusterwiz-cli generate` makes of a project as read: the rules' problems and no files,
// or every file.
struct Generated {
    std::vector<cw::GeneratedFile> files;
    cw::Problems problems;

    bool ok() const { return problems.empty(); }
};

inline Generated generateFrom(const cw::Project &project)
{
    cw::ProjectValidation rules = cw::validated(project);
    if (!rules.ok())
        return {{}, std::move(rules.problems)};
    return {cw::generateScripts(*rules.valid), {}};
}

} // namespace cwtest
