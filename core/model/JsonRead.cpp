// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/JsonRead.h"

#include "model/Problem.h"
#include "model/SafeFile.h"

#include <algorithm>
#include <cstdlib>
#include <functional>
#include <new>
#include <set>
#include <string>
#include <vector>

using namespace Qt::StringLiterals;

namespace cw {

using Json = nlohmann::ordered_json;

namespace {

QString withoutTag(const char *what)
{
    // nlohmann's messages start with "[json.exception.parse_error.101] "; the rest is the news.
    QString message = QString::fromUtf8(what);
    if (message.startsWith(u"[json.exception."_s)) {
        if (const auto tagEnd = message.indexOf(u"] "); tagEnd >= 0)
            message = message.mid(tagEnd + 2);
    }
    return message;
}

// Finds the first key given twice in one object while nlohmann parses (its own parser keeps the
// last value, so `"servers": [...], "servers": []` would read as no servers). Tracks the path of
// the object being read so that the message names where the key is.
class DuplicateKeys {
public:
    bool operator()(int /*depth*/, Json::parse_event_t event, Json &parsed)
    {
        using Event = Json::parse_event_t;
        switch (event) {
        case Event::object_start:
        case Event::array_start:
            m_frames.push_back({event == Event::array_start, childName(), {}, {}, 0});
            break;
        case Event::key:
            if (!m_frames.empty() && parsed.is_string()) {
                Frame &frame = m_frames.back();
                frame.key = parsed.get<std::string>();
                if (!frame.keys.insert(frame.key).second && m_duplicate.empty())
                    m_duplicate = join(frame.name, frame.key);
            }
            break;
        case Event::object_end:
        case Event::array_end:
            if (!m_frames.empty())
                m_frames.pop_back();
            countElement();
            break;
        case Event::value:
            countElement();
            break;
        }
        return true;
    }

    // "launch.env.NAME", "servers[1].host", or empty when no key was repeated.
    const std::string &duplicate() const { return m_duplicate; }

private:
    struct Frame {
        bool array = false;
        std::string name; // this container's path
        std::string key;  // the member being read (objects)
        std::set<std::string> keys;
        size_t index = 0; // the element being read (arrays)
    };

    static std::string join(const std::string &path, const std::string &key)
    {
        return path.empty() ? key : path + '.' + key;
    }
    std::string childName() const
    {
        if (m_frames.empty())
            return {};
        const Frame &parent = m_frames.back();
        return parent.array ? parent.name + '[' + std::to_string(parent.index) + ']'
                            : join(parent.name, parent.key);
    }
    void countElement()
    {
        if (!m_frames.empty() && m_frames.back().array)
            ++m_frames.back().index;
    }

