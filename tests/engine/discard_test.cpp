// An unplaceable tile is discarded and another drawn (base rule book; The Castle the same):
// random seeded games, checking every discard the engine reports against the board it saw.
#include <catch2/catch.hpp>

#include "carc/rng.hpp"
#include "carc/state.hpp"
#include "random_game.hpp"

using namespace carc;

namespace {

// Checks each tile_discarded event against the board it was discarded from.
class DiscardChecks : public playout::Hooks {
public:
    DiscardChecks(const Game& game, int g) : game_(game), g_(g) {}
    void before(const State& state, const std::vector<Action>&) override {
        left_before_ = state.tiles_left();
    }
    bool wants_events() const override { return true; }
    void after(const Action&, PlayerId, const State& state, const std::vector<Event>& events) override {
        int discarded_now = 0, drawn_now = 0;
        for (const auto& e : events) {
            if (e.type == EventType::tile_drawn) ++drawn_now;
            if (e.type != EventType::tile_discarded) continue;
            ++discarded_now;
            // The board has not changed since the discard: the tile fits nowhere on it.
            INFO("game " << g_ << ", tile " << game_.tiles().at(e.tile).id);
            CHECK_FALSE(state.board().fits_somewhere(e.tile));
            // Another tile is drawn instead (or the game ends when the pile runs out).
            CHECK((drawn_now == 0));
        }
        discards += discarded_now;
        // Discarded tiles leave the pile: nothing is drawn twice, nothing reshuffled.
        CHECK(state.tiles_left() == left_before_ - discarded_now - drawn_now);
        if (discarded_now > 0 && !state.is_over()) {
            CHECK(drawn_now == 1);
            CHECK(state.board().fits_somewhere(state.drawn_tile()));
        }
    }
    int discards = 0;

private:
    const Game& game_;
    int g_;
    int left_before_ = 0;
};

// Plays `games` random games and checks each tile_discarded event; returns how many there were.
int check_discards(const GameConfig& config, int games) {
    std::string error;
    auto game = Game::create(config, &error);
    INFO(error);
    REQUIRE(game);
    int discards = 0;
    playout::RandomPlayer player;
    for (int g = 0; g < games; ++g) {
        State state = State::start(*game, static_cast<std::uint64_t>(g));
        Rng choices(static_cast<std::uint64_t>(g) * 31 + 7);
        DiscardChecks checks(*game, g);
        const auto outcome = player.play(state, choices, &checks);
        REQUIRE_FALSE(outcome.refused);
        REQUIRE(state.is_over());
        discards += checks.discards;
    }
    return discards;
}

}  // namespace

TEST_CASE("an unplaceable tile is discarded and another drawn: base game", "[discard]") {
    GameConfig config;
    config.players = 2;
    // Discards are rare in the base game; these seeds contain several.
    CHECK(check_discards(config, 400) > 0);
}

TEST_CASE("an unplaceable tile is discarded and another drawn: The Castle", "[castle][discard]") {
    GameConfig config;
    config.rules = RuleSystem::castle;
    CHECK(check_discards(config, 200) > 0);
}
