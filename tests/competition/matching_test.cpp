#include <catch2/catch.hpp>
#include <cstdint>

#include "carc/competition/matching.hpp"

using namespace carc::competition;

namespace {

long weight(const std::vector<WeightedEdge>& edges, int a, int b) {
    for (const auto& e : edges) {
        if ((e.a == a && e.b == b) || (e.a == b && e.b == a)) return e.weight;
    }
    return -1;
}

// No exchange of partners between two pairs adds weight.
bool locally_heaviest(const std::vector<int>& mate, const std::vector<WeightedEdge>& edges) {
    const int n = static_cast<int>(mate.size());
    for (int a = 0; a < n; ++a) {
        for (int c = a + 1; c < n; ++c) {
            const int b = mate[a];
            const int d = mate[c];
            if (b < 0 || d < 0 || b == c || b < a || d < c) continue;
            const long now = weight(edges, a, b) + weight(edges, c, d);
            const long ac = weight(edges, a, c), bd = weight(edges, b, d);
            const long ad = weight(edges, a, d), bc = weight(edges, b, c);
            if (ac >= 0 && bd >= 0 && ac + bd > now) return false;
            if (ad >= 0 && bc >= 0 && ad + bc > now) return false;
        }
    }
    return true;
}

}  // namespace

TEST_CASE("The matching is of maximum cardinality even when the heaviest edge must go",
          "[matching]") {
    // A path a-b-c-d: b-c is the heaviest, yet only a-b plus c-d match everyone.
    const std::vector<WeightedEdge> path{{0, 1, 5}, {1, 2, 9}, {2, 3, 5}};
    const std::vector<int> mate = heavy_maximum_matching(4, path);
    CHECK(mate == std::vector<int>{1, 0, 3, 2});
}

TEST_CASE("The matching is valid, of maximum cardinality, and no two pairs trade up",
          "[matching]") {
    std::uint64_t state = 12345;
    auto next = [&] { return (state = state * 6364136223846793005ull + 1442695040888963407ull) >> 33; };
    for (int g = 0; g < 200; ++g) {
        const int n = 6 + static_cast<int>(next() % 30);
        std::vector<WeightedEdge> edges;
        for (int a = 0; a < n; ++a) {
            for (int b = a + 1; b < n; ++b) {
                if (next() % 3 != 0) edges.push_back({a, b, 1 + static_cast<long>(next() % 20)});
            }
        }
        const std::vector<int> mate = heavy_maximum_matching(n, edges);
        int matched = 0;
        for (int v = 0; v < n; ++v) {
            if (mate[v] < 0) continue;
            CHECK(mate[mate[v]] == v);
            CHECK(weight(edges, v, mate[v]) > 0);
            ++matched;
        }
        CHECK(matched / 2 == maximum_cardinality(n, edges));
        CHECK(locally_heaviest(mate, edges));
    }
}
