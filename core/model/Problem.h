#pragma once

#include <QString>

#include <vector>

namespace cw {

// User text made safe to print on one terminal line: control characters (C0, DEL, C1), line and
// paragraph separators and bidirectional overrides become visible escapes ("\n", "\x1b",
// "\u202e"), so a value cannot forge an extra line or drive the
// terminal. Every message that echoes a value from a file goes through it (Problem::toString()).
QString escapeControls(const QString &text);

// The part of a project a wizard page edits, for pages that show only their own problems.
enum class ProblemArea { Project, Servers, Devices, Launch };

// Where in a project a problem lies, for a GUI to mark without reading the path back.
// `server` indexes Project::servers and `device` a position in that server's devices and
// device_ips (-1 when the problem is not about one). `field` is the JSON member named, without
// indices or keys: the server's own ("host", "device_ips") when `server` is set, else from the
// top ("launch.master_port", "launch.env", "device_network.segments"); empty for a whole server
// or the whole project.
struct ProblemLocation {
    int server = -1;
    int device = -1;
    QString field;

    ProblemArea area() const;
    bool operator==(const ProblemLocation &) const = default;
};

// A JSON path and its location, grown one step at a time so that the two always agree. The one
// place that knows which lists hold servers and devices; every producer of problems (the loader,
// the rules) names places through it.
class ProblemPlace {
public:
    ProblemPlace() = default; // the project as a whole

    ProblemPlace member(const QString &name) const; // "launch" -> "launch.workdir"
    ProblemPlace item(int index) const;             // "launch.args" -> "launch.args[2]"
    ProblemPlace key(const QString &name) const;    // "launch.env" -> "launch.env.NAME"

    const QString &path() const { return m_path; }
    const ProblemLocation &location() const { return m_location; }
    bool operator==(const ProblemPlace &) const = default;

private:
    QString m_path;
    ProblemLocation m_location;
};

ProblemPlace projectPlace(const QString &dottedField);        // "launch.master_port"
ProblemPlace serverPlace(int server);                         // "servers[1]"
ProblemPlace serverFieldPlace(int server, const char *field); // "servers[1].host"
ProblemPlace devicePlace(int server, int position);           // "servers[1].devices[4]"
ProblemPlace deviceIpPlace(int server, int position);         // "servers[1].device_ips[4]"

// One thing wrong with a project: `rule` a stable id tests and the GUI can key on, `path` the
// JSON path ("servers[1].device_ips[4]") the CLI prints, `location` the same place in parts.
struct Problem {
    Problem() = default;
    Problem(const QString &rule, const ProblemPlace &place, const QString &message)
        : rule(rule), path(place.path()), message(message), location(place.location())
    {
    }

    QString rule;
    QString path;
    QString message;
    ProblemLocation location;

    QString toString() const
    {
        return path.isEmpty()
                   ? escapeControls(message)
                   : escapeControls(path) + QStringLiteral(": ") + escapeControls(message);
    }
    bool operator==(const Problem &) const = default;
};

using Problems = std::vector<Problem>;

} // namespace cw
