// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// One table per enum of its names (in project files, JSON, reports, command lines), read in both
// directions: the name of a value and the value of a name come from the same rows, so the two
// cannot drift apart. A table is made by nameTable<Enum>({{Enum::A, "a"}, ...}), its size taken
// from the rows; tst_nameTables holds every table to every enumerator of its enum.

#include <QLatin1StringView>
#include <QString>
#include <QStringList>
#include <QStringView>

#include <array>
#include <cstddef>
#include <optional>
#include <vector>

namespace cw {

template <typename T> struct NameRow {
    T value;
    const char *name; // ASCII
};

template <typename T, std::size_t N> class NameTable {
public:
    constexpr explicit NameTable(const NameRow<T> (&rows)[N])
    {
        for (std::size_t i = 0; i < N; ++i)
            m_rows[i] = rows[i];
    }

    // The name of `value`; `missing` for a value without a row.
    QString name(T value, QLatin1StringView missing = {}) const
    {
        for (const NameRow<T> &row : m_rows) {
            if (row.value == value)
                return QString(QLatin1StringView(row.name));
        }
        return QString(missing);
    }

    std::optional<T> fromName(QStringView name, Qt::CaseSensitivity cs = Qt::CaseSensitive) const
    {
        for (const NameRow<T> &row : m_rows) {
            if (name.compare(QLatin1StringView(row.name), cs) == 0)
                return row.value;
        }
        return std::nullopt;
    }

    // The values and the names in the table's order.
    std::vector<T> values() const
    {
        std::vector<T> values;
        for (const NameRow<T> &row : m_rows)
            values.push_back(row.value);
        return values;
    }
    QStringList names() const
    {
        QStringList names;
        for (const NameRow<T> &row : m_rows)
            names << QString(QLatin1StringView(row.name));
        return names;
    }

    constexpr std::size_t size() const { return N; }
    constexpr const NameRow<T> *begin() const { return m_rows.data(); }
    constexpr const NameRow<T> *end() const { return m_rows.data() + N; }

private:
    std::array<NameRow<T>, N> m_rows{};
};

template <typename T, std::size_t N>
constexpr NameTable<T, N> nameTable(const NameRow<T> (&rows)[N])
{
    return NameTable<T, N>(rows);
}

} // namespace cw
