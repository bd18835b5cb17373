#pragma once

#include <QString>

#include <vector>

namespace cw {

// One thing wrong with a project, located so the user can find it: `path` is the JSON path
// ("servers[1].device_ips[4]"), `rule` a stable id tests and the GUI can key on.
struct Problem {
    QString rule;
    QString path;
    QString message;

    QString toString() const
    {
        return path.isEmpty() ? message : path + QStringLiteral(": ") + message;
    }
    bool operator==(const Problem &) const = default;
};

using Problems = std::vector<Problem>;

} // namespace cw
