// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The typed members of an imported rank table, shared by its 1.0 and Atlas A3 readers.

#include "exchange/ImportShared.h"

#include <nlohmann/json.hpp>

#include <QString>

#include <initializer_list>
#include <optional>
#include <string>

namespace cw::ranktable {

using Json = nlohmann::ordered_json;

inline QString str(const std::string &s)
{
    return QString::fromStdString(s);
}

// A member written as a string (hccl_tools, merge_hccl) or a number (merge_hccl's first version).
inline std::optional<int> numberMember(const Json &object, const char *key, int high)
{
    const auto it = object.find(key);
    if (it == object.end())
        return std::nullopt;
    if (it->is_number_unsigned() && it->get<unsigned long long>() <= unsigned(high))
        return static_cast<int>(it->get<unsigned long long>());
    if (it->is_string())
        return strictNumber(str(it->get<std::string>()), 0, high);
    return std::nullopt;
}

inline QString stringMember(const Json &object, const char *key)
{
    const auto it = object.find(key);
    return it != object.end() && it->is_string() ? str(it->get<std::string>()) : QString();
}

inline void noteUnknown(const Json &object, std::initializer_list<const char *> known,
                        const QString &where, ImportLog &log)
{
    using namespace Qt::StringLiterals;
    for (auto it = object.begin(); it != object.end(); ++it) {
        bool isKnown = false;
        for (const char *name : known)
            isKnown = isKnown || it.key() == name;
        if (!isKnown)
            log.note(u"could not carry: %1%2"_s.arg(where, str(it.key())));
    }
}

} // namespace cw::ranktable

namespace cw {

// An Atlas A3 table (version "1.2", or a 1.0 table with what only A3 tables hold) into an
// ascend910_93 project: RankTableA3Import.cpp. `document` passed the status and version checks.
void importAtlasA3RankTable(const ranktable::Json &document, bool superPod, const QString &source,
                            const ImportOptions &options, ImportLog &log, ImportResult &result);

} // namespace cw
