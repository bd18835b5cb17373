// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/Problem.h"
#include "model/Project.h"

#include <optional>
#include <utility>

namespace cw {

// Every rule a project must satisfy before anything is generated or launched: field values
// (addresses, names, ports, paths, variable names), server list (unique names and host IPs,
// master exists, at most 128), device subsets, and for ascend910 the device network rules.
// One Problem per broken rule and place, each naming the JSON path, the server and the device.
Problems validateProject(const Project &project);

struct ProjectValidation;
// validateProject()'s problems, and the project as a ValidProject when there are none.
ProjectValidation validated(Project project);

// A project that every rule accepted, as a type that only validated() makes: a project is
// validated once, where it comes in (read by a command, edited in the wizard), and what acts on
// it (generateScripts, exportProject, planLaunch) takes this value instead of validating again.
class ValidProject {
public:
    const Project &project() const { return m_project; }
    const Project *operator->() const { return &m_project; }

private:
    friend ProjectValidation validated(Project project);
    friend ValidProject containerJobView(const ValidProject &project);
    explicit ValidProject(Project project) : m_project(std::move(project)) {}

    Project m_project;
};

struct ProjectValidation {
    Problems problems;                 // validateProject()'s
    std::optional<ValidProject> valid; // the project, when problems is empty

    bool ok() const { return valid.has_value(); }
};

// containerJobProject() of a valid project: the same values, the servers reached inside their
// containers; valid because the container rules already held for the file's project.
ValidProject containerJobView(const ValidProject &project);

} // namespace cw
