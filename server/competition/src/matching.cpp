#include "carc/competition/matching.hpp"

#include <algorithm>
#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/max_cardinality_matching.hpp>
#include <utility>

namespace carc::competition {
namespace {

using PlainGraph = boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS>;

// Heaviest edges first (ties: earlier in the list), each kept only when a maximum matching
// still fits around it.
std::vector<int> greedy(int n, const std::vector<WeightedEdge>& edges, MatchingReport& report) {
    std::vector<WeightedEdge> sorted = edges;
    std::stable_sort(sorted.begin(), sorted.end(),
                     [](const WeightedEdge& x, const WeightedEdge& y) { return x.weight > y.weight; });
    std::vector<int> mate(static_cast<std::size_t>(n), -1);
    ++report.cardinality_checks;
    int still_needed = maximum_cardinality(n, edges);
    for (const auto& e : sorted) {
        if (still_needed == 0) break;
        if (e.a == e.b || mate[e.a] >= 0 || mate[e.b] >= 0) continue;
        std::vector<WeightedEdge> rest;
        for (const auto& f : edges) {
            const bool free = mate[f.a] < 0 && mate[f.b] < 0;
            const bool touches = f.a == e.a || f.a == e.b || f.b == e.a || f.b == e.b;
            if (free && !touches) rest.push_back(f);
        }
        ++report.cardinality_checks;
        if (maximum_cardinality(n, rest) != still_needed - 1) continue;
        mate[e.a] = e.b;
        mate[e.b] = e.a;
        --still_needed;
    }
    return mate;
}

// Edge weights as a dense matrix: the exchanges look them up millions of times.
class WeightTable {
public:
    explicit WeightTable(int n) : n_(static_cast<std::size_t>(n)), w_(n_ * n_), present_(n_ * n_, false) {}
    void add(int x, int y, long weight) {
        for (const std::size_t i : {x * n_ + y, y * n_ + x}) {
            if (!present_[i] || w_[i] < weight) w_[i] = weight;
            present_[i] = true;
        }
    }
    const long* find(int x, int y) const {
        const std::size_t i = x * n_ + y;
        return present_[i] ? &w_[i] : nullptr;
    }

private:
    std::size_t n_;
    std::vector<long> w_;
    std::vector<bool> present_;
};

const long* edge_weight(const WeightTable& weight, int x, int y) { return weight.find(x, y); }

// The heaviest re-pairing of up to eight vertices, when heavier than `now`: tries all of them
// (at most 105).
bool repair_group(std::vector<int>& mate, const std::vector<int>& group, long now,
                  const WeightTable& weight) {
    long best = now;
    std::vector<std::pair<int, int>> best_pairs;
    std::vector<std::pair<int, int>> pairs;
    std::vector<bool> used(group.size(), false);
    auto search = [&](auto&& self, long total) -> void {
        std::size_t i = 0;
        while (i < group.size() && used[i]) ++i;
        if (i == group.size()) {
            if (total > best) best = total, best_pairs = pairs;
            return;
        }
        used[i] = true;
        for (std::size_t j = i + 1; j < group.size(); ++j) {
            const long* w = used[j] ? nullptr : edge_weight(weight, group[i], group[j]);
            if (!w) continue;
            used[j] = true;
            pairs.emplace_back(group[i], group[j]);
            self(self, total + *w);
            pairs.pop_back();
            used[j] = false;
        }
        used[i] = false;
    };
    search(search, 0);
    if (best_pairs.empty()) return false;
    for (const auto& [x, y] : best_pairs) mate[x] = y, mate[y] = x;
    return true;
}

// Exchanges partners among two or three pairs, and among four when one of them is among the
// lightest pairs (where a better pairing hides), while that adds weight. Each exchange adds
// weight, so it ends.
constexpr std::size_t kLightPairs = 8;

void exchange_partners(std::vector<int>& mate, const WeightTable& weight, MatchingReport& report) {
    const int n = static_cast<int>(mate.size());
    auto pair_weight = [&](int x) { return *edge_weight(weight, x, mate[x]); };
    auto try_group = [&](const std::vector<int>& firsts) {
        std::vector<int> group;
        long now = 0;
        for (const int f : firsts) group.push_back(f), group.push_back(mate[f]), now += pair_weight(f);
        return repair_group(mate, group, now, weight);
    };
    for (bool improved = true; improved;) {
        improved = false;
        std::vector<int> firsts;  // one vertex of each matched pair, lightest pairs first
        for (int v = 0; v < n; ++v) {
            if (mate[v] > v) firsts.push_back(v);
        }
        std::stable_sort(firsts.begin(), firsts.end(),
                         [&](int x, int y) { return pair_weight(x) < pair_weight(y); });
        const std::size_t k = firsts.size();
        for (std::size_t i = 0; i < k && !improved; ++i) {
            for (std::size_t j = i + 1; j < k && !improved; ++j) {
                improved = try_group({firsts[i], firsts[j]});
                for (std::size_t l = j + 1; l < k && !improved; ++l) {
                    improved = try_group({firsts[i], firsts[j], firsts[l]});
                    for (std::size_t m = l + 1; i < kLightPairs && m < k && !improved; ++m) {
                        improved = try_group({firsts[i], firsts[j], firsts[l], firsts[m]});
                    }
                }
            }
        }
        if (improved) ++report.exchanges;
    }
}

}  // namespace

int maximum_cardinality(int vertices, const std::vector<WeightedEdge>& edges) {
    PlainGraph g(static_cast<std::size_t>(vertices));
    for (const auto& e : edges) {
        if (e.a != e.b) boost::add_edge(static_cast<std::size_t>(e.a), static_cast<std::size_t>(e.b), g);
    }
    std::vector<std::size_t> mates(static_cast<std::size_t>(vertices));
    boost::edmonds_maximum_cardinality_matching(g, mates.data());
    const auto matched = std::count_if(mates.begin(), mates.end(),
                                       [&](std::size_t m) { return m < mates.size(); });
    return static_cast<int>(matched / 2);
}

std::vector<int> heavy_maximum_matching(int vertices, const std::vector<WeightedEdge>& edges,
                                        MatchingReport* report) {
    MatchingReport local;
    MatchingReport& r = report ? *report : local;
    r = {};
    if (vertices <= 0) return {};
    WeightTable weight(vertices);
    for (const auto& e : edges) {
        if (e.a != e.b) weight.add(e.a, e.b, e.weight);
    }
    std::vector<int> mate = greedy(vertices, edges, r);
    exchange_partners(mate, weight, r);
    return mate;
}

}  // namespace carc::competition
