// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/TrText.h"

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

// What is wrong, for a face that words a problem itself instead of showing its message (the
// wizard's Servers page names its own columns and servers): the kinds the rules report, each
// with the ProblemValues its comment names; General where only the message says it.
enum class ProblemKind {
    General,
    // One value's own (rules/ValueRules.h); `value` is the value as the project holds it.
    Empty,
    TooLong,     // `limit`: the most characters
    LeadingDash, // would read as an option
    LeadingDot,  // would name a folder (".", "..")
    HasNul,
    HasLineBreak,
    HasShellCharacter, // `detail`: the character a remote shell would parse
    HasSpace,          // where one program is named
    NotIpv4,
    NotHostName, // RFC 1123
    NotSshHost,  // not an address, host name or ssh alias
    NotUserName,
    NotEnvName,
    NotPort, // `value`: the number
    NotInterfaceName,
    NotAbsolutePath,
    NotServerName, // `limit`: the most characters
    // A server among the others.
    HostIpMissing,  // `value`: the host, which is no address
    NameTaken,      // `value`: the name; `otherServer`: the first server with it
    HostIpTaken,    // `value`: the address; `otherServer`: the first server with it
    SshPortDiffers, // `value`: the port; `otherServer` and `otherValue`: the one it differs from
    DeviceIpsUnexpected, // `value`: the accelerator, which has no device IPs
    // The list of servers.
    NoServers,
    TooManyServers, // `value`: how many; `limit`: the most
};

// The values a problem's kind speaks of; the place (server, device, field) is its location.
// Every member has an initializer, so that a rule names only the values it has ({.value = x}).
struct ProblemValues {
    QString value{};      // raw, as the project holds it: escape it to show it
    QString detail{};     // the part of `value` at fault
    qsizetype limit = -1; // the bound `value` passes
    int otherServer = -1; // an index in Project::servers
    QString otherValue{}; // that server's value
    // What is wrong, without the field's name, where the message is "FIELD REASON" (the
    // container section's rules): a face that names the field itself shows this after its name.
    TrText reason{};
    bool operator==(const ProblemValues &) const = default;
};

// One thing wrong with a project: `rule` a stable id tests and the GUI can key on, `path` the
// JSON path ("servers[1].device_ips[4]") the CLI prints, `location` the same place in parts.
// `message` is the English text (CLI, JSON); `text` the same message translatable, for the
// wizard (translatedMessage()); `kind` and `values` what it says, for a face that words it
// itself.
struct Problem {
    Problem() = default;
    Problem(const QString &rule, const ProblemPlace &place, const QString &message)
        : rule(rule), path(place.path()), message(message), location(place.location()),
          text(TrText::verbatim(message))
    {
    }
    Problem(const QString &rule, const ProblemPlace &place, const TrText &text)
        : rule(rule), path(place.path()), message(text.english()), location(place.location()),
          text(text)
    {
    }

    QString rule;
    QString path;
    QString message;
    ProblemLocation location;
    TrText text;
    ProblemKind kind = ProblemKind::General;
    ProblemValues values;

    QString toString() const
    {
        return path.isEmpty()
                   ? escapeControls(message)
                   : escapeControls(path) + QStringLiteral(": ") + escapeControls(message);
    }
    // The message and the whole line in the user's language (the wizard's).
    QString translatedMessage() const
    {
        return escapeControls(text.isEmpty() ? message : text.translated());
    }
    QString translatedString() const
    {
        return path.isEmpty() ? translatedMessage()
                              : escapeControls(path) + QStringLiteral(": ") + translatedMessage();
    }
    bool operator==(const Problem &) const = default;
};

using Problems = std::vector<Problem>;

} // namespace cw
