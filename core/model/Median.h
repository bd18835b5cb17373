// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The median of some numbers: the middle one, or the mean of the two middle ones; nullopt for
// none. One definition for every comparison with "the median" that a person reads (stragglers,
// idle devices, slow pairs of the link test, the Speed tab's summary).

#include <algorithm>
#include <optional>
#include <vector>

namespace cw {

inline std::optional<double> median(std::vector<double> values)
{
    if (values.empty())
        return std::nullopt;
    const auto middle = values.begin() + std::ptrdiff_t(values.size() / 2);
    std::nth_element(values.begin(), middle, values.end());
    const double upper = *middle;
    if (values.size() % 2 == 1)
        return upper;
    return (*std::max_element(values.begin(), middle) + upper) / 2;
}

} // namespace cw
