// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/Problem.h"
#include "model/Project.h"

#include <QSet>
#include <QString>

namespace cw {

// Wording shared by the rule checks, so that every message names a server and a device the
// same way. Places (path and location together) come from model/Problem.h; a value shown in a
// message goes through escapeControls() (model/Problem.h), the one escaping function.

// The server's name when it is a valid one, else its JSON path ("servers[3]").
QString serverLabel(const Project &project, int serverIndex);

// Collects problems in order, keeping only the first one per (rule, path); paths and messages
// are made printable on the way in.
class ProblemList {
public:
    void add(const QString &rule, const ProblemPlace &place, const QString &message);
    // A translatable message (context "cw::Validation"), and what it says as a kind and values.
    void add(const QString &rule, const ProblemPlace &place, const TrText &message,
             ProblemKind kind = ProblemKind::General, const ProblemValues &values = {});
    void append(const Problems &problems);
    bool empty() const { return m_problems.empty(); }
    Problems take() { return std::move(m_problems); }

private:
    Problems m_problems;
    QSet<QString> m_seen;
};

} // namespace cw
