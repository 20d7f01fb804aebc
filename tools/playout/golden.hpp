#pragma once
// Golden games (tests/engine/golden/, docs/scripts.md): seeded random games of every rule
// system, written as text with the legal actions of every step, so that a rules change that
// alters a game, a score, the hash or what is legal at any step shows up as a diff.
// golden_test.cpp compares; `carc-sim golden tests/engine/golden` rewrites them (on purpose,
// then review the diff).

#include <cstdint>
#include <string>
#include <vector>

#include "carc/action.hpp"
#include "carc/game.hpp"

namespace carc::golden {

struct GoldenGame {
    std::string name;  // the rule system and expansions
    GameConfig config;
    std::uint64_t seed = 0;
    std::string file_name() const;  // name-<players>p-seed<seed>.txt
};

const std::vector<GoldenGame>& games();

// The text of the game: a header (players, seed, final scores, hash), then one line per
// decision, "<action> | legal <count> <digest of the encoded legal list>", and before the first
// decision of each phase with at most 40 legal actions the full list as "#" lines. Empty with
// `error` set on failure.
std::string record(const GoldenGame& game, std::string* error);

// The actions of a golden text (the "#" lines and the legal digests skipped); false when a line
// does not decode.
bool parse_actions(const std::string& text, std::vector<Action>& out);

}  // namespace carc::golden
