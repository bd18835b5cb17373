// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The one way clusterwiz reads JSON (projects, run records, undo journals, imported rank tables):
// bytes in, a document or a message out, never an exception. Nesting is limited before nlohmann
// builds anything (its copy and dump recurse), a key given twice in one object is refused (JSON
// would silently keep the last one), every nlohmann exception becomes a message, and typed
// accessors report "path: must be ..." instead of throwing. Takes raw bytes, so a fuzz target can
// call it directly.

#include "model/Problem.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <climits>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace cw {

// No clusterwiz file nests deeper than 6; 64 leaves room for unknown members kept as they are.
constexpr int kJsonDepthLimit = 64;

struct JsonParse {
    nlohmann::ordered_json document;
    QString error;     // "not valid JSON: ...", "nested deeper than 64 levels ..."; empty when ok
    int errorLine = 0; // the 1-based line a syntax error is on; 0 when not known
    bool ok() const { return error.isEmpty(); }
};

// The deepest nesting of arrays and objects in `bytes`, counting stopped past `limit`; brackets
// inside strings do not count. Cheap: no document is built.
int jsonNestingDepth(const QByteArray &bytes, int limit);

// Parses `bytes` (UTF-8 JSON); never throws, whatever the bytes.
JsonParse parseJsonBytes(const QByteArray &bytes, int depthLimit = kJsonDepthLimit);
// readRegularFile() (a regular file of at most 16 MB) then parseJsonBytes(); errors start "PATH: ".
JsonParse readJsonFile(const QString &path);

// "string", "number", "object", ...: nlohmann's names for the type found.
QString jsonTypeName(const nlohmann::ordered_json &value);

enum class JsonInt { Ok, NotWhole, OutOfRange };
// An int from a JSON integer in [min, max]; unsigned values above INT64_MAX are out of range too.
JsonInt jsonToInt(const nlohmann::ordered_json &value, int &out, long long min = INT_MIN,
                  long long max = INT_MAX);
// The "must be a whole number, not X" / "N is out of range" text for a failed jsonToInt().
QString jsonIntProblem(const nlohmann::ordered_json &value, JsonInt result);

// Typed members of one JSON object: the one typed reader of every clusterwiz file. A member of
// the wrong type (or a missing required one) adds a problem naming "PATH.KEY" and reads as
// nullopt; nothing throws. Problems go either to a list of "PATH.KEY: must be ..." lines (run
// records, undo journals) or, for a project, to Problems with their ProblemPlace (rule "schema").
class JsonFields {
public:
    JsonFields(const nlohmann::ordered_json &object, const QString &path, QStringList &problems);
    JsonFields(const nlohmann::ordered_json &object, const ProblemPlace &place, Problems &problems);

    QString path(const char *key) const;
    ProblemPlace place(const char *key) const;
    std::optional<QString> string(const char *key, bool required = false);
    std::optional<int> integer(const char *key, bool required = false, long long min = INT_MIN,
                               long long max = INT_MAX);
    std::optional<bool> boolean(const char *key, bool required = false);
    const nlohmann::ordered_json *object(const char *key, bool required = false);
    const nlohmann::ordered_json *array(const char *key, bool required = false);
    // Arrays of strings / whole numbers: an item of another type is a problem at "PATH.KEY[i]"
    // and is left out.
    std::optional<QStringList> stringList(const char *key);
    std::optional<std::vector<int>> intList(const char *key);
    bool has(const char *key); // present, even as null (and now a known member)
    // A problem of this object's own (a value of the right type that is still wrong).
    void problem(const char *key, const QString &message);

    // The members of the object that no accessor above asked for, in file order: unknown to this
    // version, or misspelt. `nearest` is the asked name within two edits of it, if any.
    struct Unknown {
        std::string key;
        QString nearest;
    };
    std::vector<Unknown> unknownMembers() const;

private:
    const nlohmann::ordered_json *member(const char *key, bool required);
    void itemProblem(const char *key, size_t index, const QString &message);

    const nlohmann::ordered_json &m_object;
    QString m_path;
    ProblemPlace m_place;
    QStringList *m_lines = nullptr;
    Problems *m_problems = nullptr;
    std::vector<const char *> m_asked;
};

} // namespace cw
