#pragma once
// Builds concrete boards for rules tests through the engine's public API: players move in
// turn from player 0, each move lays a tile and then places a follower or passes.

#include <catch2/catch.hpp>
#include <memory>
#include <string>
#include <vector>

#include "carc/game.hpp"
#include "carc/state.hpp"

namespace carc::test {

struct Move {
    Move(std::string tile_id, int x_, int y_, int degrees_ = 0, std::string on_ = "",
         std::string at_ = "")
        : tile(std::move(tile_id)), x(x_), y(y_), degrees(degrees_), on(std::move(on_)),
          at(std::move(at_)) {}
    std::string tile;
    int x = 0;
    int y = 0;
    int degrees = 0;
    std::string on;  // "" = no follower; "road", "city", "field", "cloister"
    std::string at;  // "N", "NL", ... as in docs/scripts.md
};

// The catalogue index of a tile id ("B-D"); fails the test for an unknown id.
inline TileTypeId tile_id(const std::string& name) {
    const auto* t = TileCatalog::instance().find(name);
    INFO(name);
    REQUIRE(t);
    return t->index;
}

// Plays one move for the player whose turn it is: lays the tile, then places the follower (or
// passes). Fails the test when the engine refuses either step; later decisions stay open.
inline void play_move(const Game& game, State& state, const Move& m, std::vector<Event>& events) {
    INFO("move " << m.tile << " at (" << m.x << "," << m.y << ")");
    REQUIRE(state.phase() == Phase::place_tile);
    REQUIRE(game.tiles().at(state.drawn_tile()).id == m.tile);
    const int rotation = m.degrees / 90;
    const Coord at{static_cast<std::int16_t>(m.x), static_cast<std::int16_t>(m.y)};
    auto refused = state.apply(Action::place_tile(at, rotation), &events);
    if (refused) FAIL(refused->message);
    Action next = Action::pass();
    if (!m.on.empty()) {
        FeatureKind kind;
        REQUIRE(feature_kind_from_string(m.on, kind));
        const int seg = game.tiles().at(tile_id(m.tile)).segment_at(rotation, kind, m.at);
        REQUIRE(seg >= 0);
        next = Action::place_follower(seg);
    }
    refused = state.apply(next, &events);
    if (refused) FAIL(refused->message);
}

class Scenario {
public:
    // `rest` are tiles left in the pile after the moves, so the game does not end with them.
    explicit Scenario(int players, const std::vector<Move>& moves,
                   const std::vector<std::string>& rest = {"B-B"}, GameConfig config = {}) {
        config.players = players;
        std::string error;
        game_ = Game::create(config, &error);
        REQUIRE(game_);
        std::vector<TileTypeId> order;
        for (const auto& m : moves) order.push_back(id(m.tile));
        for (const auto& name : rest) order.push_back(id(name));
        state_ = std::make_unique<State>(State::start_with_order(*game_, order));
        for (const auto& m : moves) play(m);
    }

    void play(const Move& m) { play_move(*game_, *state_, m, events_); }

    State& state() { return *state_; }
    const std::vector<Event>& events() const { return events_; }
    TileTypeId id(const std::string& name) const { return tile_id(name); }
    // The scoring events, in order.
    std::vector<Event> scorings(bool final) const {
        std::vector<Event> out;
        for (const auto& e : events_)
            if (e.type == EventType::feature_scored && e.final == final) out.push_back(e);
        return out;
    }

private:
    std::shared_ptr<const Game> game_;
    std::unique_ptr<State> state_;
    std::vector<Event> events_;
};

}  // namespace carc::test
