#pragma once
// What the bot tests (search, ladder) share: a game from its configuration, and a position
// reached by seeded random moves, stopped at a tile placement.

#include <memory>
#include <string>

#include <catch2/catch.hpp>

#include "carc/game.hpp"
#include "carc/state.hpp"
#include "random_game.hpp"

namespace carc::test {

inline std::shared_ptr<const Game> make_game(GameConfig config) {
    std::string error;
    auto game = Game::create(config, &error);
    INFO(error);
    REQUIRE(game);
    return game;
}

// Stops a random game at the first tile placement after `decisions` decisions.
class stop_after final : public playout::Hooks {
public:
    explicit stop_after(int decisions) : left_(decisions) {}
    bool stop(const State& s) override { return left_ <= 0 && s.phase() == Phase::place_tile; }
    void after(const Action&, PlayerId, const State&, const std::vector<Event>&) override { --left_; }

private:
    int left_;
};

// Plays seeded random moves until `decisions` have been taken (stopping at a tile placement).
inline void advance(State& s, int decisions, std::uint64_t seed) {
    Rng rng(seed);
    stop_after hooks(decisions);
    const auto outcome = playout::play_random(s, rng, &hooks);
    INFO(outcome.refused.value_or(""));
    REQUIRE_FALSE(outcome.refused);
}

}  // namespace carc::test
