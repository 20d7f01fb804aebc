#pragma once
// A table for the City of Carcassonne's rules tests: a game with the Count (and optionally The
// Tower) whose tiles come in a fixed order, driven one decision at a time through the public
// API. The City's cells lie at x -2..1, y -1..1 (CO-7 at (0,0)); its rim:
//   north: F F F R (road stub at (1,-1) N)    east: F F C (city at (1,1) E)
//   south: C F R F from west (city at (-2,1) S, road stub at (0,1) S)   west: R F F from north
#include <algorithm>
#include <catch2/catch.hpp>
#include <memory>
#include <string>
#include <vector>

#include "carc/game.hpp"
#include "carc/state.hpp"
#include "city_rules.hpp"

namespace carc::test {

class CityTable {
public:
    // `order` is the whole draw order; `spares` more tiles keep the game from ending early.
    CityTable(int players, const std::vector<std::string>& order, GameConfig config = {},
              int spares = 1) {
        config.players = players;
        config.expansions.count = true;
        std::string error;
        game_ = Game::create(config, &error);
        INFO(error);
        REQUIRE(game_);
        std::vector<TileTypeId> tiles;
        for (const auto& name : order) tiles.push_back(id(name));
        for (int i = 0; i < spares; ++i) tiles.push_back(id("B-B"));
        state_ = std::make_unique<State>(State::start_with_order(*game_, tiles));
    }

    // ---- decisions (each must be listed and accepted) ------------------------------------
    void lay(const std::string& tile, int x, int y, int degrees = 0) {
        INFO("lay " << tile << " at (" << x << "," << y << ")");
        REQUIRE(state_->phase() == Phase::place_tile);
        REQUIRE(game_->tiles().at(state_->drawn_tile()).id == tile);
        rotation_ = degrees / 90;
        last_tile_ = tile;
        must(Action::place_tile(cell(x, y), rotation_));
    }
    void follower(const std::string& on, const std::string& at = "") {
        FeatureKind kind;
        REQUIRE(feature_kind_from_string(on, kind));
        const int seg = game_->tiles().at(id(last_tile_)).segment_at(rotation_, kind, at);
        REQUIRE(seg >= 0);
        must(Action::place_follower(seg));
    }
    void pass() { must(Action::pass()); }
    // A whole turn: lay, then a follower or pass.
    void turn(const std::string& tile, int x, int y, int degrees = 0, const std::string& on = "",
              const std::string& at = "") {
        lay(tile, x, y, degrees);
        if (on.empty()) pass();
        else follower(on, at);
    }
    void act(const Action& a) { must(a); }

    static Action quarter_action(ActionType type, Quarter q) {
        Action a;
        a.type = type;
        a.quarter = static_cast<std::uint8_t>(q);
        return a;
    }
    // The market move onto the field at half-edge `half` of the tile at (x, y).
    Action market_action(int x, int y, const std::string& half) const {
        const int index = state_->tile_at(cell(x, y));
        REQUIRE(index >= 0);
        const auto& placed = state_->tiles()[index];
        Action a;
        a.type = ActionType::market_move;
        a.at = cell(x, y);
        a.segment = static_cast<std::int8_t>(
            game_->tiles().at(placed.type).segment_at(placed.rotation, FeatureKind::field, half));
        REQUIRE(a.segment >= 0);
        return a;
    }
    static Coord cell(int x, int y) {
        return Coord{static_cast<std::int16_t>(x), static_cast<std::int16_t>(y)};
    }

    // ---- queries -------------------------------------------------------------------------
    std::optional<RuleError> attempt(const Action& a) { return state_->apply(a, &events_); }
    bool listed(const Action& a) const {
        std::vector<Action> legal;
        state_->legal_actions(legal);
        return std::find(legal.begin(), legal.end(), a) != legal.end();
    }
    int in_quarter(PlayerId p, Quarter q) const {
        int n = 0;
        for (const auto& f : state_->followers())
            n += f.spot == FollowerSpot::quarter && f.owner == p && f.quarter == static_cast<int>(q);
        return n;
    }
    int count(EventType type) const {
        int n = 0;
        for (const auto& e : events_) n += e.type == type;
        return n;
    }
    std::vector<Event> scorings(bool final) const {
        std::vector<Event> out;
        for (const auto& e : events_)
            if (e.type == EventType::feature_scored && e.final == final) out.push_back(e);
        return out;
    }
    State& state() { return *state_; }
    const Game& game() const { return *game_; }
    const std::vector<Event>& events() const { return events_; }
    TileTypeId id(const std::string& name) const {
        const auto* t = TileCatalog::instance().find(name);
        REQUIRE(t);
        return t->index;
    }

private:
    void must(const Action& a) {
        INFO(describe(a) << " in phase " << to_string(state_->phase()));
        CHECK(listed(a));  // the engine lists exactly what it accepts
        if (auto refused = state_->apply(a, &events_)) FAIL(refused->message);
    }

    std::shared_ptr<const Game> game_;
    std::unique_ptr<State> state_;
    std::vector<Event> events_;
    std::string last_tile_;
    int rotation_ = 0;
};

}  // namespace carc::test
