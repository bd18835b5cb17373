// SPDX-License-Identifier: GPL-3.0-or-later
#include "logs/LossBands.h"

#include <algorithm>

namespace cw {

LossBands::LossBands(int maxBuckets) : m_maxBuckets(std::max(2, maxBuckets)) {}

void LossBands::add(int step, double loss)
{
    step = std::max(step, 0);
    while (step / m_width >= m_maxBuckets)
        mergePairs();
    const size_t index = size_t(step / m_width);
    if (index >= m_buckets.size())
        m_buckets.resize(index + 1);
    Sum &bucket = m_buckets[index];
    bucket.min = bucket.count ? std::min(bucket.min, loss) : loss;
    bucket.max = bucket.count ? std::max(bucket.max, loss) : loss;
    bucket.sum += loss;
    ++bucket.count;
    ++m_added;
}

void LossBands::mergePairs()
{
    std::vector<Sum> merged((m_buckets.size() + 1) / 2);
    for (size_t i = 0; i < m_buckets.size(); ++i) {
        const Sum &from = m_buckets[i];
        Sum &to = merged[i / 2];
        if (!from.count)
            continue;
        to.min = to.count ? std::min(to.min, from.min) : from.min;
        to.max = to.count ? std::max(to.max, from.max) : from.max;
        to.sum += from.sum;
        to.count += from.count;
    }
    m_buckets = std::move(merged);
    m_width *= 2;
}

void LossBands::clear()
{
    m_buckets.clear();
    m_width = 1;
    m_added = 0;
}

std::vector<LossBucket> LossBands::buckets() const
{
    std::vector<LossBucket> out;
    out.reserve(m_buckets.size());
    for (size_t i = 0; i < m_buckets.size(); ++i) {
        const Sum &sum = m_buckets[i];
        if (sum.count)
            out.push_back(
                {int(i) * m_width, sum.min, sum.max, sum.sum / double(sum.count), sum.count});
    }
    return out;
}

} // namespace cw
