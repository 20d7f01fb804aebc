#pragma once
// A heavy maximum-cardinality matching for the pairings: heaviest edges first, each kept only
// while a maximum matching still fits around it (Edmonds' cardinality matching from
// Boost.Graph decides), then partners exchanged among two or three pairs, or four when one of
// them is among the lightest, while that adds weight.
//
// Not Boost's maximum_weighted_matching: Debian 12's Boost (1.81) carries its old
// implementation, which on graphs shaped like a Swiss pairing's (dense, 33 or 64 vertices)
// loops forever or crashes (boostorg/graph issues 199, 223 and 399, fixed by a rewrite after
// 1.81; docs/ratings.md, Pairing). The edges carry weights ready for it.

#include <vector>

namespace carc::competition {

struct WeightedEdge {
    int a = 0;
    int b = 0;
    long weight = 0;
};

// How a matching was found, for tests and the benchmark.
struct MatchingReport {
    int cardinality_checks = 0;  // runs of Edmonds' matching
    int exchanges = 0;           // improving exchanges of partners
};

// mate[v] is v's partner, or -1. Always of maximum cardinality; heavy, not proven heaviest.
std::vector<int> heavy_maximum_matching(int vertices, const std::vector<WeightedEdge>& edges,
                                        MatchingReport* report = nullptr);

// The cardinality of a maximum matching (Edmonds, Boost.Graph).
int maximum_cardinality(int vertices, const std::vector<WeightedEdge>& edges);

}  // namespace carc::competition
