#pragma once
// Builds Castle positions through the public API: players move in turn from player 0 (black),
// each move lays a tile and then places a follower or passes. The board is
// engine/data/castle-board.txt (starting spaces: street 06 at (3,0), market 20 at (8,2), house
// 30 at (11,4), street 42 at (9,8), tower 62 at (5,14), street 78 at (2,9), court 94 at (0,3)).

#include <catch2/catch.hpp>
#include <memory>
#include <string>
#include <vector>

#include "carc/castle.hpp"
#include "carc/game.hpp"
#include "carc/state.hpp"
#include "castle/castle_rules.hpp"
#include "scenario.hpp"

namespace carc::test {

// A move as in scenario.hpp; `on` names a Castle kind (street, castle_tower, house, courtyard)
// and `at` an edge "N" (street) or a half-edge "NL" (areas), board orientation.
using CastleMove = Move;

class CastleGame {
public:
    // `tiles` is the whole draw order (moves first); `wall` the tokens on the 13 towers.
    explicit CastleGame(const std::vector<std::string>& tiles, std::vector<WallToken> wall = {}) {
        GameConfig config;
        config.rules = RuleSystem::castle;
        std::string error;
        game_ = Game::create(config, &error);
        INFO(error);
        REQUIRE(game_);
        std::vector<TileTypeId> order;
        for (const auto& name : tiles) order.push_back(id(name));
        wall.resize(castle_token_slots, WallToken::none);
        state_ = std::make_unique<State>(start_castle(*game_, order, wall));
    }

    // Lays the tile and places the follower; leaves any scoring decision open.
    void lay(const CastleMove& m) { play_move(*game_, *state_, m, events_); }
    void play(const std::vector<CastleMove>& moves) {
        for (const auto& m : moves) lay(m);
    }
    void apply(const Action& a) {
        auto refused = state_->apply(a, &events_);
        if (refused) FAIL(refused->message);
    }

    State& state() { return *state_; }
    const Game& game() const { return *game_; }
    const std::vector<Event>& events() const { return events_; }
    TileTypeId id(const std::string& name) const { return tile_id(name); }
    std::vector<Event> of_type(EventType type) const {
        std::vector<Event> out;
        for (const auto& e : events_)
            if (e.type == type) out.push_back(e);
        return out;
    }
    void set_score(PlayerId p, int score) { CastleRules::set_score(*state_, p, score); }
    void give_token(PlayerId p, WallToken t) { CastleRules::give_token(*state_, p, t); }

private:
    std::shared_ptr<const Game> game_;
    std::unique_ptr<State> state_;
    std::vector<Event> events_;
};

}  // namespace carc::test
