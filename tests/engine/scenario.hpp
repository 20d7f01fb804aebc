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

    void play(const Move& m) {
        INFO("move " << m.tile << " at (" << m.x << "," << m.y << ")");
        REQUIRE(state_->phase() == Phase::place_tile);
        REQUIRE(game_->tiles().at(state_->drawn_tile()).id == m.tile);
        const int rotation = m.degrees / 90;
        auto refused = state_->apply(
            Action::place_tile(Coord{static_cast<std::int16_t>(m.x), static_cast<std::int16_t>(m.y)},
                               rotation),
            &events_);
        REQUIRE_FALSE(refused);
        Action next = Action::pass();
        if (!m.on.empty()) {
            FeatureKind kind;
            REQUIRE(feature_kind_from_string(m.on, kind));
            const int seg = game_->tiles().at(id(m.tile)).segment_at(rotation, kind, m.at);
            REQUIRE(seg >= 0);
            next = Action::place_follower(seg);
        }
        refused = state_->apply(next, &events_);
        if (refused) FAIL(refused->message);
    }

    State& state() { return *state_; }
    const std::vector<Event>& events() const { return events_; }
    TileTypeId id(const std::string& name) const {
        const auto* t = TileCatalog::instance().find(name);
        REQUIRE(t);
        return t->index;
    }
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
