#pragma once
// Latency samples and what carc-load prints about them.

#include <algorithm>
#include <cmath>
#include <vector>

#include <nlohmann/json.hpp>

namespace carc::load {

// Milliseconds at percentile `p` (0..100) of `samples` (reordered); 0 without samples.
inline double percentile(std::vector<double>& samples, double p) {
    if (samples.empty()) return 0;
    const auto rank = static_cast<std::size_t>(
        std::min<double>(static_cast<double>(samples.size() - 1),
                         std::ceil(p / 100.0 * static_cast<double>(samples.size())) - 1));
    std::nth_element(samples.begin(), samples.begin() + static_cast<std::ptrdiff_t>(rank), samples.end());
    return samples[rank];
}

// {"p50": .., "p99": .., "max": .., "n": ..} rounded to microseconds.
inline nlohmann::json summary(std::vector<double> samples) {
    const auto round3 = [](double ms) { return std::round(ms * 1000.0) / 1000.0; };
    const double max = samples.empty() ? 0 : *std::max_element(samples.begin(), samples.end());
    return {{"p50", round3(percentile(samples, 50))},
            {"p99", round3(percentile(samples, 99))},
            {"max", round3(max)},
            {"n", samples.size()}};
}

}  // namespace carc::load