    std::vector<Frame> m_frames;
    std::string m_duplicate;
};

} // namespace

int jsonNestingDepth(const QByteArray &bytes, int limit)
{
    int depth = 0;
    int deepest = 0;
    bool inString = false;
    bool escaped = false;
    for (const char c : bytes) {
        if (inString) {
            if (escaped)
                escaped = false;
            else if (c == '\\')
                escaped = true;
            else if (c == '"')
                inString = false;
            continue;
        }
        if (c == '"') {
            inString = true;
        } else if (c == '[' || c == '{') {
            deepest = std::max(deepest, ++depth);
            if (depth > limit)
                return depth;
        } else if (c == ']' || c == '}') {
            --depth;
        }
    }
    return deepest;
}

JsonParse parseJsonBytes(const QByteArray &bytes, int depthLimit)
{
    JsonParse result;
    if (jsonNestingDepth(bytes, depthLimit) > depthLimit) {
        result.error = u"not accepted: nested deeper than %1 levels"_s.arg(depthLimit);
        return result;
    }
    DuplicateKeys duplicates;
    try {
        result.document =
            Json::parse(bytes.constData(), bytes.constData() + bytes.size(), std::ref(duplicates));
        if (!duplicates.duplicate().empty()) {
            result.error = u"not accepted: %1 is given twice in one object (JSON keeps only one of "
                           u"them; remove the other)"_s.arg(
                               escapeControls(QString::fromStdString(duplicates.duplicate())));
        }
    } catch (const Json::parse_error &error) {
        result.error = u"not valid JSON: "_s + withoutTag(error.what());
        const qsizetype offset = std::min<qsizetype>(qsizetype(error.byte), bytes.size());
        result.errorLine = int(bytes.left(offset).count('\n')) + 1;
    } catch (const Json::exception &error) {
        result.error = u"not valid JSON: "_s + withoutTag(error.what());
    } catch (const std::bad_alloc &) {
        result.error = u"not accepted: too large to hold in memory"_s;
    }
    if (!result.ok())
        result.document = Json();
    return result;
}

JsonParse readJsonFile(const QString &path)
{
    const FileBytes file = readRegularFile(path);
    if (!file.ok())
        return JsonParse{Json(), file.error};
    JsonParse parsed = parseJsonBytes(file.bytes);
    if (!parsed.ok())
        parsed.error = path + u": "_s + parsed.error;
    return parsed;
}

QString jsonTypeName(const Json &value)
{
    return QString::fromLatin1(value.type_name());
}

JsonInt jsonToInt(const Json &value, int &out, long long min, long long max)
{
    if (value.is_number_unsigned()) {
        const auto wide = value.get<unsigned long long>();
        if (max < 0 || wide > static_cast<unsigned long long>(max))
            return JsonInt::OutOfRange;
        if (static_cast<long long>(wide) < min)
            return JsonInt::OutOfRange;
        out = static_cast<int>(wide);
        return JsonInt::Ok;
    }
    if (!value.is_number_integer())
        return JsonInt::NotWhole;
    const auto wide = value.get<long long>();
    if (wide < min || wide > max)
        return JsonInt::OutOfRange;
    out = static_cast<int>(wide);
    return JsonInt::Ok;
}

QString jsonIntProblem(const Json &value, JsonInt result)
{
    if (result == JsonInt::OutOfRange)
        return QString::fromStdString(value.dump()) + u" is out of range"_s;
    return u"must be a whole number, not "_s + jsonTypeName(value);
}

JsonFields::JsonFields(const Json &object, const QString &path, QStringList &problems)
    : m_object(object), m_path(path), m_lines(&problems)
{
}

JsonFields::JsonFields(const Json &object, const ProblemPlace &place, Problems &problems)
    : m_object(object), m_path(place.path()), m_place(place), m_problems(&problems)
{
}

QString JsonFields::path(const char *key) const
{
    const QString name = QString::fromUtf8(key);
    return m_path.isEmpty() ? name : m_path + u'.' + name;
}

ProblemPlace JsonFields::place(const char *key) const
{
    return m_place.member(QString::fromUtf8(key));
}

void JsonFields::problem(const char *key, const QString &message)
{
    if (m_problems)
        m_problems->emplace_back(u"schema"_s, place(key), message);
    else
        *m_lines << path(key) + u": "_s + message;
}

const Json *JsonFields::member(const char *key, bool required)
{
    m_asked.push_back(key);
    if (!m_object.is_object()) {
        if (required)
            problem(key, u"is required"_s);
        return nullptr;
    }
    const auto found = m_object.find(key);
    if (found == m_object.end() || found->is_null()) {
        if (required)
            problem(key, u"is required"_s);
        return nullptr;
    }
    return &*found;
}

bool JsonFields::has(const char *key)
{
    m_asked.push_back(key);
    return m_object.is_object() && m_object.contains(key);
}

std::optional<QString> JsonFields::string(const char *key, bool required)
{
    const Json *value = member(key, required);
    if (!value)
        return std::nullopt;
    if (!value->is_string()) {
        problem(key, u"must be a string, not "_s + jsonTypeName(*value));
        return std::nullopt;
    }
    return QString::fromStdString(value->get_ref<const std::string &>());
}

std::optional<int> JsonFields::integer(const char *key, bool required, long long min, long long max)
{
    const Json *value = member(key, required);
    if (!value)
        return std::nullopt;
    int out = 0;
    if (const JsonInt result = jsonToInt(*value, out, min, max); result != JsonInt::Ok) {
        problem(key, jsonIntProblem(*value, result));
        return std::nullopt;
    }
    return out;
}

std::optional<bool> JsonFields::boolean(const char *key, bool required)
{
    const Json *value = member(key, required);
    if (!value)
        return std::nullopt;
    if (!value->is_boolean()) {
        problem(key, u"must be true or false, not "_s + jsonTypeName(*value));
        return std::nullopt;
    }
    return value->get<bool>();
}

const Json *JsonFields::object(const char *key, bool required)
{
    const Json *value = member(key, required);
    if (value && !value->is_object()) {
        problem(key, u"must be an object, not "_s + jsonTypeName(*value));
        return nullptr;
    }
    return value;
}

const Json *JsonFields::array(const char *key, bool required)
{
    const Json *value = member(key, required);
    if (value && !value->is_array()) {
        problem(key, u"must be an array, not "_s + jsonTypeName(*value));
        return nullptr;
    }
    return value;
}

std::optional<QStringList> JsonFields::stringList(const char *key)
{
    const Json *value = array(key);
    if (!value)
        return std::nullopt;
    QStringList out;
    out.reserve(qsizetype(value->size()));
    for (size_t i = 0; i < value->size(); ++i) {
        const Json &item = (*value)[i];
        if (item.is_string())
            out << QString::fromStdString(item.get_ref<const std::string &>());
        else
            itemProblem(key, i, u"must be a string, not "_s + jsonTypeName(item));
    }
    return out;
}

std::optional<std::vector<int>> JsonFields::intList(const char *key)
{
    const Json *value = array(key);
    if (!value)
        return std::nullopt;
    std::vector<int> out;
    out.reserve(value->size());
    for (size_t i = 0; i < value->size(); ++i) {
        int number = 0;
        if (const JsonInt result = jsonToInt((*value)[i], number); result == JsonInt::Ok)
            out.push_back(number);
        else
            itemProblem(key, i, jsonIntProblem((*value)[i], result));
    }
    return out;
}

void JsonFields::itemProblem(const char *key, size_t index, const QString &message)
{
    if (m_problems)
        m_problems->emplace_back(u"schema"_s, place(key).item(int(index)), message);
    else
        *m_lines << path(key) + u'[' + QString::number(index) + u"]: "_s + message;
}

namespace {

// Edits (insert, delete, replace, swap of neighbours) from `a` to `b`, stopped past `limit`.
int editDistance(const std::string &a, const std::string &b, int limit)
{
    const int n = int(a.size());
    const int m = int(b.size());
    if (std::abs(n - m) > limit)
        return limit + 1;
    std::vector<std::vector<int>> d(size_t(n + 1), std::vector<int>(size_t(m + 1)));
    for (int i = 0; i <= n; ++i)
        d[size_t(i)][0] = i;
    for (int j = 0; j <= m; ++j)
        d[0][size_t(j)] = j;
    for (int i = 1; i <= n; ++i) {
        for (int j = 1; j <= m; ++j) {
            const int cost = a[size_t(i - 1)] == b[size_t(j - 1)] ? 0 : 1;
            int best = std::min({d[size_t(i - 1)][size_t(j)] + 1, d[size_t(i)][size_t(j - 1)] + 1,
                                 d[size_t(i - 1)][size_t(j - 1)] + cost});
            if (i > 1 && j > 1 && a[size_t(i - 1)] == b[size_t(j - 2)] &&
                a[size_t(i - 2)] == b[size_t(j - 1)])
                best = std::min(best, d[size_t(i - 2)][size_t(j - 2)] + 1);
            d[size_t(i)][size_t(j)] = best;
        }
    }
    return d[size_t(n)][size_t(m)];
}

} // namespace

std::vector<JsonFields::Unknown> JsonFields::unknownMembers() const
{
    std::vector<Unknown> unknown;
    if (!m_object.is_object())
        return unknown;
    for (const auto &[key, value] : m_object.items()) {
        const auto asked = [&name = key](const char *known) { return name == known; };
        if (std::any_of(m_asked.begin(), m_asked.end(), asked))
            continue;
        Unknown member{key, {}};
        int nearest = 3;
        for (const char *known : m_asked) {
            if (const int distance = editDistance(key, known, 2); distance < nearest) {
                nearest = distance;
                member.nearest = QString::fromUtf8(known);
            }
        }
        unknown.push_back(std::move(member));
    }
    return unknown;
}

} // namespace cw
